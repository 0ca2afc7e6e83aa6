import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { BookSeatsInputSchema, type RideDetail } from '../../../contracts/rides';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { contractResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { Select } from '../../components/ui/select';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useSession } from '../session';
import { useBookSeats, useCancelBooking, usePayBooking } from './api';
import { bookingStatusLabel, seatsLabel } from './format';

interface BookValues {
  seats: string;
}
const BOOK_FIELDS = ['seats'] as const;
const bookInput = (values: BookValues) => ({ seats: Number(values.seats) });

/** The rider's side: book or request seats, pay for accepted ones, cancel. */
export function BookingPanel({ ride }: { ride: RideDetail }) {
  const { user } = useSession();
  const book = useBookSeats(ride.id);
  const pay = usePayBooking();
  const cancel = useCancelBooking();
  const { t } = useLingui();
  const say = useContractText();
  const form = useForm<BookValues>({
    defaultValues: { seats: '1' },
    resolver: contractResolver<BookValues>(BookSeatsInputSchema, bookInput, BOOK_FIELDS),
  });
  const [error, setError] = useState<string | null>(null);
  const mine = ride.myBooking;
  const bookedSeats = mine ? seatsLabel(mine.seats) : '';
  const bookingStatus = mine ? bookingStatusLabel(mine.status) : '';
  const live = mine && ['pending', 'awaiting_payment', 'confirmed'].includes(mine.status);
  const goPay = (url: string | null) => {
    if (url) window.location.assign(url);
  };
  async function submit(values: BookValues) {
    setError(null);
    try {
      goPay((await book.mutateAsync(bookInput(values))).checkoutUrl);
    } catch (err) {
      if (!setServerErrors(form, fieldErrors(err), BOOK_FIELDS))
        setError(errorMessage(err, t`The seats could not be booked`));
    }
  }
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
        <Form form={form} onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <FormField<BookValues> name="seats" label={t`Seats`} formatError={say}>
            {(control) => (
              <Select {...control}>
                {Array.from({ length: ride.seatsLeft }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <Button type="submit" disabled={book.isPending}>
            {ride.bookingMode === 'instant' ? t`Book seats` : t`Request seats`}
          </Button>
        </Form>
      ) : ride.status === 'active' ? (
        <p className="text-sm text-muted-foreground">
          <Trans>This ride is full.</Trans>
        </p>
      ) : null}
    </div>
  );
}
