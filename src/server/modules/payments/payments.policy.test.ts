import { describe, expect, it } from 'vitest';
import { PAYMENT_SUCCESS_WINDOW_MS } from '../../../contracts/limits';
import type { OrderStatus } from '../../../contracts/tickets';
import { mayPayAgain, paymentReturnNotice, vendorFeeMatches } from './payments.policy';

describe('paying a pending order again', () => {
  const order = (status: OrderStatus, session = true) => ({
    status,
    checkoutUrl: session ? 'https://pay.example/s_1' : null,
    paymentSessionId: session ? 's_1' : null,
  });

  it.each([
    ['pending with its session', order('pending'), true],
    ['pending without a session', order('pending', false), false],
    ['paid', order('paid'), false],
    ['expired', order('expired'), false],
    ['cancelled', order('cancelled'), false],
    ['refunded', order('refunded'), false],
  ] as const)('%s: %s', (_case, row, expected) => {
    expect(mayPayAgain(row)).toBe(expected);
  });
});

describe('the notice on the return from checkout (spec §4)', () => {
  const now = 1_000_000_000;
  const fresh = { now, storedAt: now - 1_000, orderCreatedAt: now - 60_000 };

  it.each([
    ['paid, in the window', { ...fresh, status: 'paid' }, 'payment_success'],
    ['still settling, in the window', { ...fresh, status: 'pending' }, 'payment_processing'],
    ['expired order', { ...fresh, status: 'expired' }, null],
    ['refunded order', { ...fresh, status: 'refunded' }, null],
    [
      'an old browser record',
      { ...fresh, status: 'paid', storedAt: now - PAYMENT_SUCCESS_WINDOW_MS },
      null,
    ],
    [
      'an old order',
      { ...fresh, status: 'paid', orderCreatedAt: now - PAYMENT_SUCCESS_WINDOW_MS },
      null,
    ],
    [
      'just inside the window',
      { ...fresh, status: 'paid', storedAt: now - PAYMENT_SUCCESS_WINDOW_MS + 1 },
      'payment_success',
    ],
  ] as const)('%s: %s', (_case, facts, expected) => {
    expect(paymentReturnNotice(facts)).toBe(expected);
  });
});

describe('a vendor pays exactly the event fee', () => {
  it.each([
    ["the event's fee", { fee: 25.5, metadata: {}, currency: 'USD' }, 2550, true],
    ['less than the fee', { fee: 25.5, metadata: {}, currency: 'USD' }, 2549, false],
    ['more than the fee', { fee: 25.5, metadata: {}, currency: 'USD' }, 2551, false],
    [
      "the requirements' fee when the event has none",
      { fee: null, metadata: { vendor_requirements: { vendorFee: 40 } }, currency: 'USD' },
      4000,
      true,
    ],
    [
      "the event's fee over the requirements'",
      { fee: 10, metadata: { vendor_requirements: { vendorFee: 40 } }, currency: 'USD' },
      4000,
      false,
    ],
    ['nothing for an event without a fee', { fee: null, metadata: {}, currency: 'USD' }, 0, false],
    ['a fee of zero', { fee: 0, metadata: {}, currency: 'USD' }, 0, false],
    ['a fee in yen, in whole yen', { fee: 4500, metadata: {}, currency: 'JPY' }, 4500, true],
    ['a fee in yen sent as cents', { fee: 4500, metadata: {}, currency: 'JPY' }, 450000, false],
  ] as const)('%s', (_case, event, amount, expected) => {
    expect(vendorFeeMatches(event, amount)).toBe(expected);
  });
});
