import { msg } from '@lingui/core/macro';
import type { z } from 'zod';
import { TICKET_MESSAGES, type CreateCheckoutInputSchema } from '../../../contracts/tickets';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { createNotifications, moneyIn } from '../notifications/notifications.service';
import { openCheckout, returnUrls } from '../orders/checkout-session';
import { cancelPendingOrder, expireHolds } from '../orders/holds.queries';
import type { OrderDeps } from '../orders/orders.service';
import {
  findEventForVendorFee,
  findFirstLineEventId,
  findOwnOrder,
  findOwnOrderBySession,
  insertVendorFeeOrder,
} from './payments.queries';
import { mayPayAgain, paymentReturnNotice, vendorFeeMatches } from './payments.policy';
import { must } from '../../platform/must';
import { applyPlatformTax } from '../taxes/taxes.service';

type CheckoutInput = z.output<typeof CreateCheckoutInputSchema>;

/** A plan's checkout, registered by the subscriptions module's manifest (decision 027). */
export type PlanCheckoutHook = (
  deps: OrderDeps,
  params: { actor: Pick<AuthUser, 'id' | 'email'>; planId: string },
) => Promise<{ url: string; sessionId: string }>;

/** How long a vendor-fee checkout stays payable (no stock is held for it). */
const FEE_CHECKOUT_HOURS = 24;

/**
 * spec §7 create-checkout: pay a pending ticket order again, or start a vendor-fee checkout (the
 * amount must match the event's fee, so a crafted request cannot pay less). Plans check out
 * through the subscriptions module's hook.
 */
export async function createCheckout(
  deps: OrderDeps & { planCheckout?: PlanCheckoutHook },
  params: { actor: Pick<AuthUser, 'id' | 'email'>; input: CheckoutInput },
): Promise<{ url: string; sessionId: string }> {
  const { input, actor } = params;
  if ('orderId' in input) {
    await expireHolds(deps.db, deps.clock.now(), { orderId: input.orderId });
    const order = await findOwnOrder(deps.db, { orderId: input.orderId, userId: actor.id });
    if (!order) throw new AppError('NOT_FOUND', msg`Order not found`);
    if (!mayPayAgain(order) || !order.checkoutUrl || !order.paymentSessionId)
      throw new AppError('CONFLICT', TICKET_MESSAGES.orderNotPending);
    return { url: order.checkoutUrl, sessionId: order.paymentSessionId };
  }
  if ('planId' in input) {
    if (!deps.planCheckout) throw new AppError('NOT_FOUND', msg`Plan not found`);
    return deps.planCheckout(deps, { actor, planId: input.planId });
  }
  return vendorFeeCheckout(deps, {
    actor,
    eventId: input.eventId,
    amountCents: input.vendorFeeAmount,
  });
}

async function vendorFeeCheckout(
  deps: OrderDeps,
  params: { actor: Pick<AuthUser, 'id' | 'email'>; eventId: string; amountCents: number },
) {
  const event = await findEventForVendorFee(deps.db, { eventId: params.eventId });
  if (!event) throw new AppError('NOT_FOUND', msg`Event not found`);
  if (!vendorFeeMatches(event, params.amountCents))
    throw new AppError('VALIDATION_FAILED', msg`The vendor fee does not match this event`, {
      fields: [
        { field: 'body.vendorFeeAmount', message: 'The vendor fee does not match this event' },
      ],
    });
  const now = deps.clock.now();
  const inserted = await insertVendorFeeOrder(deps.db, {
    userId: params.actor.id,
    eventId: event.id,
    amountCents: params.amountCents,
    currency: event.currency,
    reservedUntil: new Date(now.getTime() + FEE_CHECKOUT_HOURS * 3600_000),
    now,
  });
  const order = must(inserted, 'vendor fee order');
  // The platform's tax on its own fee, inside the price (decision 081).
  await applyPlatformTax(deps.db, order.id);
  try {
    const session = await openCheckout(deps, {
      orderId: order.id,
      currency: event.currency,
      amountCents: params.amountCents,
      description: `Vendor fee · ${event.title}`,
      lines: [
        { label: `Vendor fee · ${event.title}`, unitAmountCents: params.amountCents, quantity: 1 },
      ],
      customerEmail: params.actor.email,
      ...returnUrls(deps.config.PUBLIC_URL, event.id),
      holdUntil: must(order.reservedUntil, 'fee window'),
    });
    return { url: session.checkoutUrl, sessionId: session.paymentSessionId };
  } catch {
    await cancelPendingOrder(deps.db, order.id, deps.clock.now());
    throw new AppError('SERVICE_UNAVAILABLE', TICKET_MESSAGES.checkoutFailed);
  }
}

async function findOwnSession(
  deps: Pick<OrderDeps, 'db'>,
  params: { actor: AuthUser; sessionId: string },
) {
  const order = await findOwnOrderBySession(deps.db, {
    sessionId: params.sessionId,
    userId: params.actor.id,
  });
  if (!order) throw new AppError('NOT_FOUND', msg`Payment not found`);
  const lineEventId = await findFirstLineEventId(deps.db, { orderId: order.id });
  return { order, eventId: order.eventId ?? lineEventId ?? null };
}

const presentSession = (
  found: Awaited<ReturnType<typeof findOwnSession>>,
  sessionId: string,
  notified: boolean,
) => ({
  sessionId,
  orderId: found.order.id,
  status: found.order.status,
  amountCents: found.order.totalCents,
  currency: found.order.currency as 'USD',
  eventId: found.eventId,
  notified,
});

export async function getPaymentSession(
  deps: Pick<OrderDeps, 'db'>,
  params: { actor: AuthUser; sessionId: string },
) {
  return presentSession(await findOwnSession(deps, params), params.sessionId, false);
}

/**
 * The return from checkout (spec §4): the browser sends its pending record; a payment_success
 * notification is created once, only for the buyer's own paid session inside the 10-minute
 * window. A payment still settling gets payment_processing instead.
 */
export async function recordPaymentReturn(
  deps: Pick<OrderDeps, 'db' | 'clock'>,
  params: { actor: AuthUser; sessionId: string; storedAt: number },
) {
  const found = await findOwnSession(deps, params);
  const { order } = found;
  const notice = paymentReturnNotice({
    status: order.status,
    now: deps.clock.now().getTime(),
    storedAt: params.storedAt,
    orderCreatedAt: order.createdAt.getTime(),
  });
  if (!notice) return presentSession(found, params.sessionId, false);
  const paid = notice === 'payment_success';
  const created = await createNotifications(deps.db, [
    {
      userId: params.actor.id,
      type: paid ? 'payment_success' : 'payment_processing',
      title: paid ? msg`Payment Successful!` : msg`Payment processing`,
      message: paid
        ? (locale) => {
            const amount = moneyIn(locale, order.totalCents, order.currency);
            return msg`We received your payment of ${amount}. Check your email for the confirmation.`;
          }
        : msg`Your payment is being processed. We will let you know when it is confirmed.`,
      relatedId: order.id,
      relatedType: 'payments',
      metadata: {
        session_id: params.sessionId,
        amount_cents: order.totalCents,
        event_id: found.eventId,
      },
      dedupeKey: `payment-return:${params.sessionId}:${order.status}`,
      createdAt: deps.clock.now(),
    },
  ]);
  return presentSession(found, params.sessionId, paid && created > 0);
}

// Other modules sell through these (docs/architecture.md "How to add a module").
export { openProductCheckout, recordProviderCharges, refundProductOrder } from './product-checkout';
