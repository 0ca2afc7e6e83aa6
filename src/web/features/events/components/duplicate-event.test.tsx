import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerApi, fieldRefusal } from '../../../test/msw';
import { DuplicateEventButton } from './duplicate-event';

const EVENT = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Winter gig',
  // 19:00–22:00 in Berlin (UTC+1 in December).
  startsAt: '2026-12-10T18:00:00.000Z',
  endsAt: '2026-12-10T21:00:00.000Z',
  date: '2026-12-10',
  time: '19:00',
  timezone: 'Europe/Berlin',
};

/** Opens the dialog; `answer` is the server's reply to the duplicate request. */
async function open(answer: () => Response) {
  const calls = answerApi(() => answer());
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DuplicateEventButton event={EVENT} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Duplicate Winter gig' }));
  const start = (await screen.findByLabelText('Starts')) as HTMLInputElement;
  const end = screen.getByLabelText('Ends (optional)') as HTMLInputElement;
  return { calls, start, end };
}

const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create draft copy' }));

describe('DuplicateEventButton', () => {
  it('names an end before the start with the contract text and focuses it, without sending', async () => {
    const { calls, start, end } = await open(() => HttpResponse.json({}));
    // A week later at the same wall time in the event's zone.
    expect(start.value).toBe('2026-12-17T19:00');
    expect(end.value).toBe('2026-12-17T22:00');
    fireEvent.change(end, { target: { value: '2026-12-17T18:00' } });
    create();
    expect(await screen.findByText('The event must end after it starts')).toBeTruthy();
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(start.getAttribute('aria-invalid')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(end));
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['startsAt', 'Starts'],
    ['endsAt', 'Ends (optional)'],
  ])(
    "shows the server's %s refusal on its field and sends the dates in the event's zone",
    async (field, label) => {
      const { calls } = await open(() => fieldRefusal(`body.${field}`, 'Refused by the server'));
      create();
      expect(await screen.findByText('Refused by the server')).toBeTruthy();
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      await waitFor(() => expect(document.activeElement).toBe(input));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(calls).toEqual([
        {
          method: 'POST',
          url: `/api/events/${EVENT.id}/duplicate`,
          body: { startsAt: '2026-12-17T18:00:00.000Z', endsAt: '2026-12-17T21:00:00.000Z' },
        },
      ]);
    },
  );
});
