import { describe, expect, it } from 'vitest';
import type { Ticket, TicketType } from '../../../contracts/tickets';
import { sortTickets } from './my-tickets';
import { maxSelectable, nextQuantity } from './ticket-picker';

const type = (overrides: Partial<TicketType> = {}): TicketType => ({
  id: '00000000-0000-4000-8000-000000000001',
  eventId: '00000000-0000-4000-8000-000000000002',
  name: 'Standard',
  description: '',
  priceCents: 2500,
  currency: 'USD',
  isFree: false,
  remaining: 100,
  salesStart: null,
  salesEnd: null,
  minPerOrder: 1,
  maxPerOrder: 10,
  maxPerPerson: null,
  availability: 'on_sale',
  unlocked: false,
  ...overrides,
});

describe('ticket picker quantities', () => {
  it('allows the per-order maximum within what is left, nothing when not on sale', () => {
    expect(maxSelectable(type())).toBe(10);
    expect(maxSelectable(type({ remaining: 3 }))).toBe(3);
    expect(maxSelectable(type({ availability: 'sold_out', remaining: 0 }))).toBe(0);
    expect(maxSelectable(type({ availability: 'not_started' }))).toBe(0);
  });

  it('jumps to the per-order minimum going up and back to 0 going down', () => {
    const group = type({ minPerOrder: 4 });
    expect(nextQuantity(group, 0, 1)).toBe(4);
    expect(nextQuantity(group, 4, 3)).toBe(0);
    expect(nextQuantity(group, 4, 5)).toBe(5);
    expect(nextQuantity(group, 5, 99)).toBe(10);
    expect(nextQuantity(type({ minPerOrder: 4, remaining: 2 }), 0, 1)).toBe(2);
  });
});

describe('sortTickets', () => {
  // Past or not comes from the server (TicketSchema.isPast); the list only orders.
  const ticket = (id: string, startsAt: string, isPast: boolean): Ticket =>
    ({ id, isPast, event: { startsAt, endsAt: null } }) as unknown as Ticket;

  it('lists upcoming events soonest first, then past ones newest first', () => {
    const sorted = sortTickets([
      ticket('past-old', '2030-01-01T00:00:00Z', true),
      ticket('later', '2030-09-01T00:00:00Z', false),
      ticket('past-recent', '2030-05-01T00:00:00Z', true),
      ticket('soon', '2030-06-02T00:00:00Z', false),
    ]);
    expect(sorted.map((t) => t.id)).toEqual(['soon', 'later', 'past-recent', 'past-old']);
  });
});
