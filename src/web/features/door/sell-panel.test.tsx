import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoxOfficeCatalog, BoxOfficeSale } from '../../../contracts/box-office';
import type { ServerFrame } from '../../../contracts/realtime';
import { fieldRefusal, server } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { sellerTotal } from './sale-total';
import { SellPanel } from './sell-panel';

// The realtime socket is a hand-driven fake: the test pushes the frames the server would send.
const socket = vi.hoisted(() => ({
  listeners: new Map<string, ((frame: unknown) => void)[]>(),
  sent: [] as unknown[],
}));
vi.mock('../../lib/realtime', () => ({
  realtime: {
    connect: () => () => undefined,
    isConnected: true,
    send: (message: unknown) => socket.sent.push(message),
    subscribe: (type: string, listener: (frame: unknown) => void) => {
      socket.listeners.set(type, [...(socket.listeners.get(type) ?? []), listener]);
      return () =>
        socket.listeners.set(
          type,
          (socket.listeners.get(type) ?? []).filter((other) => other !== listener),
        );
    },
    onStatus: () => () => undefined,
  },
}));
const push = (frame: ServerFrame) => {
  for (const listener of socket.listeners.get(frame.type) ?? []) listener(frame);
};
beforeEach(() => {
  socket.listeners.clear();
  socket.sent.length = 0;
});

const EVENT = '11111111-1111-4111-8111-111111111111';
const ORDER = '22222222-2222-4222-8222-222222222222';
const TYPE = '33333333-3333-4333-8333-333333333333';
const SHIRT = '44444444-4444-4444-8444-444444444444';
const CHECKOUT = 'https://checkout.stripe.test/c/pay/cs_test_qr';

const catalog = (taxAdded: boolean): BoxOfficeCatalog => ({
  eventId: EVENT,
  currency: 'USD',
  ticketTypes: [
    {
      id: TYPE,
      name: 'Standing',
      priceCents: 3000,
      remaining: 10,
      taxRateThousandths: 8875,
      taxAdded,
    },
  ],
  addOns: [
    {
      id: SHIRT,
      productId: '55555555-5555-4555-8555-555555555555',
      name: 'T-shirt · M',
      priceCents: 2000,
      remaining: 5,
      taxRateThousandths: 0,
      taxAdded,
    },
  ],
});

const sale = (status: BoxOfficeSale['status']): BoxOfficeSale => ({
  orderId: ORDER,
  status,
  method: 'card',
  currency: 'USD',
  totalCents: 9799,
  tenderedCents: null,
  changeCents: null,
  checkoutUrl: status === 'pending' ? CHECKOUT : null,
  buyerName: '',
  buyerEmail: null,
  tickets:
    status === 'paid'
      ? [0, 1, 2].map((n) => ({
          id: `66666666-6666-4666-8666-66666666666${n}`,
          ticketTypeName: 'Standing',
          status: 'valid' as const,
        }))
      : [],
  addOns: [],
});

/** The sale's state on the server: a test settles it, then the socket tells the desk. */
const server_ = { status: 'pending' as BoxOfficeSale['status'], reads: 0 };
const mails: { key: string | null; email: string }[] = [];

function openPanel(taxAdded: boolean) {
  const sent: unknown[] = [];
  server_.status = 'pending';
  server_.reads = 0;
  mails.length = 0;
  server.use(
    http.get(`/api/door/events/${EVENT}/box-office`, () => HttpResponse.json(catalog(taxAdded))),
    http.get(`/api/events/${EVENT}/seating`, () => HttpResponse.json(null)),
    // The signed-out seat feed's long poll: nothing changes while the test runs.
    http.get(
      `/api/events/${EVENT}/seating/changes`,
      ({ request }) =>
        new Promise<Response>((resolve) =>
          request.signal.addEventListener('abort', () => resolve(HttpResponse.json(null))),
        ),
    ),
    http.get(`/api/door/events/${EVENT}/box-office/summary`, () =>
      HttpResponse.json({ currency: 'USD', shifts: [] }),
    ),
    http.post(`/api/door/events/${EVENT}/box-office/sales`, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(sale('pending'));
    }),
    http.get(`/api/door/events/${EVENT}/box-office/sales/${ORDER}`, () => {
      server_.reads++;
      return HttpResponse.json(sale(server_.status));
    }),
    http.post(`/api/door/events/${EVENT}/box-office/sales/${ORDER}/mail`, async ({ request }) => {
      const body = (await request.json()) as { email: string };
      mails.push({ key: request.headers.get('idempotency-key'), email: body.email });
      return HttpResponse.json({ sentTo: body.email, ticketCount: 3 });
    }),
    http.post(`/api/door/events/${EVENT}/box-office/sales/${ORDER}/cancel`, () =>
      HttpResponse.json(sale('cancelled')),
    ),
  );
  renderWithRouter([{ path: '/', element: <SellPanel eventId={EVENT} onSold={() => {}} /> }]);
  return sent;
}

const setQuantity = async (label: RegExp, value: string) =>
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });

describe('the seller’s total', () => {
  it('adds tax on top of prices that exclude it, as the order will (3 × 30.00 + 8.875 %)', () => {
    const lines = [{ ticketTypeId: TYPE, quantity: 3 }];
    // The server's figures for the same cart (box-office-stripe.int.test.ts): 97.99 and 90.00.
    expect(sellerTotal(catalog(true), lines, 'cash')).toBe(9799);
    expect(sellerTotal(catalog(false), lines, 'cash')).toBe(9000);
    // Split lines of one type are taxed as the one line the server makes of them.
    expect(
      sellerTotal(catalog(true), [...lines, { ticketTypeId: TYPE, quantity: 0 }], 'phone'),
    ).toBe(9799);
    expect(sellerTotal(catalog(true), lines, 'complimentary')).toBe(0);
  });

  it('shows the total with tax on top, and the price alone when tax is inside it', async () => {
    openPanel(true);
    await setQuantity(/Standing/, '3');
    await setQuantity(/T-shirt/, '1');
    expect(screen.getByTestId('sale-total').textContent).toContain('$117.99');
  });

  it('shows the price alone when tax is inside it', async () => {
    openPanel(false);
    await setQuantity(/Standing/, '3');
    expect(screen.getByTestId('sale-total').textContent).toContain('$90.00');
  });
});

describe('card on the buyer’s phone', () => {
  it('shows the checkout as a QR code, waits, then offers print and admit once paid', async () => {
    const sent = openPanel(true);
    await setQuantity(/Standing/, '3');
    fireEvent.click(screen.getByLabelText("Card on the buyer's phone"));
    fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
    const qr = await screen.findByRole('img', { name: 'QR code of the card payment page' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(sent[0]).toMatchObject({ method: 'card', cardOn: 'phone' });
    const waiting = screen.getByTestId('card-on-phone');
    expect(within(waiting).getByText('Waiting for the payment...')).toBeTruthy();
    expect(within(waiting).getByRole('link').getAttribute('href')).toBe(CHECKOUT);
    // The desk watches the sale on its socket; once watched, it reads the sale once more.
    await waitFor(() =>
      expect(socket.sent).toContainEqual({
        type: 'box_office_sale_watch',
        eventId: EVENT,
        orderId: ORDER,
      }),
    );
    const before = server_.reads;
    push({ type: 'box_office_sale_watching', orderId: ORDER });
    await waitFor(() => expect(server_.reads).toBe(before + 1));
    expect(screen.getByTestId('card-on-phone')).toBeTruthy();
    // The webhook settles the order and the socket says so: the desk reads it at once.
    server_.status = 'paid';
    push({ type: 'box_office_sale', eventId: EVENT, orderId: ORDER, status: 'paid' });
    expect(await screen.findByText('Paid: $97.99.')).toBeTruthy();
    expect(screen.queryByTestId('card-on-phone')).toBeNull();
    expect(screen.getByRole('link', { name: 'Print tickets' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Admit these guests now' })).toBeTruthy();
  });

  it('cancels a waiting sale: the QR code goes and the tickets are back on sale', async () => {
    openPanel(true);
    await setQuantity(/Standing/, '1');
    fireEvent.click(screen.getByLabelText("Card on the buyer's phone"));
    fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the sale' }));
    await waitFor(() =>
      expect(screen.getByTestId('sale-result').textContent).toContain('Sale cancelled'),
    );
    expect(screen.queryByRole('img', { name: 'QR code of the card payment page' })).toBeNull();
  });

  it('mails the paid sale’s tickets to the address given, one mail per press', async () => {
    openPanel(true);
    await setQuantity(/Standing/, '3');
    fireEvent.click(screen.getByLabelText("Card on the buyer's phone"));
    fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
    await screen.findByTestId('card-on-phone');
    server_.status = 'paid';
    push({ type: 'box_office_sale', eventId: EVENT, orderId: ORDER, status: 'paid' });
    const address = await screen.findByLabelText("Buyer's email address");
    const button = screen.getByRole('button', { name: 'Mail the tickets' });
    fireEvent.change(address, { target: { value: 'not an address' } });
    fireEvent.click(button);
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(mails).toEqual([]);
    fireEvent.change(address, { target: { value: 'kofi@example.com' } });
    // A double click: one request id for both.
    fireEvent.click(button);
    fireEvent.click(button);
    expect(
      await screen.findByText('The tickets are on their way to kofi@example.com.'),
    ).toBeTruthy();
    expect(new Set(mails.map((m) => m.key)).size).toBe(1);
    expect(mails[0]?.email).toBe('kofi@example.com');
    // The next press is a new request: the buyer asked again.
    fireEvent.click(button);
    await waitFor(() => expect(new Set(mails.map((m) => m.key)).size).toBe(2));
  });
});

describe('the sale form', () => {
  it('names what is missing or wrong before selling, the first bad field focused', async () => {
    const sent = openPanel(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Sell' }));
    expect(await screen.findByText('Choose at least one ticket.')).toBeTruthy();
    await setQuantity(/Standing/, '2');
    fireEvent.change(screen.getByLabelText('Cash received (empty: the exact amount)'), {
      target: { value: 'ten' },
    });
    fireEvent.change(
      screen.getByLabelText("Buyer's email (optional: the tickets are mailed there)"),
      { target: { value: 'not an address' } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
    expect(await screen.findByText('Enter the cash received as an amount.')).toBeTruthy();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.queryByText('Choose at least one ticket.')).toBeNull();
    const cash = screen.getByLabelText('Cash received (empty: the exact amount)');
    expect(cash.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(cash));
    expect(sent).toEqual([]);
  });

  it('puts the server’s refusal on its field and sends the sale as chosen', async () => {
    openPanel(false);
    const sent: unknown[] = [];
    server.use(
      http.post(`/api/door/events/${EVENT}/box-office/sales`, async ({ request }) => {
        sent.push(await request.json());
        return fieldRefusal('body.buyerEmail', 'Mail to this address bounced');
      }),
    );
    await setQuantity(/Standing/, '2');
    fireEvent.change(screen.getByLabelText('Cash received (empty: the exact amount)'), {
      target: { value: '100' },
    });
    fireEvent.change(screen.getByLabelText("Buyer's name (optional)"), {
      target: { value: ' Kofi ' },
    });
    const email = screen.getByLabelText("Buyer's email (optional: the tickets are mailed there)");
    fireEvent.change(email, { target: { value: 'kofi@example.com' } });
    fireEvent.click(screen.getByLabelText('Admit at once (sell and admit)'));
    fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
    expect(await screen.findByText('Mail to this address bounced')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(sent).toEqual([
      {
        items: [{ ticketTypeId: TYPE, quantity: 2 }],
        seatIds: [],
        method: 'cash',
        cardOn: 'desk',
        tenderedCents: 10000,
        buyerName: 'Kofi',
        buyerEmail: 'kofi@example.com',
        admit: true,
      },
    ]);
  });
});
