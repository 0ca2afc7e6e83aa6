import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { EventOrder } from '../../../contracts/tickets';
import { server } from '../../test/msw';
import type { EventOrderList } from './api';
import { EventOrders } from './event-orders';

const EVENT = '11111111-1111-4111-8111-111111111111';

const order = (name: string, fields: Partial<EventOrder>): EventOrder => ({
  id: crypto.randomUUID(),
  kind: 'tickets',
  status: 'paid',
  currency: 'EUR',
  subtotalCents: 10000,
  discountCents: 0,
  totalCents: 10000,
  refundedCents: 0,
  discountCode: null,
  reservedUntil: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  paidAt: '2026-11-01T10:00:00.000Z',
  buyer: { id: crypto.randomUUID(), name, email: `${name.toLowerCase()}@example.com` },
  items: [],
  tickets: [],
  checkoutUrl: null,
  paymentSessionId: null,
  taxCents: 0,
  netCents: 10000,
  pricesIncludeTax: true,
  reverseCharge: false,
  boxOfficeMethod: null,
  ...fields,
});

function show(orders: EventOrder[]) {
  server.use(
    http.get(`/api/events/${EVENT}/orders`, () => {
      const body: EventOrderList = { orders, total: orders.length, page: 1, pageSize: 20 };
      return HttpResponse.json(body);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <EventOrders eventId={EVENT} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rowOf = (buyer: string) => {
  const row = screen.getByText(buyer).closest('li');
  if (!row) throw new Error(`no order of ${buyer}`);
  return within(row);
};

describe('EventOrders', () => {
  it('shows net, tax and gross of a taxed order, reverse charge when it applied, and nothing for an untaxed one', async () => {
    show([
      order('Taxed', { totalCents: 11900, taxCents: 1900, netCents: 10000 }),
      order('Company', { reverseCharge: true }),
      order('Plain', {}),
    ]);
    expect(await screen.findByRole('heading', { name: 'Orders (3)' })).toBeTruthy();
    expect(rowOf('Taxed').getByText('Net €100.00 · Tax €19.00 · Gross €119.00')).toBeTruthy();
    expect(rowOf('Company').getByText('Reverse charge')).toBeTruthy();
    expect(rowOf('Company').queryByText(/Tax/)).toBeNull();
    expect(rowOf('Plain').queryByText(/Net|Tax|Reverse charge/)).toBeNull();
  });

  it('marks a sale at the door with how it was paid, and nothing on an online order', async () => {
    show([
      order('Walkin', { boxOfficeMethod: 'cash' }),
      order('Guest', { boxOfficeMethod: 'complimentary', totalCents: 0 }),
      order('Online', {}),
    ]);
    expect(await screen.findByRole('heading', { name: 'Orders (3)' })).toBeTruthy();
    expect(rowOf('Walkin').getByText('Box office · cash')).toBeTruthy();
    expect(rowOf('Guest').getByText('Box office · complimentary')).toBeTruthy();
    expect(rowOf('Online').queryByText(/Box office/)).toBeNull();
  });
});
