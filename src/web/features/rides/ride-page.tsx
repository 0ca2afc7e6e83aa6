import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageBody, PageHeader } from '../../components/page-header';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../session';
import { rideQuery, useRideUpdates } from './api';
import { BookingPanel } from './booking-panel';
import { DriverPanel } from './driver-panel';
import { seatsLabel } from './format';
import { LivePanel } from './live-panel';
import { MapBox } from './map-box';
import { RatePanel } from './rate-panel';
import { RideFacts } from './ride-facts';
import { RideSafety } from './safety-actions';

/** /ryder/:ryderId: a ride's details, booking, the driver's requests, live sharing, ratings. */
export function RidePage() {
  const { ryderId = '' } = useParams();
  const query = useQuery(rideQuery(ryderId));
  const { user } = useSession();
  const { t } = useLingui();
  useRideUpdates(ryderId, Boolean(user));
  if (query.isPending)
    return (
      <PageBody>
        <Spinner label={t`Loading the ride`} />
      </PageBody>
    );
  if (query.isError)
    return (
      <PageBody>
        <LoadFailed
          title={t`The ride could not be loaded`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </PageBody>
    );
  const ride = query.data;
  const canChat = ride.role === 'rider' || ride.role === 'pending';
  const eventTitle = ride.eventTitle;
  const area = ride.departureArea;
  const driverName = ride.driver.name;
  const driverContact = ride.driverContact;
  return (
    <PageBody>
      <PageHeader
        title={t`Ride to ${eventTitle}`}
        description={t`From ${area}`}
        actions={
          <>
            <Link
              to={`/event-ryder/${ride.eventId}`}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              <Trans>All rides to this event</Trans>
            </Link>
            <Link
              to={`/shared-ryder/${ride.id}`}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              <Trans>Share</Trans>
            </Link>
          </>
        }
      />
      {ride.status === 'cancelled' ? (
        <Alert variant="destructive" className="mb-6" title={t`This ride was cancelled`}>
          <Trans>Paid seats are refunded.</Trans>
        </Alert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-6">
          <Card>
            <CardContent className="flex flex-col gap-4 pt-6">
              <RideFacts ride={ride} />
              {ride.departurePoint ? (
                <MapBox label={t`Map of the meeting point`} point={ride.departurePoint} />
              ) : ride.approximatePoint ? (
                <MapBox
                  label={t`Map of the approximate departure area`}
                  point={ride.approximatePoint}
                  approximate
                />
              ) : null}
            </CardContent>
          </Card>
          {ride.role === 'driver' ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">
                  <Trans>Riders and requests</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <DriverPanel ride={ride} />
              </CardContent>
            </Card>
          ) : ride.bookings ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">
                  <Trans>Riders</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="flex flex-col gap-1 text-sm">
                  {ride.bookings.map((b) => (
                    <li key={b.id}>
                      {b.rider.name} · {seatsLabel(b.seats)}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          ) : null}
          <RatePanel ride={ride} />
        </div>
        <aside className="flex flex-col gap-6">
          {ride.role !== 'driver' ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">
                  <Trans>Your seats</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <BookingPanel ride={ride} />
              </CardContent>
            </Card>
          ) : null}
          {canChat ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">
                  <Trans>Talk to the driver</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-2 text-sm">
                <Link
                  to={`/messages?chat=${ride.driver.id}`}
                  className={buttonClasses({ variant: 'outline', size: 'sm' })}
                >
                  <Trans>Message {driverName}</Trans>
                </Link>
                {ride.driverContact ? (
                  <p>
                    <Trans>
                      Contact:{' '}
                      <a className="underline" href={`mailto:${driverContact}`}>
                        {driverContact}
                      </a>
                    </Trans>
                  </p>
                ) : (
                  <p className="text-muted-foreground">
                    <Trans>Contact details show once your seat is confirmed.</Trans>
                  </p>
                )}
              </CardContent>
            </Card>
          ) : null}
          {ride.role === 'driver' || ride.role === 'rider' ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">
                  <Trans>Ride chat</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent className="text-sm">
                {ride.chatId ? (
                  <Link
                    to={`/messages?chat=${ride.chatId}`}
                    className={buttonClasses({ variant: 'outline', size: 'sm' })}
                  >
                    <Trans>Ride chat</Trans>
                  </Link>
                ) : (
                  <p className="text-muted-foreground">
                    <Trans>The ride chat opens when the first rider is confirmed.</Trans>
                  </p>
                )}
              </CardContent>
            </Card>
          ) : null}
          {user && ride.role !== 'driver' ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">
                  <Trans>Safety</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <RideSafety rideId={ride.id} driver={ride.driver} />
              </CardContent>
            </Card>
          ) : null}
          {ride.role === 'driver' || ride.role === 'rider' ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">
                  <Trans>Live trip</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <LivePanel ride={ride} />
              </CardContent>
            </Card>
          ) : null}
        </aside>
      </div>
    </PageBody>
  );
}
