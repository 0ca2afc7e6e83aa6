import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { POOL_MESSAGES, type CapacityPool } from '../../../contracts/capacity-pools';
import type { ManagedTicketType } from '../../../contracts/tickets';
import { answerApi, fieldRefusal } from '../../test/msw';
import { CapacityPoolDialog } from './capacity-pool-dialog';

// The capacity pool dialog: the contract's texts on their fields before any request (focus on
// the first), the body as the API takes it, the server's refusals on their fields.

const EVENT = '11111111-1111-4111-8111-111111111111';
const VIP = '00000000-0000-4000-8000-000000000002';
const POOL = '00000000-0000-4000-8000-0000000000aa';
const types = [{ id: VIP, name: 'VIP' } as ManagedTicketType];

function renderDialog(pool: CapacityPool | null = null) {
  const onOpenChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CapacityPoolDialog
        eventId={EVENT}
        pool={pool}
        ticketTypes={types}
        open
        onOpenChange={onOpenChange}
      />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog'), onOpenChange };
}

describe('CapacityPoolDialog', () => {
  it('names the bad field with the contract text and focuses it, without saving', async () => {
    const calls = answerApi(() => HttpResponse.json({}));
    const { dialog } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Main hall' } });
    fireEvent.change(within(dialog).getByLabelText(/^Capacity/), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'VIP' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add capacity pool' }));
    expect(await within(dialog).findByText(POOL_MESSAGES.capacity)).toBeTruthy();
    const capacity = within(dialog).getByLabelText(/^Capacity/);
    expect(capacity.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(capacity));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal of a field on that field", async () => {
    answerApi(() => fieldRefusal('body.capacity', POOL_MESSAGES.capacityBelowUsed));
    const pool: CapacityPool = {
      id: POOL,
      eventId: EVENT,
      name: 'Main hall',
      capacity: 300,
      ticketTypeIds: [VIP],
      sold: 120,
      held: 0,
    } as CapacityPool;
    const { dialog, onOpenChange } = renderDialog(pool);
    fireEvent.change(within(dialog).getByLabelText(/^Capacity/), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(POOL_MESSAGES.capacityBelowUsed)).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Capacity/)),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('saves the pool as the API takes it and closes', async () => {
    const calls = answerApi(({ body }) =>
      HttpResponse.json({ ...(body as object), id: POOL, eventId: EVENT, sold: 0, held: 0 }),
    );
    const { dialog, onOpenChange } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' Main hall ' } });
    fireEvent.change(within(dialog).getByLabelText(/^Capacity/), { target: { value: '300' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'VIP' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add capacity pool' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: `/api/events/${EVENT}/capacity-pools`,
      body: { name: 'Main hall', capacity: 300, ticketTypeIds: [VIP] },
    });
  });
});
