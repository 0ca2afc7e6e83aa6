import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerApi, fieldRefusal } from '../../test/msw';
import { RideRequestForm } from './ride-request-form';

// "Need a ride?": the contract's area text on its field before any request (focused), the
// server's refusal on its field, and the body it sends.

const EVENT = '11111111-1111-4111-8111-111111111111';
const URL = `/api/events/${EVENT}/ride-requests`;

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RideRequestForm eventId={EVENT} />
    </QueryClientProvider>,
  );
}

describe('the ride request form', () => {
  it('names a too short area with the contract text and focuses it, without sending', async () => {
    const calls = answerApi(() => HttpResponse.json({}));
    renderForm();
    fireEvent.change(screen.getByLabelText('Leaving from'), { target: { value: ' x ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post ride request' }));
    expect(await screen.findByText('Say where you leave from')).toBeTruthy();
    const area = screen.getByLabelText('Leaving from');
    expect(area.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(area));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal on its field, focused, after sending the trimmed area", async () => {
    const calls = answerApi(() => fieldRefusal('body.seats', 'Ask for at most 4 seats'));
    renderForm();
    fireEvent.change(screen.getByLabelText('Leaving from'), {
      target: { value: '  Fruitvale BART ' },
    });
    fireEvent.change(screen.getByLabelText('Seats needed'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post ride request' }));
    expect(await screen.findByText('Ask for at most 4 seats')).toBeTruthy();
    const seats = screen.getByLabelText('Seats needed');
    expect(seats.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(seats));
    expect(calls).toEqual([
      { method: 'POST', url: URL, body: { area: 'Fruitvale BART', seats: 3 } },
    ]);
  });

  it('posts the request, says so and empties the area', async () => {
    const calls = answerApi(() => HttpResponse.json({}, { status: 201 }));
    renderForm();
    fireEvent.change(screen.getByLabelText('Leaving from'), { target: { value: 'Downtown' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post ride request' }));
    expect(
      await screen.findByText('Request posted: drivers leaving nearby are told.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Leaving from') as HTMLInputElement).value).toBe('');
    expect(calls[0]).toEqual({ method: 'POST', url: URL, body: { area: 'Downtown', seats: 1 } });
  });
});
