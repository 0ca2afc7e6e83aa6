import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SEATING_MESSAGES } from '../../../contracts/seating';
import { answerApi, fieldRefusal, type ApiCall } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { SeatingSettings } from './event-seating-page';

// The event's seating form: the contract's check of each category's ticket type before sending
// (the first unmapped one focused), the server's refusal on its category, and the body sent.

const EVENT = '11111111-1111-4111-8111-111111111111';
const PLAN = '22222222-2222-4222-8222-222222222222';
const DAY = '33333333-3333-4333-8333-333333333333';
const VIP = '44444444-4444-4444-8444-444444444444';
const categories = [
  { id: 'stalls', name: 'Stalls', color: '#1f6feb' },
  { id: 'balcony', name: 'Balcony', color: '#d97706' },
];

function renderSeating(put: () => Response) {
  const calls = answerApi((call) => {
    if (call.method === 'PUT') return put();
    if (call.url === `/api/events/${EVENT}/seating`) return HttpResponse.json(null);
    if (call.url === '/api/seating/plans')
      return HttpResponse.json({ plans: [{ id: PLAN, name: 'Hall', version: 2, seatCount: 120 }] });
    if (call.url === `/api/seating/plans/${PLAN}`)
      return HttpResponse.json({
        id: PLAN,
        name: 'Hall',
        version: 2,
        plan: { width: 800, height: 600, categories, sections: [], seatFlags: {} },
      });
    return HttpResponse.json({
      ticketTypes: [
        { id: DAY, name: 'Day pass' },
        { id: VIP, name: 'VIP' },
      ],
    });
  });
  renderWithRouter([{ path: '/', element: <SeatingSettings eventId={EVENT} /> }]);
  return calls;
}

const puts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PUT');

describe('the event’s seating form', () => {
  it('names an unmapped category with the contract’s text and focuses it, sending nothing', async () => {
    const calls = renderSeating(() => HttpResponse.json({}));
    fireEvent.change(await screen.findByLabelText('Stalls'), { target: { value: DAY } });
    fireEvent.click(screen.getByRole('button', { name: 'Save seating' }));
    expect(await screen.findByText(SEATING_MESSAGES.categoryTicketType)).toBeTruthy();
    const balcony = screen.getByLabelText('Balcony');
    expect(balcony.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Stalls').getAttribute('aria-invalid')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(balcony));
    expect(puts(calls)).toEqual([]);
  });

  it('puts the server’s refusal on its category and sends the plan, version and mapping', async () => {
    const calls = renderSeating(() =>
      fieldRefusal('body.ticketTypes.balcony', SEATING_MESSAGES.categoryTicketType),
    );
    fireEvent.change(await screen.findByLabelText('Stalls'), { target: { value: DAY } });
    fireEvent.change(screen.getByLabelText('Balcony'), { target: { value: VIP } });
    fireEvent.click(screen.getByRole('button', { name: 'Save seating' }));
    expect(await screen.findByText(SEATING_MESSAGES.categoryTicketType)).toBeTruthy();
    const balcony = screen.getByLabelText('Balcony');
    expect(balcony.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(balcony));
    expect(puts(calls)).toEqual([
      {
        method: 'PUT',
        url: `/api/events/${EVENT}/seating`,
        body: { planId: PLAN, version: 2, ticketTypes: { stalls: DAY, balcony: VIP } },
      },
    ]);
  });
});
