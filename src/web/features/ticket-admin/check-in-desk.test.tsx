import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerApi, fieldRefusal, server } from '../../test/msw';
import type { CheckInResult } from './api';
import { CheckInDesk } from './check-in-desk';

const EVENT = '11111111-1111-4111-8111-111111111111';
const result: CheckInResult = {
  result: 'checked_in',
  seatSection: 'Stalls',
  ticket: {
    id: '22222222-2222-4222-8222-222222222222',
    orderId: '33333333-3333-4333-8333-333333333333',
    status: 'valid',
    code: 'CODE',
    checkedInAt: '2026-12-05T19:42:00.000Z',
    ticketTypeName: 'Standard',
    seat: 'A-Row C-12',
    paidCents: 2500,
    currency: 'USD',
    holderName: 'Ada Obi',
    event: {
      id: EVENT,
      title: 'Quartet',
      startsAt: '2026-12-05T19:00:00.000Z',
      endsAt: null,
      timezone: 'UTC',
      location: 'Harbour Hall',
      isOnline: false,
      coverImage: null,
    },
    createdAt: '2026-12-01T10:00:00.000Z',
    isPast: false,
  },
};

describe('the online check-in desk', () => {
  it('says the seat as the door app does: the section by name, row and seat', async () => {
    server.use(
      http.post(`/api/events/${EVENT}/check-in`, () => HttpResponse.json(result)),
      // The card also offers the door's answers and a badge: none here.
      http.get(`/api/events/${EVENT}/*`, () => HttpResponse.json({})),
      http.get(`/api/badges/events/${EVENT}/templates`, () => HttpResponse.json({ templates: [] })),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <CheckInDesk eventId={EVENT} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Ticket code'), { target: { value: 'CODE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect((await screen.findByTestId('desk-seat')).textContent).toBe('Stalls · Row C · Seat 12');
    expect(screen.getByText('Ada Obi')).toBeTruthy();
  });

  it('names an empty code on the box and focuses it, sending nothing', async () => {
    const calls = answerApi(() => HttpResponse.json(result));
    renderDesk();
    fireEvent.change(screen.getByLabelText('Ticket code'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Please enter or scan a ticket code')).toBeTruthy();
    const box = screen.getByLabelText('Ticket code');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(calls).toHaveLength(0);
  });

  it('puts a refusal of the code on the box and sends the code trimmed', async () => {
    const calls = answerApi(() => fieldRefusal('body.code', 'This code is too long'));
    renderDesk();
    fireEvent.change(screen.getByLabelText('Ticket code'), { target: { value: ' CODE ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('This code is too long')).toBeTruthy();
    const box = screen.getByLabelText('Ticket code');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(screen.queryByText('Not admitted')).toBeNull();
    expect(calls).toEqual([
      { method: 'POST', url: `/api/events/${EVENT}/check-in`, body: { code: 'CODE' } },
    ]);
  });
});

function renderDesk() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CheckInDesk eventId={EVENT} />
    </QueryClientProvider>,
  );
}
