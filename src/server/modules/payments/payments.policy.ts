import { PAYMENT_SUCCESS_WINDOW_MS } from '../../../contracts/limits';
import type { OrderStatus } from '../../../contracts/tickets';
import { vendorFeeCents } from '../../../contracts/vendors';

// Who may pay what, and who hears that a payment went through. A payment session and a pending
// order are the buyer's alone: that part is owner scoping in the query (`orders.user_id = $user`
// in createCheckout and findOwnSession), so another person's session id is "not found".

/**
 * A pending order may be paid again (its checkout page reopened) only while it is pending and
 * still has its provider session.
 */
export const mayPayAgain = (order: {
  status: OrderStatus;
  checkoutUrl: string | null;
  paymentSessionId: string | null;
}) => order.status === 'pending' && Boolean(order.checkoutUrl) && Boolean(order.paymentSessionId);

/**
 * spec §4: back from checkout, the buyer hears once, and only inside the 10-minute window (of
 * both the browser's record and the order), `payment_success` for a paid order and
 * `payment_processing` for one still settling; nothing otherwise (an old tab, a replayed record,
 * a failed or refunded order).
 */
export function paymentReturnNotice(facts: {
  status: OrderStatus;
  now: number;
  storedAt: number;
  orderCreatedAt: number;
}): 'payment_success' | 'payment_processing' | null {
  const inWindow =
    facts.now - facts.storedAt < PAYMENT_SUCCESS_WINDOW_MS &&
    facts.now - facts.orderCreatedAt < PAYMENT_SUCCESS_WINDOW_MS;
  if (!inWindow) return null;
  if (facts.status === 'paid') return 'payment_success';
  if (facts.status === 'pending') return 'payment_processing';
  return null;
}

/**
 * spec §4: a vendor pays the event's fee, exactly: `vendor_fee_amount`, else the fee in its
 * vendor requirements. A crafted request cannot pay less (or anything for an event with no fee).
 */
export function vendorFeeMatches(
  event: { fee: number | null; currency: string; metadata: Record<string, unknown> },
  amountCents: number,
): boolean {
  const cents = vendorFeeCents({
    vendorFeeAmount: event.fee,
    metadata: event.metadata,
    currency: event.currency,
  });
  return cents === amountCents && amountCents > 0;
}
