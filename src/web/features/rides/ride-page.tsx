import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { APPROXIMATE_AREA_KM, type RideDetail } from '../../../contracts/rides';
import { PageBody, PageHeader } from '../../components/page-header';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { realtime } from '../../lib/realtime';
import { useSession } from '../session';
import {
  liveLocationQuery,
  rideKeys,
  rideQuery,
  useLiveRideLocation,
  useRideUpdates,
  shareLocation,
  stopSharing,
  useAnswerBooking,
  useBookSeats,
  useCancelBooking,
  useCancelRide,
  usePayBooking,
  useRate,
} from './api';
import { formatWhen, priceLabel, seatsLabel } from './format';
import { formatTime } from '../../lib/dates';
import { MapBox } from './map-box';
import { BlockPersonButton, RideSafety } from './safety-actions';
import { ReportButton } from '../admin';

const STATUS_LABELS = {
  pending: 'Waiting for the driver',
  awaiting_payment: 'Accepted: payment due',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
} as const;

function Facts({ ride }: { ride: RideDetail }) {
  const rules = [
    ride.luggage ? 'Luggage OK' : 'No luggage',
    ride.smoking ? 'Smoking OK' : 'No smoking',
    ride.pets ? 'Pets OK' : 'No pets',
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-muted-foreground">Leaves</dt>
        <dd className="font-medium">{formatWhen(ride.departsAt)}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Return</dt>
        <dd className="font-medium">
          {ride.returnDepartsAt ? formatWhen(ride.returnDepartsAt) : 'One way'}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Seats left</dt>
        <dd className="font-medium">
          {ride.seatsLeft} of {ride.seats}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Price</dt>
        <dd className="font-medium">{priceLabel(ride)}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Driver</dt>
        <dd className="font-medium">
          {ride.driver.name}
          {ride.driver.rating !== null
            ? ` · ★ ${ride.driver.rating} (${ride.driver.ratingCount})`
            : ' · no ratings yet'}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Car</dt>
        <dd className="font-medium">{ride.car || 'Not given'}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Rules</dt>
        <dd className="font-medium">{rules.join(' · ')}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Booking</dt>
        <dd className="font-medium">
          {ride.bookingMode === 'instant' ? 'Instant' : 'The driver approves each request'}
        </dd>
      </div>
      {ride.departurePoint ? (
        <div>
          <dt className="text-muted-foreground">Meeting point</dt>
          <dd className="font-medium">
            {ride.departurePoint.lat.toFixed(4)}, {ride.departurePoint.lng.toFixed(4)}
          </dd>
        </div>
      ) : ride.approximatePoint ? (
        // The exact point is the driver's to give to confirmed riders (decision 026).
        <div>
          <dt className="text-muted-foreground">Area (approximate)</dt>
          <dd className="font-medium">
            Within {APPROXIMATE_AREA_KM} km of {ride.approximatePoint.lat.toFixed(2)},{' '}
            {ride.approximatePoint.lng.toFixed(2)}
            <span className="block text-xs font-normal text-muted-foreground">
              The exact meeting point shows once your seat is confirmed.
            </span>
          </dd>
        </div>
      ) : null}
      {ride.notes ? (
        <div className="sm:col-span-2">
          <dt className="text-muted-foreground">Notes</dt>
          <dd>{ride.notes}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function BookingPanel({ ride }: { ride: RideDetail }) {
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
          Your booking: {seatsLabel(mine.seats)} · <strong>{STATUS_LABELS[mine.status]}</strong>
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

function DriverPanel({ ride }: { ride: RideDetail }) {
  const answer = useAnswerBooking();
  const cancelRide = useCancelRide(ride.id);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      {ride.bookings?.length ? (
        <ul className="flex flex-col gap-2" aria-label="Seat requests and riders">
          {ride.bookings.map((b) => (
            <li
              key={b.id}
              className="flex flex-wrap items-center gap-2 rounded-md border border-border p-2 text-sm"
            >
              <span className="flex-1 font-medium">
                {b.rider.name} · {seatsLabel(b.seats)}
              </span>
              <Badge variant={b.status === 'confirmed' ? 'success' : 'warning'}>
                {STATUS_LABELS[b.status]}
              </Badge>
              {b.status === 'pending' ? (
                <>
                  <Button
                    size="sm"
                    onClick={() =>
                      answer.mutate(
                        { id: b.id, answer: 'accept' },
                        { onError: (e) => setError(errorMessage(e, 'Could not accept')) },
                      )
                    }
                  >
                    Accept {b.rider.name}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() =>
                      answer.mutate(
                        { id: b.id, answer: 'decline' },
                        { onError: (e) => setError(errorMessage(e, 'Could not decline')) },
                      )
                    }
                  >
                    Decline
                  </Button>
                </>
              ) : null}
              <Link
                to={`/messages?chat=${b.rider.id}`}
                className="font-medium text-primary underline"
              >
                Message
              </Link>
              <ReportButton
                targetType="user"
                targetId={b.rider.id}
                authorId={b.rider.id}
                what={b.rider.name}
              />
              <BlockPersonButton person={b.rider} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No seat requests yet.</p>
      )}
      {ride.status === 'active' ? (
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/edit-ryder/${ride.id}`}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            Edit ride
          </Link>
          {confirming ? (
            <>
              <Button
                size="sm"
                variant="destructive"
                disabled={cancelRide.isPending}
                onClick={() =>
                  cancelRide.mutate(undefined, {
                    onError: (e) => setError(errorMessage(e, 'The ride could not be cancelled')),
                  })
                }
              >
                Yes, cancel the ride
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </>
          ) : (
            <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
              Cancel ride
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Live trip sharing. The driver's browser sends its position as it moves (only on this page,
 * which the server lets use geolocation, loaded as a full document with `?live=1`); confirmed
 * riders get each position over the realtime socket as it arrives.
 */
function LivePanel({ ride }: { ride: RideDetail }) {
  const [params] = useSearchParams();
  const driver = ride.role === 'driver';
  const following = ride.role === 'driver' || ride.role === 'rider';
  const location = useQuery({ ...liveLocationQuery(ride.id), enabled: following });
  useLiveRideLocation(ride.id, following);
  const client = useQueryClient();
  const [status, setStatus] = useState<string | null>(null);
  const watch = useRef<number | null>(null);
  const start = () => {
    if (!('geolocation' in navigator)) {
      setStatus('This browser cannot share its location.');
      return;
    }
    setStatus('Sharing your location with confirmed riders…');
    watch.current = navigator.geolocation.watchPosition(
      (position) => {
        const point = { lat: position.coords.latitude, lng: position.coords.longitude };
        // Up the realtime socket the page holds open (the driver's own frame comes back as the
        // answer); over HTTP while that socket is down.
        if (realtime.send({ type: 'ride_location', rideId: ride.id, ...point })) return;
        shareLocation(ride.id, point)
          .then((sent) => client.setQueryData(rideKeys.location(ride.id), sent))
          .catch((e: unknown) => setStatus(errorMessage(e, 'Your location could not be shared')));
      },
      () => setStatus('Location permission was refused.'),
      { enableHighAccuracy: true, maximumAge: 5000 },
    );
  };
  const stop = () => {
    if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
    watch.current = null;
    setStatus('Stopped sharing.');
    void stopSharing(ride.id).then(() => location.refetch());
  };
  useEffect(
    () => () => {
      if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
    },
    [],
  );
  // A position the socket refused (outside the trip's window, no longer the driver's ride).
  useEffect(
    () =>
      realtime.subscribe('ride_location_refused', (frame) => {
        if (frame.rideId === ride.id) setStatus(frame.message);
      }),
    [ride.id],
  );
  // A position counts until its expiresAt: past it, the page shows nothing (re-rendered then).
  const [, setTick] = useState(0);
  const expiresAt = location.data?.expiresAt ?? null;
  useEffect(() => {
    if (!expiresAt) return;
    const left = Date.parse(expiresAt) - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setTick((n) => n + 1), left + 50);
    return () => clearTimeout(timer);
  }, [expiresAt]);
  const live =
    location.data?.sharing && expiresAt && Date.parse(expiresAt) > Date.now()
      ? location.data
      : undefined;
  const lat = live?.sharing ? live.lat : null;
  const lng = live?.sharing ? live.lng : null;
  const livePoint = useMemo(() => (lat !== null && lng !== null ? { lat, lng } : null), [lat, lng]);
  return (
    <div className="flex flex-col gap-3 text-sm">
      {livePoint ? (
        <MapBox label="Map of the driver’s live position" point={livePoint} className="h-48" />
      ) : null}
      {live?.sharing && live.lat !== null && live.lng !== null ? (
        <p role="status" aria-live="polite">
          Driver’s position:{' '}
          <strong>
            {live.lat.toFixed(4)}, {live.lng.toFixed(4)}
          </strong>{' '}
          (updated {live.updatedAt ? formatTime(live.updatedAt) : ''}){' · '}
          <a
            className="font-medium text-primary underline"
            href={`https://www.openstreetmap.org/?mlat=${live.lat}&mlon=${live.lng}#map=15/${live.lat}/${live.lng}`}
            target="_blank"
            rel="noreferrer"
          >
            Open in a map
          </a>
        </p>
      ) : (
        <p className="text-muted-foreground">
          The driver is not sharing a live location right now.
        </p>
      )}
      {driver ? (
        params.get('live') === '1' ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={start}>
              Share my live location
            </Button>
            <Button size="sm" variant="outline" onClick={stop}>
              Stop sharing
            </Button>
          </div>
        ) : (
          // A full page load: the permission to use geolocation comes with the document.
          <a href={`/ryder/${ride.id}?live=1`} className={buttonClasses({ size: 'sm' })}>
            Start live trip sharing
          </a>
        )
      ) : null}
      {status ? <p role="status">{status}</p> : null}
    </div>
  );
}

function RatePanel({ ride }: { ride: RideDetail }) {
  const rate = useRate(ride.id);
  const id = useId();
  const [who, setWho] = useState(ride.canRate[0]?.id ?? '');
  const [stars, setStars] = useState('5');
  const [comment, setComment] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  if (!ride.canRate.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Rate this ride</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            rate.mutate(
              { userId: who || (ride.canRate[0]?.id ?? ''), rating: Number(stars), comment },
              {
                onSuccess: () => setMessage('Thank you for rating.'),
                onError: (err) => setMessage(errorMessage(err, 'The rating could not be saved')),
              },
            );
          }}
        >
          {message ? <p role="status">{message}</p> : null}
          <Field id={`${id}-who`} label="Person">
            <Select id={`${id}-who`} value={who} onChange={(e) => setWho(e.target.value)}>
              {ride.canRate.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-stars`} label="Rating">
            <Select id={`${id}-stars`} value={stars} onChange={(e) => setStars(e.target.value)}>
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {n} of 5
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-comment`} label="Comment (optional)">
            <textarea
              id={`${id}-comment`}
              className="min-h-16 rounded-md border border-input bg-background px-3 py-2 text-sm"
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </Field>
          <Button type="submit" className="self-start" disabled={rate.isPending}>
            Send rating
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** /ryder/:ryderId: a ride's details, booking, the driver's requests, live sharing, ratings. */
export function RidePage() {
  const { ryderId = '' } = useParams();
  const query = useQuery(rideQuery(ryderId));
  const { user } = useSession();
  useRideUpdates(ryderId, Boolean(user));
  if (query.isPending)
    return (
      <PageBody>
        <Spinner label="Loading the ride" />
      </PageBody>
    );
  if (query.isError)
    return (
      <PageBody>
        <LoadFailed
          title="The ride could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </PageBody>
    );
  const ride = query.data;
  const canChat = ride.role === 'rider' || ride.role === 'pending';
  return (
    <PageBody>
      <PageHeader
        title={`Ride to ${ride.eventTitle}`}
        description={`From ${ride.departureArea}`}
        actions={
          <>
            <Link
              to={`/event-ryder/${ride.eventId}`}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              All rides to this event
            </Link>
            <Link
              to={`/shared-ryder/${ride.id}`}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              Share
            </Link>
          </>
        }
      />
      {ride.status === 'cancelled' ? (
        <Alert variant="destructive" className="mb-6" title="This ride was cancelled">
          Paid seats are refunded.
        </Alert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-6">
          <Card>
            <CardContent className="flex flex-col gap-4 pt-6">
              <Facts ride={ride} />
              {ride.departurePoint ? (
                <MapBox label="Map of the meeting point" point={ride.departurePoint} />
              ) : ride.approximatePoint ? (
                <MapBox
                  label="Map of the approximate departure area"
                  point={ride.approximatePoint}
                  approximate
                />
              ) : null}
            </CardContent>
          </Card>
          {ride.role === 'driver' ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">Riders and requests</CardTitle>
              </CardHeader>
              <CardContent>
                <DriverPanel ride={ride} />
              </CardContent>
            </Card>
          ) : ride.bookings ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">Riders</CardTitle>
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
                <CardTitle className="text-lg">Your seats</CardTitle>
              </CardHeader>
              <CardContent>
                <BookingPanel ride={ride} />
              </CardContent>
            </Card>
          ) : null}
          {canChat ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">Talk to the driver</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-2 text-sm">
                <Link
                  to={`/messages?chat=${ride.driver.id}`}
                  className={buttonClasses({ variant: 'outline', size: 'sm' })}
                >
                  Message {ride.driver.name}
                </Link>
                {ride.driverContact ? (
                  <p>
                    Contact:{' '}
                    <a className="underline" href={`mailto:${ride.driverContact}`}>
                      {ride.driverContact}
                    </a>
                  </p>
                ) : (
                  <p className="text-muted-foreground">
                    Contact details show once your seat is confirmed.
                  </p>
                )}
              </CardContent>
            </Card>
          ) : null}
          {ride.role === 'driver' || ride.role === 'rider' ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">Ride chat</CardTitle>
              </CardHeader>
              <CardContent className="text-sm">
                {ride.chatId ? (
                  <Link
                    to={`/messages?chat=${ride.chatId}`}
                    className={buttonClasses({ variant: 'outline', size: 'sm' })}
                  >
                    Ride chat
                  </Link>
                ) : (
                  <p className="text-muted-foreground">
                    The ride chat opens when the first rider is confirmed.
                  </p>
                )}
              </CardContent>
            </Card>
          ) : null}
          {user && ride.role !== 'driver' ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">Safety</CardTitle>
              </CardHeader>
              <CardContent>
                <RideSafety rideId={ride.id} driver={ride.driver} />
              </CardContent>
            </Card>
          ) : null}
          {ride.role === 'driver' || ride.role === 'rider' ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">Live trip</CardTitle>
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
