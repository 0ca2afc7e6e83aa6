import { msg } from '@lingui/core/macro';
import { eq } from 'drizzle-orm';
import { orderItems, orders, ticketTypes } from '../../db/schema/tickets';
import { users } from '../../db/schema/users';
import { AppError } from '../../platform/http/errors';
import { openCheckout, type OrderDeps } from '../orders/orders.service';

/**
 * The payment provider's card form for a box-office card sale: the staff member (or the guest)
 * pays there, the provider's webhook settles the order like any other, and the form returns to
 * the check-in app's sale.
 */
export async function openBoxOfficeCheckout(
  deps: OrderDeps,
  params: { orderId: string; eventId: string },
) {
  const [order] = await deps.db
    .select({
      currency: orders.currency,
      totalCents: orders.totalCents,
      reservedUntil: orders.reservedUntil,
      email: users.email,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, params.orderId));
  if (!order) throw new AppError('NOT_FOUND', msg`Sale not found`);
  const lines = await deps.db
    .select({
      name: ticketTypes.name,
      quantity: orderItems.quantity,
      unit: orderItems.unitPriceCents,
    })
    .from(orderItems)
    .innerJoin(ticketTypes, eq(ticketTypes.id, orderItems.ticketTypeId))
    .where(eq(orderItems.orderId, params.orderId));
  const back = `${deps.config.PUBLIC_URL}/check-in/${params.eventId}?sale=${params.orderId}`;
  return openCheckout(deps, {
    orderId: params.orderId,
    currency: order.currency,
    amountCents: order.totalCents,
    description: lines.map((line) => `${line.quantity} × ${line.name}`).join(', '),
    lines: lines.map((line) => ({
      label: line.name,
      unitAmountCents: line.unit,
      quantity: line.quantity,
    })),
    customerEmail: order.email,
    successUrl: back,
    cancelUrl: back,
    holdUntil: order.reservedUntil ?? deps.clock.now(),
  });
}
