import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../../contracts/tickets';
import { answerApi, fieldRefusal } from '../../../test/msw';
import { RefundDialog } from './refund-dialog';

// The organizer's refund form: its own amount checks before any request (focus on the amount),
// the server's refusal on its field, and the body sent (no amount for a full refund).

const EVENT = '11111111-1111-4111-8111-111111111111';
const ORDER = {
  id: '33333333-3333-4333-8333-333333333333',
  kind: 'tickets',
  status: 'paid',
  currency: 'USD',
  totalCents: 3000,
  refundedCents: 0,
  buyer: { id: '22222222-2222-4222-8222-222222222222', name: 'Ada', email: 'ada@example.com' },
} as Order;
const URL = `/api/orders/${ORDER.id}/refund`;

function renderDialog() {
  const onOpenChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RefundDialog eventId={EVENT} order={ORDER} onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return onOpenChange;
}

describe("the organizer's refund form", () => {
  it('refuses more than is left on the amount and focuses it, without sending', async () => {
    const calls = answerApi(() => HttpResponse.json({}));
    const onOpenChange = renderDialog();
    fireEvent.click(screen.getByLabelText(/Partial refund/));
    const amount = screen.getByLabelText('Amount (USD)');
    fireEvent.change(amount, { target: { value: '30.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('At most $30.00 can be refunded')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(calls).toHaveLength(0);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the amount on its field", async () => {
    const calls = answerApi(() => fieldRefusal('body.amountCents', 'Too small'));
    renderDialog();
    fireEvent.click(screen.getByLabelText(/Partial refund/));
    const amount = screen.getByLabelText('Amount (USD)');
    fireEvent.change(amount, { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Reason (optional)'), { target: { value: ' Late ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Too small')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(calls).toEqual([
      { method: 'POST', url: URL, body: { amountCents: 500, reason: 'Late' } },
    ]);
  });

  it('refunds in full without an amount, and closes', async () => {
    const calls = answerApi(({ method }) =>
      method === 'POST'
        ? HttpResponse.json({ ...ORDER, refundedCents: 3000 })
        : HttpResponse.json({}),
    );
    const onOpenChange = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls[0]).toEqual({ method: 'POST', url: URL, body: {} });
  });

  it('shows a refusal naming no field above the choices', async () => {
    answerApi(() =>
      HttpResponse.json(
        { error: { code: 'CONFLICT', message: 'Already refunded' } },
        { status: 409 },
      ),
    );
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Already refunded')).toBeTruthy();
  });
});
