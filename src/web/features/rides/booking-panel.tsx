import { Trans, useLingui } from '@lingui/react/macro';
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
import { bookingStatusLabel, seatsLabel } from './format';

/** The rider's side: book or request seats, pay for accepted ones, cancel. */
export function BookingPanel({ ride }: { ride: RideDetail }) {
  const { user } = useSession();
  const book = useBookSeats(ride.id);
  const pay = usePayBooking();
  const cancel = useCancelBooking();
  const id = useId();
  const { t } = useLingui();
  const [seats, setSeats] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const mine = ride.myBooking;
  const bookedSeats = mine ? seatsLabel(mine.seats) : '';
  const bookingStatus = mine ? bookingStatusLabel(mine.status) : '';
  const live = mine && ['pending', 'awaiting_payment', 'confirmed'].includes(mine.status);
  const goPay = (url: string | null) => {
    if (url) window.location.assign(url);
  };
  if (!user)
    return (
      <p className="text-sm">
        <Trans>
          <Link to="/auth" className="font-medium underline">
            Sign in
          </Link>{' '}
          to book a seat.
        </Trans>
      </p>
    );
  return (
    <div className="flex flex-col gap-3">
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      {mine ? (
        <p className="text-sm" role="status">
          <Trans>
            Your booking: {bookedSeats} · <strong>{bookingStatus}</strong>
          </Trans>
        </p>
      ) : null}
      {mine?.status === 'awaiting_payment' ? (
        <Button
          disabled={pay.isPending}
          onClick={() =>
            pay.mutate(mine.id, {
              onSuccess: (r) => goPay(r.checkoutUrl),
              onError: (e) => setError(errorMessage(e, t`Payment could not start`)),
            })
          }
        >
          <Trans>Pay for my seats</Trans>
        </Button>
      ) : null}
      {live ? (
        <Button
          variant="outline"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(mine.id, {
              onError: (e) => setError(errorMessage(e, t`The booking could not be cancelled`)),
            })
          }
        >
          <Trans>Cancel my booking</Trans>
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
                onError: (err) => setError(errorMessage(err, t`The seats could not be booked`)),
              },
            );
          }}
        >
          <Field id={`${id}-seats`} label={t`Seats`}>
            <Select id={`${id}-seats`} value={seats} onChange={(e) => setSeats(e.target.value)}>
              {Array.from({ length: ride.seatsLeft }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" disabled={book.isPending}>
            {ride.bookingMode === 'instant' ? t`Book seats` : t`Request seats`}
          </Button>
        </form>
      ) : ride.status === 'active' ? (
        <p className="text-sm text-muted-foreground">
          <Trans>This ride is full.</Trans>
        </p>
      ) : null}
    </div>
  );
}
