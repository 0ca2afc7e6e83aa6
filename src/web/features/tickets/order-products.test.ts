import { describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import { productLines } from './order-products';

const EVENT = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

const line = (
  id: string,
  eventId: string,
  ticketTypeName: string,
  quantity = 1,
  kind: 'admission' | 'product' = 'product',
) => ({
  id,
  eventId,
  eventTitle: 'Harbour Jazz',
  ticketTypeId: id,
  ticketTypeName,
  kind,
  quantity,
  unitPriceCents: 1000,
  discountCents: 0,
  totalCents: 1000 * quantity,
});
const ticket = (eventId: string, ticketTypeName: string) => ({
  id: crypto.randomUUID(),
  eventId,
  ticketTypeName,
  status: 'valid' as const,
});

describe('productLines', () => {
  it("lists the event's product lines, whatever the tickets are named", () => {
    const order = {
      items: [
        line('a', EVENT, 'Day pass', 2, 'admission'),
        line('b', EVENT, 'T-shirt (M)'),
        line('c', EVENT, 'Parking'),
        // A product named like a ticket type is still a product.
        line('e', EVENT, 'Day pass'),
        line('d', OTHER, 'Poster'),
      ],
      tickets: [ticket(EVENT, 'Day pass'), ticket(EVENT, 'Day pass')],
    } as unknown as Order;
    expect(productLines(order, EVENT).map((l) => l.ticketTypeName)).toEqual([
      'T-shirt (M)',
      'Parking',
      'Day pass',
    ]);
  });

  it('is empty for an order of tickets only', () => {
    const order = {
      items: [line('a', EVENT, 'Day pass', 1, 'admission')],
      tickets: [ticket(EVENT, 'Day pass')],
    } as unknown as Order;
    expect(productLines(order, EVENT)).toEqual([]);
  });
});
