// spec §3 "Affiliate tracking": an affiliate id in a cookie, a promo referral in sessionStorage.
// The sign-up form fills its referral code from these, and clears them once the account exists.

export const PROMO_REFERRAL_KEY = 'promo_referral';
export const AFFILIATE_COOKIE = 'affiliate_id';

export interface ReferralSources {
  /** `?ref=` on /auth: an affiliate link that points straight at sign-up. */
  refParam: string | null;
  /** sessionStorage `promo_referral`: JSON `{ promo_id, event_id, timestamp }`. */
  promoReferral: string | null;
  /** document.cookie, for `affiliate_id`. */
  cookie: string;
}

function readCookie(cookie: string, name: string): string | null {
  for (const part of cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const value = rest.join('=');
      try {
        return decodeURIComponent(value) || null;
      } catch {
        return value || null;
      }
    }
  }
  return null;
}

/** The promo id of a stored promo referral, or null when missing or not the expected JSON. */
function promoId(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const id = (value as { promo_id?: unknown }).promo_id;
    return typeof id === 'string' || typeof id === 'number' ? String(id).trim() || null : null;
  } catch {
    return null;
  }
}

/** The code to pre-fill: the link's `?ref=` first, then the stored promo, then the affiliate cookie. */
export function referralCode(sources: ReferralSources): string {
  const ref = sources.refParam?.trim();
  return (
    (ref || promoId(sources.promoReferral) || readCookie(sources.cookie, AFFILIATE_COOKIE)) ?? ''
  );
}

export function readReferralSources(search: string): ReferralSources {
  let promoReferral: string | null = null;
  try {
    promoReferral = window.sessionStorage.getItem(PROMO_REFERRAL_KEY);
  } catch {
    // Storage can be blocked (private modes); there is simply nothing stored then.
  }
  return {
    refParam: new URLSearchParams(search).get('ref'),
    promoReferral,
    cookie: document.cookie,
  };
}

/** spec §4 sign-up: stored promo and affiliate referral codes are cleared after success. */
export function clearStoredReferrals(): void {
  try {
    window.sessionStorage.removeItem(PROMO_REFERRAL_KEY);
  } catch {
    // nothing stored when storage is blocked
  }
  document.cookie = `${AFFILIATE_COOKIE}=; Max-Age=0; path=/; SameSite=Lax`;
}
