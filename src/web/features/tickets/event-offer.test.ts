import { describe, expect, it } from 'vitest';
import type { TicketType } from '../../../contracts/tickets';
import { eventOffer, shortMoney } from './event-offer';

const type = (overrides: Partial<TicketType> = {}): TicketType => ({
  id: '00000000-0000-4000-8000-000000000001',
  eventId: '00000000-0000-4000-8000-000000000002',
  name: 'Standard',
  description: '',
  priceCents: 1500,
  currency: 'EUR',
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
const list = (...ticketTypes: TicketType[]) => ({ ticketTypes, hasLocked: false });
const open = { isFree: false, isOpen: true };

describe('the event page offer', () => {
  it('shows one price, a range, or Free, and Get tickets for paid types', () => {
    expect(eventOffer(list(type()), open)).toEqual({
      priceLabel: '€15',
      note: null,
      action: 'buy',
    });
    expect(
      eventOffer(list(type(), type({ priceCents: 6000 }), type({ priceCents: 2550 })), open)
        .priceLabel,
    ).toBe('€15–€60');
    expect(
      eventOffer(list(type({ priceCents: 0, isFree: true }), type({ priceCents: 2000 })), open),
    ).toEqual({ priceLabel: 'Free–€20', note: null, action: 'buy' });
  });

  it('offers Register on a free event, with or without ticket types', () => {
    const free = { isFree: true, isOpen: true };
    expect(eventOffer(list(), free)).toEqual({
      priceLabel: 'Free',
      note: null,
      action: 'register',
    });
    expect(eventOffer(list(type({ priceCents: 0, isFree: true })), free).action).toBe('register');
  });

  it('ranges over what is on sale, and says why nothing can be bought', () => {
    const soldOutVip = type({ priceCents: 9000, availability: 'sold_out', remaining: 0 });
    expect(eventOffer(list(type(), soldOutVip), open).priceLabel).toBe('€15');
    expect(eventOffer(list(soldOutVip), open)).toMatchObject({
      priceLabel: '€90',
      note: 'Sold out',
    });
    expect(eventOffer(list(type({ availability: 'not_started' })), open).note).toBe(
      'Not on sale yet',
    );
    expect(eventOffer(list(), open)).toEqual({
      priceLabel: null,
      note: 'Not on sale yet',
      action: null,
    });
  });

  it('offers nothing to do on a cancelled or past event', () => {
    expect(eventOffer(list(type()), { isFree: false, isOpen: false })).toEqual({
      priceLabel: '€15',
      note: null,
      action: null,
    });
  });

  it('writes whole amounts without cents', () => {
    expect(shortMoney(1500, 'USD')).toBe('$15');
    expect(shortMoney(1550, 'GBP')).toBe('£15.50');
    expect(shortMoney(0, 'USD')).toBe('Free');
  });
});
