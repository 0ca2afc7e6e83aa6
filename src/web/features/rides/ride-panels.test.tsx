import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RideDetail } from '../../../contracts/rides';
import { answerApi, fieldRefusal } from '../../test/msw';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import { BookingPanel } from './booking-panel';
import { RatePanel } from './rate-panel';

// The rider's two ride forms: the contract's texts on their fields before any request (focused),
// the server's refusal on its field, and the body each sends.

const RIDE_ID = '4a1b2c3d-0000-4000-8000-000000000002';
const DRIVER = { id: '4a1b2c3d-0000-4000-8000-000000000003', name: 'Dev Patel' };

// Only what the two panels read; the rest of a ride's detail is not theirs.
const ride = (over: Partial<RideDetail>) =>
  ({
    id: RIDE_ID,
    status: 'active',
    seatsLeft: 3,
    bookingMode: 'instant',
    myBooking: null,
    canRate: [DRIVER],
    ...over,
  }) as RideDetail;

const render = (element: React.ReactNode) =>
  renderWithRouter([{ path: '/', element }], { user: makeUser() });
const posts = (calls: { method: string }[]) => calls.filter((c) => c.method === 'POST');

describe('the ride rating form', () => {
  it('names a too long comment with the contract text and focuses it, without sending', async () => {
    const calls = answerApi(() => HttpResponse.json({}, { status: 201 }));
    render(<RatePanel ride={ride({})} />);
    fireEvent.change(screen.getByLabelText('Comment (optional)'), {
      target: { value: 'x'.repeat(1001) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('Comment must be at most 1000 characters')).toBeTruthy();
    const comment = screen.getByLabelText('Comment (optional)');
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(comment));
    expect(posts(calls)).toHaveLength(0);
  });

  it("shows the server's refusal on its field and sends the rating as chosen", async () => {
    const calls = answerApi(() => fieldRefusal('body.rating', 'Rating is 1 to 5'));
    render(<RatePanel ride={ride({})} />);
    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Comment (optional)'), {
      target: { value: 'On time' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('Rating is 1 to 5')).toBeTruthy();
    const rating = screen.getByLabelText('Rating');
    expect(rating.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(rating));
    expect(posts(calls)).toEqual([
      {
        method: 'POST',
        url: `/api/rides/${RIDE_ID}/ratings`,
        body: { userId: DRIVER.id, rating: 4, comment: 'On time' },
      },
    ]);
  });

  it('thanks the rider once the rating is saved', async () => {
    answerApi(() => HttpResponse.json({}, { status: 201 }));
    render(<RatePanel ride={ride({})} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('Thank you for rating.')).toBeTruthy();
  });
});

describe('the seat booking form', () => {
  it("shows the server's refusal on Seats and sends the seats as a number", async () => {
    const calls = answerApi(() => fieldRefusal('body.seats', 'At most 8 seats'));
    render(<BookingPanel ride={ride({ bookingMode: 'approval' })} />);
    fireEvent.change(screen.getByLabelText('Seats'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request seats' }));
    expect(await screen.findByText('At most 8 seats')).toBeTruthy();
    const seats = screen.getByLabelText('Seats');
    expect(seats.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(seats));
    expect(posts(calls)).toEqual([
      { method: 'POST', url: `/api/rides/${RIDE_ID}/bookings`, body: { seats: 2 } },
    ]);
  });

  it('shows a refusal naming no field above the form', async () => {
    answerApi(() =>
      HttpResponse.json(
        { error: { code: 'CONFLICT', message: 'Not enough seats left on this ride' } },
        { status: 409 },
      ),
    );
    render(<BookingPanel ride={ride({})} />);
    fireEvent.click(screen.getByRole('button', { name: 'Book seats' }));
    expect(await screen.findByText('Not enough seats left on this ride')).toBeTruthy();
    expect(screen.getByLabelText('Seats').getAttribute('aria-invalid')).toBe('false');
  });
});
