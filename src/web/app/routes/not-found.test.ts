import { describe, expect, it } from 'vitest';
import { isPaymentPath, shouldGoBack } from './not-found';

const origin = 'https://mea.events';

describe('Go Back (spec §2)', () => {
  it('goes back when the referrer is this site', () => {
    expect(
      shouldGoBack({ referrer: `${origin}/events`, origin, historyLength: 3, routerIndex: 0 }),
    ).toBe(true);
  });

  it('goes home when there is no referrer', () => {
    expect(shouldGoBack({ referrer: '', origin, historyLength: 3, routerIndex: 0 })).toBe(false);
  });

  it('goes home when the referrer is another site', () => {
    expect(
      shouldGoBack({
        referrer: 'https://search.example/?q=mea',
        origin,
        historyLength: 3,
        routerIndex: 0,
      }),
    ).toBe(false);
    // Same host, other port or scheme: another origin.
    expect(
      shouldGoBack({
        referrer: 'http://mea.events/events',
        origin,
        historyLength: 3,
        routerIndex: 0,
      }),
    ).toBe(false);
  });

  it('goes home when this tab has nothing to go back to', () => {
    expect(
      shouldGoBack({ referrer: `${origin}/events`, origin, historyLength: 1, routerIndex: 0 }),
    ).toBe(false);
  });

  it('goes back after an in-app navigation, which leaves document.referrer unchanged', () => {
    expect(shouldGoBack({ referrer: '', origin, historyLength: 2, routerIndex: 1 })).toBe(true);
  });

  it('ignores a malformed referrer', () => {
    expect(shouldGoBack({ referrer: 'not a url', origin, historyLength: 2, routerIndex: 0 })).toBe(
      false,
    );
  });
});

describe('payment note (spec §2)', () => {
  it('shows on paths containing payment or checkout', () => {
    expect(isPaymentPath('/mea/checkout-foo')).toBe(true);
    expect(isPaymentPath('/payment/x')).toBe(true);
    expect(isPaymentPath('/events/vendor-payment-old')).toBe(true);
    expect(isPaymentPath('/Checkout')).toBe(true);
  });

  it('is absent elsewhere', () => {
    expect(isPaymentPath('/no-such-page')).toBe(false);
    expect(isPaymentPath('/pay')).toBe(false);
    expect(isPaymentPath('/check-out')).toBe(false);
  });
});
