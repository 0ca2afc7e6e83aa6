import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { RideDetail } from '../../../contracts/rides';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../session';
import { useBookSeats, useCancelBooking, usePayBooking } from './api';
import { BOOKING_STATUS_LABELS, seatsLabel } from './format';

/** The rider's side: book or request seats, pay for accepted ones, cancel. */
export function BookingPanel({ ride }: { ride: RideDetail }) {
  const { user } = useSession();
  const book = useBookSeats(ride.id);
  const pay = usePayBooking();
  const cancel = useCancelBooking();
  const id = useId();
  const [seats, setSeats] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const mine = ride.myBooking;
  const live = mine && ['pending', 'awaiting_payment', 'confirmed'].includes(mine.status);
  const goPay = (url: string | null) => {
    if (url) window.location.assign(url);
  };
  if (!user)
    return (
      <p className="text-sm">
        <Link to="/auth" className="font-medium underline">
          Sign in
        </Link>{' '}
        to book a seat.
      </p>
    );
  return (
    <div className="flex flex-col gap-3">
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      {mine ? (
        <p className="text-sm" role="status">
          Your booking: {seatsLabel(mine.seats)} ·{' '}
          <strong>{BOOKING_STATUS_LABELS[mine.status]}</strong>
        </p>
      ) : null}
      {mine?.status === 'awaiting_payment' ? (
        <Button
          disabled={pay.isPending}
          onClick={() =>
            pay.mutate(mine.id, {
              onSuccess: (r) => goPay(r.checkoutUrl),
              onError: (e) => setError(errorMessage(e, 'Payment could not start')),
            })
          }
        >
          Pay for my seats
        </Button>
      ) : null}
      {live ? (
        <Button
          variant="outline"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(mine.id, {
              onError: (e) => setError(errorMessage(e, 'The booking could not be cancelled')),
            })
          }
        >
          Cancel my booking
        </Button>
      ) : ride.status === 'active' && ride.seatsLeft > 0 ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            book.mutate(
              { seats: Number(seats) },
              {
                onSuccess: (r) => goPay(r.checkoutUrl),
                onError: (err) => setError(errorMessage(err, 'The seats could not be booked')),
              },
            );
          }}
        >
          <Field id={`${id}-seats`} label="Seats">
            <Select id={`${id}-seats`} value={seats} onChange={(e) => setSeats(e.target.value)}>
              {Array.from({ length: ride.seatsLeft }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" disabled={book.isPending}>
            {ride.bookingMode === 'instant' ? 'Book seats' : 'Request seats'}
          </Button>
        </form>
      ) : ride.status === 'active' ? (
        <p className="text-sm text-muted-foreground">This ride is full.</p>
      ) : null}
    </div>
  );
}
