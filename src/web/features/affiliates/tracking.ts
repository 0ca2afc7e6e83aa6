import { PROMO_REFERRAL_KEY } from '../auth';

// spec §3 affiliate tracking in the browser: the session id lives in sessionStorage, the promo
// referral too ({ promo_id, event_id, timestamp }); the server keeps the signed cookie it trusts.

const SESSION_KEY = 'affiliate_session_id';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // blocked storage (private modes): nothing is kept
  }
}

/** This browser session's id (made on first use), so repeated clicks count once. */
export function affiliateSessionId(): string {
  const store = storage();
  const existing = store?.getItem(SESSION_KEY);
  if (existing) return existing;
  const id = crypto.randomUUID();
  store?.setItem(SESSION_KEY, id);
  return id;
}

export function storePromoReferral(promoId: string, eventId: string | null): void {
  storage()?.setItem(
    PROMO_REFERRAL_KEY,
    JSON.stringify({ promo_id: promoId, event_id: eventId, timestamp: Date.now() }),
  );
}

/**
 * spec §7 record-affiliate-sale, after an order is created: the server decides from its signed
 * cookie whether a link earns it. Never blocks the checkout: failures are ignored.
 */
export async function reportAffiliateSale(orderId: string): Promise<void> {
  // Asked on every order: the link's proof is an HttpOnly cookie the page cannot see, and
  // sign-up clears the readable codes (§4) while the purchase may come after it.
  try {
    const response = await fetch('/api/affiliates/sales', {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId }),
    });
    // spec §4: a conversion clears the stored referral.
    if (response.ok && ((await response.json()) as { attributed?: boolean }).attributed)
      storage()?.removeItem(PROMO_REFERRAL_KEY);
  } catch {
    // The sale stands without its referral; nothing to tell the buyer.
  }
}
