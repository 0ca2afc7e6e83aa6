import type { AnswerRow } from '../../../contracts/questions';
import type { Order } from '../../../contracts/tickets';
import { saveOrderAnswers } from '../questions/questions.service';
import { cancelPendingOrder } from './holds.queries';
import type { OrderDeps } from './order-deps';
import { commitWithoutWaitingForFlush } from './orders.queries';

export { saveOrderAnswers };

/**
 * Stores a retried checkout's answers on the pending order it returns (a new hold writes its
 * answers in its own statement: the batched hold function or the general path's transaction).
 * Should they fail to be written, the hold is given back: no order waits for payment without
 * the answers its buyer gave. Like the hold, they are soft state until paid: committed without
 * waiting for the WAL flush (the payment's fulfilment commits durably).
 */
export async function keepOrderAnswers(
  deps: Pick<OrderDeps, 'db'>,
  order: Order,
  rows: AnswerRow[],
  now: Date,
): Promise<Order> {
  if (!rows.length || order.status !== 'pending') return order;
  try {
    await deps.db.transaction(async (tx) => {
      await commitWithoutWaitingForFlush(tx);
      await saveOrderAnswers(tx, { orderId: order.id, rows, now });
    });
  } catch (error) {
    await cancelPendingOrder(deps.db, order.id, now);
    throw error;
  }
  return order;
}
