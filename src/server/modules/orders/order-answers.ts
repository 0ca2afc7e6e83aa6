import type { AnswerRow } from '../../../contracts/questions';
import type { Order } from '../../../contracts/tickets';
import { saveOrderAnswers } from '../questions/questions.service';
import { cancelPendingOrder } from './holds.queries';
import type { OrderDeps } from './order-deps';
import { commitWithoutWaitingForFlush } from './orders.queries';

export { saveOrderAnswers };

/**
 * Stores a held order's answers after its one-statement hold (or a retried checkout's new
 * answers on the order it returns), so the quick hold stays one round trip and the answers are
 * one more statement. Should they fail to be written, the hold is given back: no order waits
 * for payment without the answers its buyer gave. Like the hold, they are soft state until paid:
 * committed without waiting for the WAL flush (a crash can lose only a just-made hold with its
 * answers; the payment's fulfilment commits durably).
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
