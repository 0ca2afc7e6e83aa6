import { msg } from '@lingui/core/macro';
import { eq } from 'drizzle-orm';
import { orderItems, orders, ticketTypes } from '../../db/schema/tickets';
import { users } from '../../db/schema/users';
import { AppError } from '../../platform/http/errors';
import { openCheckout, returnUrls, type OrderDeps } from '../orders/orders.service';
import { WALK_IN_DOMAIN } from './box-office.queries';

/**
 * The payment provider's card form for a box-office card sale; the provider's webhook settles
 * the order like any other. At the desk the form returns to the check-in app's sale; on the
 * buyer's phone (a QR code of its URL) it returns to the payment pages, since the buyer is not
 * signed in to the app.
 */
export async function openBoxOfficeCheckout(
  deps: OrderDeps,
  params: { orderId: string; eventId: string; cardOn: 'desk' | 'phone' },
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
  const urls =
    params.cardOn === 'phone'
      ? returnUrls(deps.config.PUBLIC_URL, params.eventId)
      : { successUrl: back, cancelUrl: back };
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
    // A walk-in's address takes no mail, and Stripe would refuse it.
    customerEmail: order.email.endsWith(`@${WALK_IN_DOMAIN}`) ? undefined : order.email,
    ...urls,
    holdUntil: order.reservedUntil ?? deps.clock.now(),
  });
}
