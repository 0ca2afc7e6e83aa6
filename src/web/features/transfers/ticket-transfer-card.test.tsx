import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TicketTransferState } from '../../../contracts/transfers';
import { answerApi, fieldRefusal } from '../../test/msw';
import { TicketTransferCard } from './ticket-transfer-card';

const TICKET = '33333333-3333-4333-8333-333333333333';
const SELF = "You already hold this ticket: enter the other person's email address";
const BAD_EMAIL = 'Please enter the email address of the person who gets the ticket';

// The ticket page's transfer form: the contract's email check before the confirm step, the
// server's email refusal on the box, and the body it sends.
function serve(refuse: boolean) {
  const state: TicketTransferState = {
    allowed: true,
    openUntil: '2026-12-20T18:00:00.000Z',
    refusal: null,
    pending: null,
  };
  const calls = answerApi(({ method }) =>
    method === 'GET'
      ? HttpResponse.json(state)
      : refuse
        ? fieldRefusal('body.email', SELF)
        : HttpResponse.json({}, { status: 500 }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TicketTransferCard ticketId={TICKET} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return () => calls.filter((c) => c.method !== 'GET');
}

describe('TicketTransferCard', () => {
  it('names a bad address with the contract text and focuses it, before the confirm step', async () => {
    const sent = serve(false);
    const email = await screen.findByLabelText('Their email address');
    const submit = screen.getByRole('button', { name: 'Transfer ticket' });
    // Submit stays off while the box is empty.
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(submit);
    expect(await screen.findByText(BAD_EMAIL)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent()).toHaveLength(0);
  });

  it("shows the server's refusal on the box after the confirm step and sends the trimmed address", async () => {
    const sent = serve(true);
    const email = await screen.findByLabelText('Their email address');
    fireEvent.change(email, { target: { value: '  me@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer ticket' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Transfer this ticket to me@example.com?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer ticket' }));
    expect(await screen.findByText(SELF, {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(sent()).toEqual([
      { method: 'POST', url: `/api/tickets/${TICKET}/transfer`, body: { email: 'me@example.com' } },
    ]);
  });
});
