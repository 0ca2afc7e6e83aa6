import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../contracts/products';
import type { TicketType } from '../../../contracts/tickets';
import { server } from '../../test/msw';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import { CART_KEY } from './cart-storage';
import { CartView } from './cart-view';

const EVENT = '11111111-1111-4111-8111-111111111111';
const DAY = '00000000-0000-4000-8000-0000000000d1';
const SHIRT_M = '00000000-0000-4000-8000-0000000000a1';
const SHIRT_L = '00000000-0000-4000-8000-0000000000a2';
const LUNCH = '00000000-0000-4000-8000-0000000000b1';

const dayPass: TicketType = {
  id: DAY,
  eventId: EVENT,
  name: 'Day pass',
  description: '',
  priceCents: 2000,
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
};

const variation = (ticketTypeId: string, label: string | null, remaining = 50) => ({
  ticketTypeId,
  label,
  displayName: label ? `T-shirt (${label})` : 'Lunch',
  priceCents: 1500,
  ownPrice: false,
  remaining,
  availability: 'on_sale' as const,
});
const product = (over: Partial<Product>): Product => ({
  id: crypto.randomUUID(),
  eventId: EVENT,
  name: 'T-shirt',
  description: '',
  category: 'merchandise',
  priceCents: 1500,
  currency: 'USD',
  soldAlone: false,
  salesStart: null,
  salesEnd: null,
  maxPerOrder: 10,
  variations: [],
  addOns: [],
  ...over,
});
// Up to 2 shirts per day pass (any sizes together); exactly 1 lunch per day pass.
const shirt = product({
  variations: [variation(SHIRT_M, 'M'), variation(SHIRT_L, 'L')],
  addOns: [{ ticketTypeId: DAY, ticketTypeName: 'Day pass', minPerTicket: 0, maxPerTicket: 2 }],
});
const lunch = product({
  name: 'Lunch',
  category: 'meal',
  variations: [variation(LUNCH, null)],
  addOns: [{ ticketTypeId: DAY, ticketTypeName: 'Day pass', minPerTicket: 1, maxPerTicket: 1 }],
});

const NAMES: Record<string, string> = {
  [DAY]: 'Day pass',
  [SHIRT_M]: 'T-shirt (M)',
  [SHIRT_L]: 'T-shirt (L)',
  [LUNCH]: 'Lunch',
};

function openCart(lines: [string, number][], products: Product[] = [shirt, lunch]) {
  localStorage.setItem(
    CART_KEY,
    JSON.stringify({
      lines: lines.map(([ticketTypeId, quantity]) => ({ eventId: EVENT, ticketTypeId, quantity })),
      unlockCode: null,
    }),
  );
  server.use(
    http.get(`/api/events/${EVENT}/ticket-types`, () =>
      HttpResponse.json({ ticketTypes: [dayPass], hasLocked: false, codeProblem: null }),
    ),
    http.get(`/api/events/${EVENT}/products`, () => HttpResponse.json({ products })),
    http.get(`/api/events/${EVENT}/billing-settings`, () =>
      HttpResponse.json({
        billingDetailsRequired: false,
        reverseChargeEnabled: false,
        sellerCountry: null,
      }),
    ),
    http.post('/api/orders/quote', async ({ request }) => {
      const body = (await request.json()) as {
        items: { ticketTypeId: string; quantity: number }[];
      };
      return HttpResponse.json({
        currency: 'USD',
        lines: body.items.map((item) => ({
          eventId: EVENT,
          eventTitle: 'Harbour Jazz',
          ticketTypeId: item.ticketTypeId,
          ticketTypeName: NAMES[item.ticketTypeId],
          kind: item.ticketTypeId === DAY ? 'admission' : 'product',
          quantity: item.quantity,
          unitPriceCents: 1500,
          discountCents: 0,
          totalCents: 1500 * item.quantity,
          availability: 'on_sale',
        })),
        subtotalCents: 0,
        discountCents: 0,
        totalCents: 0,
        discountCode: null,
      });
    }),
  );
  return renderWithRouter([{ path: '/cart', Component: CartView }], {
    path: '/cart',
    user: makeUser(),
  });
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const quantity = (label: string) =>
  screen.getByLabelText<HTMLInputElement>(`Quantity of ${label}`).value;

describe("the cart's add-on lines", () => {
  afterEach(() => localStorage.clear());

  it('stop at the most the tickets allow, all variations of a product counted together', async () => {
    openCart([
      [DAY, 1],
      [SHIRT_M, 1],
      [SHIRT_L, 1],
      [LUNCH, 1],
    ]);
    // One day pass: two shirts in all, one lunch.
    await waitFor(() => expect(button('More T-shirt (M)').disabled).toBe(true));
    expect(button('More T-shirt (L)').disabled).toBe(true);
    expect(button('More Lunch').disabled).toBe(true);
    // The least per ticket: the lunch the day pass needs cannot be stepped away.
    expect(button('Fewer Lunch').disabled).toBe(true);

    // A second day pass allows two more shirts and a second lunch.
    fireEvent.click(button('More Day pass'));
    await waitFor(() => expect(button('More T-shirt (M)').disabled).toBe(false));
    fireEvent.click(button('More T-shirt (M)'));
    fireEvent.click(button('More T-shirt (M)'));
    expect(quantity('T-shirt (M)')).toBe('3');
    expect(button('More T-shirt (M)').disabled).toBe(true);
    expect(button('More T-shirt (L)').disabled).toBe(true);
    fireEvent.click(button('More Lunch'));
    expect(quantity('Lunch')).toBe('2');
    expect(button('More Lunch').disabled).toBe(true);
  });

  it('stop at the stock a variation has left', async () => {
    openCart(
      [
        [DAY, 3],
        [SHIRT_M, 1],
      ],
      [{ ...shirt, variations: [variation(SHIRT_M, 'M', 1), variation(SHIRT_L, 'L')] }],
    );
    await screen.findByLabelText('Quantity of T-shirt (M)');
    await waitFor(() => expect(button('More T-shirt (M)').disabled).toBe(true));
  });
});
