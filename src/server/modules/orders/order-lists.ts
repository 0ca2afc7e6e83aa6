import type { OrderStatus } from '../../../contracts/tickets';
import type { DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { OrderDeps } from './order-deps';
import {
  findOrderLineRevenue,
  findOrderPayments,
  listOrders,
  listOrdersOfBuyer,
} from './orders.queries';

// Lists of orders for the admin console and the buyer, and payment snapshots for modules that act
// on payment (affiliates).

/** Every order, newest first, optionally by status (the admin orders API). */
export async function listAllOrders(
  deps: Pick<OrderDeps, 'db'>,
  params: { status?: OrderStatus; limit: number },
) {
  return listOrders(deps.db, params);
}

export async function listMyOrders(deps: Pick<OrderDeps, 'db'>, params: { actor: AuthUser }) {
  return listOrdersOfBuyer(deps.db, { userId: params.actor.id });
}

/** A paid-or-not snapshot of orders and their lines, for modules that act on payment (affiliates). */
export interface OrderPaymentState {
  id: string;
  userId: string;
  status: OrderStatus;
  totalCents: number;
  refundedCents: number;
  paidAt: Date | null;
  lines: { eventId: string; quantity: number; revenueCents: number }[];
}

export async function getOrderPaymentStates(
  db: DbExecutor,
  ids: string[],
): Promise<Map<string, OrderPaymentState>> {
  const result = new Map<string, OrderPaymentState>();
  if (!ids.length) return result;
  const rows = await findOrderPayments(db, { ids });
  for (const row of rows) result.set(row.id, { ...row, lines: [] });
  const lines = await findOrderLineRevenue(db, { ids });
  for (const line of lines) result.get(line.orderId)?.lines.push(line);
  return result;
}
