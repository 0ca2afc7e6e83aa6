import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema/tickets';
import { newLocalId } from '../../platform/payments/local';
import type { CheckoutRequest, PaymentProvider } from '../../platform/payments/provider';

/** Where the provider sends the buyer back (spec §2 result pages; the return URL's query). */
export function returnUrls(base: string, eventId?: string) {
  return {
    successUrl: `${base}/mea/payment-success?success=true&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}/mea/payment-cancelled?session_id={CHECKOUT_SESSION_ID}${eventId ? `&event_id=${eventId}` : ''}`,
  };
}

/**
 * A local-provider checkout page (`/pay/{id}`) for the hold statement to write along with the
 * order: its id alone is stored; the page draws its amount, lines, description and return URLs
 * (these of `returnUrls`) from the order when it is opened.
 */
export function localSessionFor(base: string) {
  const id = newLocalId('cs_local');
  return { id, url: `${base}/pay/${id}` };
}

/**
 * Opens the provider's checkout for a pending order and records it on the order. With the local
 * provider, like a hold, the session is soft state until payment: a crash loses the order and
 * its session together and nobody can pay either, so the commit is asynchronous. A remote
 * provider's checkout outlives a crash of ours and a buyer could pay there for an order we lost,
 * so that commit is durable, which also makes the order's asynchronously committed hold
 * durable before the buyer gets the URL (decision 012). (A remote provider's call happens
 * inside; it holds a pooled connection, not a lock.)
 */
export function openCheckout(
  deps: { db: Database; payments: PaymentProvider },
  request: CheckoutRequest,
) {
  return deps.db.transaction(async (tx) => {
    if (deps.payments.name === 'local') await tx.execute(sql`set local synchronous_commit = off`);
    const session = await deps.payments.createCheckout(request, tx);
    const values = {
      provider: deps.payments.name,
      paymentSessionId: session.id,
      checkoutUrl: session.url,
    };
    await tx.update(orders).set(values).where(eq(orders.id, request.orderId));
    return values;
  });
}
