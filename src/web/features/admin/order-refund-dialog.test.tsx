import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AdminOrder } from '../../../contracts/admin';
import { answerApi, fieldRefusal } from '../../test/msw';
import { RefundDialog } from './order-refund-dialog';

// The admin's refund form: its own amount checks before any request (focus on the amount), the
// server's refusal on its field, and the body sent (no amount for all that is left).

const ORDER: AdminOrder = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'tickets',
  status: 'paid',
  currency: 'USD',
  totalCents: 3000,
  refundedCents: 500,
  createdAt: '2026-12-01T10:00:00.000Z',
  buyer: { id: '22222222-2222-4222-8222-222222222222', name: 'Ada', email: 'ada@example.com' },
  eventTitle: 'Jazz night',
};
const URL = `/api/admin/orders/${ORDER.id}/refund`;

function renderDialog(onClose = vi.fn(), order = ORDER) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RefundDialog order={order} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

describe("the admin's refund form", () => {
  it('refuses more than is left on the amount and focuses it, without sending', async () => {
    const calls = answerApi(() => HttpResponse.json({}));
    const onClose = renderDialog();
    const amount = screen.getByLabelText('Amount (USD)');
    expect((amount as HTMLInputElement).value).toBe('25.00');
    fireEvent.change(amount, { target: { value: '25.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Enter an amount up to $25.00')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(calls).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a dinar amount off the 10-fils charge step, without sending', async () => {
    const calls = answerApi(() => HttpResponse.json({}));
    renderDialog(vi.fn(), { ...ORDER, currency: 'KWD', totalCents: 3000, refundedCents: 0 });
    const amount = screen.getByLabelText('Amount (KWD)');
    fireEvent.change(amount, { target: { value: '1.255' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Amounts in KWD go in steps of 0.010')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal of the amount on its field", async () => {
    const calls = answerApi(() => fieldRefusal('body.amountCents', 'Too small'));
    const onClose = renderDialog();
    const amount = screen.getByLabelText('Amount (USD)');
    fireEvent.change(amount, { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Reason (optional)'), { target: { value: 'Late' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Too small')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(calls).toEqual([
      { method: 'POST', url: URL, body: { amountCents: 500, reason: 'Late' } },
    ]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refunds all that is left without an amount, and closes', async () => {
    const calls = answerApi(({ method }) =>
      method === 'POST' ? HttpResponse.json({ id: ORDER.id }) : HttpResponse.json({}),
    );
    const onClose = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toEqual({ method: 'POST', url: URL, body: {} });
  });

  it('shows a refusal naming no field above the form', async () => {
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
