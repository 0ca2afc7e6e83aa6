import { afterEach, describe, expect, it } from 'vitest';
import {
  AFFILIATE_COOKIE,
  clearStoredReferrals,
  PROMO_REFERRAL_KEY,
  readReferralSources,
  referralCode,
} from './referral';

const promo = (promo_id: unknown) => JSON.stringify({ promo_id, event_id: 'e1', timestamp: 1 });

describe('referralCode (spec §2: auto-filled from an affiliate link or stored promo)', () => {
  it('prefers ?ref=, then the stored promo referral, then the affiliate cookie', () => {
    const cookie = `theme=x; ${AFFILIATE_COOKIE}=AFF-9`;
    expect(referralCode({ refParam: ' LINK-1 ', promoReferral: promo('PROMO-2'), cookie })).toBe(
      'LINK-1',
    );
    expect(referralCode({ refParam: null, promoReferral: promo('PROMO-2'), cookie })).toBe(
      'PROMO-2',
    );
    expect(referralCode({ refParam: '', promoReferral: null, cookie })).toBe('AFF-9');
    expect(referralCode({ refParam: null, promoReferral: null, cookie: '' })).toBe('');
  });

  it('ignores a stored promo that is not the expected JSON', () => {
    const cookie = `${AFFILIATE_COOKIE}=AFF%2D9`;
    expect(referralCode({ refParam: null, promoReferral: '{oops', cookie })).toBe('AFF-9');
    expect(referralCode({ refParam: null, promoReferral: '"text"', cookie })).toBe('AFF-9');
    expect(referralCode({ refParam: null, promoReferral: promo({}), cookie })).toBe('AFF-9');
    expect(referralCode({ refParam: null, promoReferral: promo(42), cookie: '' })).toBe('42');
  });
});

describe('stored referrals in the browser', () => {
  afterEach(() => {
    sessionStorage.clear();
    document.cookie = `${AFFILIATE_COOKIE}=; Max-Age=0; path=/`;
  });

  it('reads ?ref=, sessionStorage and the cookie, and clears both stores after sign-up', () => {
    sessionStorage.setItem(PROMO_REFERRAL_KEY, promo('PROMO-7'));
    document.cookie = `${AFFILIATE_COOKIE}=AFF-3; path=/`;
    const sources = readReferralSources('?tab=signup&ref=R-1');
    expect(sources.refParam).toBe('R-1');
    expect(referralCode({ ...sources, refParam: null })).toBe('PROMO-7');

    clearStoredReferrals();
    expect(sessionStorage.getItem(PROMO_REFERRAL_KEY)).toBeNull();
    expect(document.cookie).not.toContain('AFF-3');
    expect(referralCode(readReferralSources(''))).toBe('');
  });
});
