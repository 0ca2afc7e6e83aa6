import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CapacityPool } from '../../../contracts/capacity-pools';
import type { ManagedTicketType } from '../../../contracts/tickets';
import { recordRequests, requestJson, server } from '../../test/msw';
import { CapacityPoolsPanel } from './capacity-pools-panel';

const EVENT = '11111111-1111-4111-8111-111111111111';
const DAY = '00000000-0000-4000-8000-000000000001';
const VIP = '00000000-0000-4000-8000-000000000002';

const type = (id: string, name: string): ManagedTicketType =>
  ({
    id,
    eventId: EVENT,
    name,
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
    quantity: 100,
    held: 0,
    sold: 0,
    unlockCode: null,
    isHidden: false,
  }) as ManagedTicketType;

function serve(pools: CapacityPool[]) {
  server.use(
    http.get(`/api/events/${EVENT}/capacity-pools`, () => HttpResponse.json({ pools })),
    http.get(`/api/events/${EVENT}/ticket-types/manage`, () =>
      HttpResponse.json({
        ticketTypes: [type(DAY, 'Day pass'), type(VIP, 'VIP')],
        capacity: null,
        allocated: 200,
      }),
    ),
  );
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CapacityPoolsPanel eventId={EVENT} />
    </QueryClientProvider>,
  );
}

describe('CapacityPoolsPanel', () => {
  it('shows each pool’s figures in text and as a bar, with its ticket types', async () => {
    serve([
      {
        id: '22222222-2222-4222-8222-222222222222',
        eventId: EVENT,
        name: 'Main hall',
        capacity: 300,
        ticketTypeIds: [DAY, VIP],
        sold: 120,
        held: 30,
        left: 150,
      },
    ]);
    renderPanel();
    const meter = await screen.findByRole('meter', {
      name: 'Main hall: 150 of 300 places sold or held',
    });
    expect(meter.getAttribute('aria-valuenow')).toBe('150');
    const card = meter.closest('li') as HTMLElement;
    expect(within(card).getByText('120')).toBeTruthy();
    expect(within(card).getByText('30')).toBeTruthy();
    expect(within(card).getByText('150')).toBeTruthy();
    const types = within(card).getByRole('list', { name: 'Ticket types in Main hall' });
    expect(
      within(types)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Day pass', 'VIP']);
  });

  it('asks for a name, a capacity and a ticket type before sending, then creates the pool', async () => {
    serve([]);
    const sent = recordRequests();
    server.use(
      http.post(`/api/events/${EVENT}/capacity-pools`, async ({ request }) => {
        const body = (await request.json()) as { name: string; capacity: number };
        return HttpResponse.json(
          {
            id: '33333333-3333-4333-8333-333333333333',
            eventId: EVENT,
            ...body,
            sold: 0,
            held: 0,
            left: body.capacity,
          },
          { status: 201 },
        );
      }),
    );
    renderPanel();
    await screen.findByText('No capacity pools yet');
    fireEvent.click(screen.getByRole('button', { name: 'Add capacity pool' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add capacity pool' }));
    expect(await within(dialog).findByText('Please enter a name for this pool')).toBeTruthy();
    expect(within(dialog).getByText('Capacity must be a whole number of 1 or more')).toBeTruthy();
    expect(
      within(dialog).getByText('Please choose at least one ticket type for this pool'),
    ).toBeTruthy();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Main hall' } });
    fireEvent.change(within(dialog).getByLabelText('Capacity'), { target: { value: '300' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'VIP' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add capacity pool' }));
    await expect.poll(() => sent.filter((r) => r.method === 'POST').length).toBe(1);
    const post = sent.find((r) => r.method === 'POST');
    expect(post && (await requestJson(post))).toEqual({
      name: 'Main hall',
      capacity: 300,
      ticketTypeIds: [VIP],
    });
  });
});
