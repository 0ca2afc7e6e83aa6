import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import type { RideDetail } from '../../../contracts/rides';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { ReportButton } from '../reports';
import { useAnswerBooking, useCancelRide } from './api';
import { bookingStatusLabel, seatsLabel } from './format';
import { BlockPersonButton } from './safety-actions';

/** The driver's side: answer seat requests, reach or report riders, edit or cancel the ride. */
export function DriverPanel({ ride }: { ride: RideDetail }) {
  const answer = useAnswerBooking();
  const cancelRide = useCancelRide(ride.id);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-3">
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      {ride.bookings?.length ? (
        <ul className="flex flex-col gap-2" aria-label={t`Seat requests and riders`}>
          {ride.bookings.map((b) => {
            const riderName = b.rider.name;
            return (
              <li
                key={b.id}
                className="flex flex-wrap items-center gap-2 rounded-md border border-border p-2 text-sm"
              >
                <span className="flex-1 font-medium">
                  {b.rider.name} · {seatsLabel(b.seats)}
                </span>
                <Badge variant={b.status === 'confirmed' ? 'success' : 'warning'}>
                  {bookingStatusLabel(b.status)}
                </Badge>
                {b.status === 'pending' ? (
                  <>
                    <Button
                      size="sm"
                      onClick={() =>
                        answer.mutate(
                          { id: b.id, answer: 'accept' },
                          { onError: (e) => setError(errorMessage(e, t`Could not accept`)) },
                        )
                      }
                    >
                      {t`Accept ${riderName}`}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() =>
                        answer.mutate(
                          { id: b.id, answer: 'decline' },
                          { onError: (e) => setError(errorMessage(e, t`Could not decline`)) },
                        )
                      }
                    >
                      <Trans>Decline</Trans>
                    </Button>
                  </>
                ) : null}
                <Link
                  to={`/messages?chat=${b.rider.id}`}
                  className="font-medium text-primary underline"
                >
                  <Trans>Message</Trans>
                </Link>
                <ReportButton
                  targetType="user"
                  targetId={b.rider.id}
                  authorId={b.rider.id}
                  what={b.rider.name}
                />
                <BlockPersonButton person={b.rider} />
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>No seat requests yet.</Trans>
        </p>
      )}
      {ride.status === 'active' ? (
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/edit-ryder/${ride.id}`}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <Trans>Edit ride</Trans>
          </Link>
          {confirming ? (
            <>
              <Button
                size="sm"
                variant="destructive"
                disabled={cancelRide.isPending}
                onClick={() =>
                  cancelRide.mutate(undefined, {
                    onError: (e) => setError(errorMessage(e, t`The ride could not be cancelled`)),
                  })
                }
              >
                <Trans>Yes, cancel the ride</Trans>
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                <Trans>Keep it</Trans>
              </Button>
            </>
          ) : (
            <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
              <Trans>Cancel ride</Trans>
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}
