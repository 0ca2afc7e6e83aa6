import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TicketType } from '../../../contracts/tickets';
import { server } from '../../test/msw';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import { TicketPicker } from './ticket-picker';

const EVENT = '11111111-1111-4111-8111-111111111111';
const PASS = '00000000-0000-4000-8000-0000000000d1';

const pass: TicketType = {
  id: PASS,
  eventId: EVENT,
  name: 'Conference pass',
  description: '',
  priceCents: 11900,
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
};

interface QuoteBody {
  items: { ticketTypeId: string; quantity: number }[];
  billingDetails?: { vatId: string | null } | null;
}

/**
 * A seller in Germany with 19 % VAT included in its prices. The quote answers as the server does:
 * a company with a VAT ID of another member state pays the net price (reverse charge).
 */
function openPicker(seating: object | null = null) {
  server.use(
    http.get(`/api/events/${EVENT}`, () =>
      HttpResponse.json({ id: EVENT, title: 'Berlin Summit' }),
    ),
    http.get(`/api/events/${EVENT}/ticket-types`, () =>
      HttpResponse.json({ ticketTypes: [pass], hasLocked: false, codeProblem: null }),
    ),
    http.get(`/api/events/${EVENT}/products`, () => HttpResponse.json({ products: [] })),
    http.get(`/api/events/${EVENT}/seating`, () => HttpResponse.json(seating)),
    http.get(`/api/waitlist/events/${EVENT}/availability`, () =>
      HttpResponse.json({ ticketTypes: [] }),
    ),
    http.get(`/api/events/${EVENT}/billing-settings`, () =>
      HttpResponse.json({
        billingDetailsRequired: false,
        reverseChargeEnabled: true,
        sellerCountry: 'DE',
      }),
    ),
    http.post('/api/orders/quote', async ({ request }) => {
      const body = (await request.json()) as QuoteBody;
      const quantity = body.items[0]?.quantity ?? 0;
      const reverse = Boolean(body.billingDetails?.vatId);
      const gross = 11900 * quantity;
      const tax = reverse ? 0 : 1900 * quantity;
      const net = 10000 * quantity;
      return HttpResponse.json({
        currency: 'EUR',
        lines: [],
        subtotalCents: gross,
        discountCents: 0,
        totalCents: net + tax,
        discountCode: null,
        tax: {
          pricesIncludeTax: true,
          reverseCharge: reverse,
          lines: [
            {
              ticketTypeId: PASS,
              net,
              tax,
              gross: net + tax,
              taxName: 'MwSt',
              rateThousandths: reverse ? 0 : 19000,
            },
          ],
          net,
          tax,
          gross: net + tax,
        },
      });
    }),
  );
  return renderWithRouter(
    [{ path: '/ticket', Component: () => <TicketPicker eventId={EVENT} access={null} /> }],
    {
      path: '/ticket',
      user: makeUser(),
    },
  );
}

const totalLine = () => screen.getByText(/^Total:/).closest('p');

describe("the ticket picker's running total", () => {
  it('shows what the cart charges: the net price and "VAT reverse charged" for a foreign company', async () => {
    openPicker();
    fireEvent.click(await screen.findByRole('button', { name: 'More Conference pass' }));
    await waitFor(() => expect(totalLine()?.textContent).toContain('€119.00'));
    expect(screen.queryByText('VAT reverse charged')).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'I need an invoice for a company' }));
    fireEvent.change(screen.getByLabelText('Company name'), { target: { value: 'Acme SARL' } });
    fireEvent.change(screen.getByLabelText('Street address'), {
      target: { value: '1 rue de la Paix' },
    });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Paris' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'FR' } });
    fireEvent.change(screen.getByLabelText('VAT ID (optional)'), {
      target: { value: 'FR40303265045' },
    });

    await waitFor(() => expect(totalLine()?.textContent).toContain('€100.00'));
    expect(totalLine()?.textContent).toContain('VAT reverse charged');

    // Two passes: still what the server charges, not the listed price times two.
    fireEvent.click(screen.getByRole('button', { name: 'More Conference pass' }));
    await waitFor(() => expect(totalLine()?.textContent).toContain('€200.00'));
  });
});

describe('a ticket type sold by seat', () => {
  it('is chosen on the seat map, not by count', async () => {
    openPicker({
      categories: [
        {
          id: 'stalls',
          ticketTypeId: PASS,
          ticketTypeName: 'Conference pass',
          priceCents: 11900,
          currency: 'EUR',
        },
      ],
    });
    expect(await screen.findByRole('link', { name: 'Choose your seats' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More Conference pass' })).toBeNull();
  });
});
