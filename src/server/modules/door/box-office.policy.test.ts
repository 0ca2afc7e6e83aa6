import { describe, expect, it } from 'vitest';
import {
  lineProblem,
  paidAtOnce,
  seesEveryShift,
  settlePayment,
  type SaleType,
} from './box-office.policy';

const now = new Date('2026-06-01T20:00:00Z');
const event = {
  id: 'e1',
  status: 'published',
  startsAt: new Date('2026-06-01T19:00:00Z'),
  endsAt: new Date('2026-06-01T23:00:00Z'),
};
const types = new Map<string, SaleType>([
  ['a', { id: 'a', eventId: 'e1', priceCents: 2500, kind: 'admission' }],
  ['b', { id: 'b', eventId: 'e1', priceCents: 0, kind: 'admission' }],
  ['x', { id: 'x', eventId: 'e2', priceCents: 1000, kind: 'admission' }],
]);

describe('lineProblem', () => {
  it.each([
    ['a type of this event, during the event', event, [{ ticketTypeId: 'a', quantity: 2 }], null],
    [
      'a type of another event',
      event,
      [
        { ticketTypeId: 'a', quantity: 1 },
        { ticketTypeId: 'x', quantity: 1 },
      ],
      { field: 'items.1.ticketTypeId', reason: 'not_this_event' },
    ],
    [
      'an unknown type',
      event,
      [{ ticketTypeId: 'zzz', quantity: 1 }],
      { field: 'items.0.ticketTypeId', reason: 'not_this_event' },
    ],
    [
      'an ended event',
      { ...event, endsAt: new Date('2026-06-01T19:30:00Z') },
      [{ ticketTypeId: 'a', quantity: 1 }],
      { field: 'items', reason: 'event_unavailable' },
    ],
    [
      'an ended event without an end (its start)',
      { ...event, endsAt: null },
      [{ ticketTypeId: 'a', quantity: 1 }],
      { field: 'items', reason: 'event_unavailable' },
    ],
    [
      'a cancelled event',
      { ...event, status: 'cancelled' },
      [{ ticketTypeId: 'a', quantity: 1 }],
      { field: 'items', reason: 'event_unavailable' },
    ],
  ])('%s', (_name, ev, lines, expected) => {
    expect(lineProblem(ev, lines, types, now)).toEqual(expected);
  });
});

describe('settlePayment', () => {
  it.each([
    ['cash, exact by default', 'cash', 5000, undefined, { tendered: 5000, change: 0 }],
    ['cash with change', 'cash', 5000, 6000, { tendered: 6000, change: 1000 }],
    ['cash, too little', 'cash', 5000, 4000, 'tendered_too_little'],
    ['cash, free tickets', 'cash', 0, undefined, { tendered: 0, change: 0 }],
    ['card', 'card', 5000, undefined, { tendered: null, change: null }],
    ['card with nothing to charge', 'card', 0, undefined, 'card_needs_amount'],
    ['card with cash handed over', 'card', 5000, 5000, 'tendered_not_cash'],
    ['complimentary', 'complimentary', 0, undefined, { tendered: null, change: null }],
    ['complimentary with cash', 'complimentary', 0, 100, 'tendered_not_cash'],
  ] as const)('%s', (_name, method, total, tendered, expected) => {
    const settled = settlePayment(method, total, tendered);
    if (typeof expected === 'string')
      expect(settled).toMatchObject({ ok: false, problem: { reason: expected } });
    else
      expect(settled).toEqual({
        ok: true,
        tenderedCents: expected.tendered,
        changeCents: expected.change,
      });
  });
});

describe('who sees what', () => {
  it.each([
    ['cash', true],
    ['complimentary', true],
    ['card', false],
  ] as const)('%s is paid at once: %s', (method, paid) => {
    expect(paidAtOnce(method)).toBe(paid);
  });
  it.each([
    [true, false, true],
    [false, true, true],
    [false, false, false],
  ])('owner %s, admin %s → every shift %s', (isOwner, isAdmin, every) => {
    expect(seesEveryShift({ isOwner, isAdmin })).toBe(every);
  });
});
