import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerApi, fieldRefusal, type ApiCall } from '../../test/msw';
import { SeriesPlanner } from './series-planner';

// The series planner: its checks on their fields before any request (focus on the first), the
// server's refusal on its field, and the request it sends.

const EVENT = '11111111-1111-4111-8111-111111111111';
const MINE = {
  events: [
    { id: EVENT, title: 'Rooftop jazz', startsAt: '2027-01-08T19:00:00.000Z', eventStatus: 'live' },
  ],
};

function renderPlanner(answer: (call: ApiCall) => Response) {
  const calls = answerApi((call) =>
    call.method === 'GET' ? HttpResponse.json(MINE) : answer(call),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SeriesPlanner />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return () => calls.filter((call) => call.method !== 'GET');
}

describe('the series planner', () => {
  it('names a missing event and a count out of range on their fields, focuses the event, sends nothing', async () => {
    const sent = renderPlanner(() => HttpResponse.json({ events: [] }));
    fireEvent.change(await screen.findByLabelText('Occurrences'), { target: { value: '53' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create series' }));
    expect(await screen.findByText('Please choose an event')).toBeTruthy();
    expect(screen.getByText('Choose between 2 and 52 occurrences')).toBeTruthy();
    const event = screen.getByLabelText('Event to repeat');
    expect(event.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Occurrences').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(event));
    expect(sent()).toHaveLength(0);
  });

  it("shows the server's refusal on its field, focused, after sending the series", async () => {
    const sent = renderPlanner(() =>
      fieldRefusal('body.occurrences', 'Choose between 2 and 52 occurrences'),
    );
    fireEvent.change(await screen.findByLabelText('Event to repeat'), {
      target: { value: EVENT },
    });
    fireEvent.change(screen.getByLabelText('Repeat'), { target: { value: 'monthly' } });
    fireEvent.change(screen.getByLabelText('Occurrences'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create series' }));
    expect(await screen.findByText('Choose between 2 and 52 occurrences')).toBeTruthy();
    const occurrences = screen.getByLabelText('Occurrences');
    expect(occurrences.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(occurrences));
    expect(sent()).toEqual([
      {
        method: 'POST',
        url: `/api/events/${EVENT}/series`,
        body: { frequency: 'monthly', occurrences: 6 },
      },
    ]);
  });

  it('creates a weekly series of four by default and lists the copies', async () => {
    const copy = { id: EVENT, title: 'Rooftop jazz', startsAt: '2027-01-15T19:00:00.000Z' };
    const sent = renderPlanner(() => HttpResponse.json({ events: [copy] }));
    fireEvent.change(await screen.findByLabelText('Event to repeat'), {
      target: { value: EVENT },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create series' }));
    expect(await screen.findByText('Series created')).toBeTruthy();
    expect(sent()).toEqual([
      {
        method: 'POST',
        url: `/api/events/${EVENT}/series`,
        body: { frequency: 'weekly', occurrences: 4 },
      },
    ]);
  });
});
