import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonth,
  allowsAttendees,
  entitlementsFor,
  FREE_TIER,
  grants,
  isLuhnValid,
  planChange,
  prorationCents,
} from './subscriptions.policy';

const plan = {
  id: 'p',
  maxAttendees: 500,
  hasMessaging: true,
  hasChat: false,
  hasRecording: true,
  hasSharing: false,
};

describe('plan gating', () => {
  it('no subscription, or an ended one, is the free tier', () => {
    expect(entitlementsFor(null)).toEqual(FREE_TIER);
    expect(entitlementsFor({ status: 'canceled', plan })).toEqual(FREE_TIER);
  });

  it('a live subscription (past_due included, while retries run) grants its plan', () => {
    for (const status of ['active', 'trialing', 'past_due'] as const)
      expect(entitlementsFor({ status, plan }).planId).toBe('p');
  });

  it('the four flags decide their features; other names need only a subscription', () => {
    const paid = entitlementsFor({ status: 'active', plan });
    expect(grants(paid, 'messaging')).toBe(true);
    expect(grants(paid, 'chat')).toBe(false);
    expect(grants(paid, 'recording')).toBe(true);
    expect(grants(paid, 'sharing')).toBe(false);
    expect(grants(paid, 'analytics')).toBe(true);
    expect(grants(FREE_TIER, 'analytics')).toBe(false);
  });

  it('max_attendees -1 is unlimited', () => {
    const unlimited = entitlementsFor({ status: 'active', plan: { ...plan, maxAttendees: -1 } });
    expect(allowsAttendees(unlimited, 1_000_000)).toBe(true);
    expect(allowsAttendees(FREE_TIER, FREE_TIER.maxAttendees)).toBe(true);
    expect(allowsAttendees(FREE_TIER, FREE_TIER.maxAttendees + 1)).toBe(false);
  });
});

describe('proration (integer cents)', () => {
  const period = fc
    .tuple(
      fc.integer({ min: 0, max: 2_000_000_000_000 }),
      fc.integer({ min: 1, max: 40 * 24 * 3600_000 }),
    )
    .map(([start, length]) => ({ start: new Date(start), end: new Date(start + length) }));
  const price = fc.integer({ min: 0, max: 10_000_000 });

  it('is a whole number, never negative, never more than the difference', () => {
    fc.assert(
      fc.property(
        price,
        price,
        period,
        fc.double({ min: -0.5, max: 1.5, noNaN: true }),
        (a, b, p, at) => {
          const now = new Date(p.start.getTime() + at * (p.end.getTime() - p.start.getTime()));
          const cents = prorationCents({
            fromPriceCents: a,
            toPriceCents: b,
            periodStart: p.start,
            periodEnd: p.end,
            now,
          });
          expect(Number.isInteger(cents)).toBe(true);
          expect(cents).toBeGreaterThanOrEqual(0);
          expect(cents).toBeLessThanOrEqual(Math.max(b - a, 0));
        },
      ),
    );
  });

  it('upgrade then downgrade within a period charges no more than the higher plan', () => {
    fc.assert(
      fc.property(
        price,
        price,
        period,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (x, y, p, at) => {
          const [low, high] = x <= y ? [x, y] : [y, x];
          const now = new Date(p.start.getTime() + at * (p.end.getTime() - p.start.getTime()));
          const up = prorationCents({
            fromPriceCents: low,
            toPriceCents: high,
            periodStart: p.start,
            periodEnd: p.end,
            now,
          });
          const down = prorationCents({
            fromPriceCents: high,
            toPriceCents: low,
            periodStart: p.start,
            periodEnd: p.end,
            now,
          });
          expect(down).toBe(0);
          expect(low + up + down).toBeLessThanOrEqual(high);
        },
      ),
    );
  });

  it('half a period left of a $9.99 → $29.99 upgrade is $10.00', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const end = new Date('2026-01-31T00:00:00Z');
    const now = new Date('2026-01-16T00:00:00Z');
    expect(
      prorationCents({
        fromPriceCents: 999,
        toPriceCents: 2999,
        periodStart: start,
        periodEnd: end,
        now,
      }),
    ).toBe(1000);
    expect(planChange(999, 2999, false)).toBe('upgrade');
    expect(planChange(2999, 999, false)).toBe('downgrade');
    expect(planChange(999, 999, true)).toBe('same');
  });
});

describe('billing periods and cards', () => {
  it('a month later keeps the day, or the month’s last day', () => {
    expect(addMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addMonth(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe(
      '2027-01-15T00:00:00.000Z',
    );
  });

  it('checks card numbers with Luhn', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4000000000000002')).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
  });
});
