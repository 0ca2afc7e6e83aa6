import { useQuery } from '@tanstack/react-query';
import { Car, MapPin } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { Ride, RideListQuery } from '../../../contracts/rides';
import { PageBody, PageHeader } from '../../components/page-header';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../session';
import { eventRidesQuery, useRequestRide } from './api';
import { formatWhen, priceLabel, seatsLabel } from './format';

function RideRow({ ride }: { ride: Ride }) {
  return (
    <li>
      <Link
        to={`/ryder/${ride.id}`}
        className="flex flex-col gap-1 rounded-lg border border-border p-4 hover:bg-muted sm:flex-row sm:items-center sm:gap-4"
      >
        <Car aria-hidden="true" className="hidden size-8 shrink-0 text-primary sm:block" />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="font-semibold">From {ride.departureArea}</span>
          <span className="text-sm text-muted-foreground">
            {formatWhen(ride.departsAt)} · {ride.driver.name}
            {ride.driver.rating !== null ? ` · ★ ${ride.driver.rating}` : ''}
            {ride.distanceKm !== null ? ` · ${ride.distanceKm} km away` : ''}
          </span>
        </span>
        <span className="flex flex-wrap gap-2">
          <Badge variant={ride.seatsLeft > 0 ? 'success' : 'outline'}>
            {ride.seatsLeft > 0 ? `${seatsLabel(ride.seatsLeft)} left` : 'Full'}
          </Badge>
          <Badge variant="outline">{priceLabel(ride)}</Badge>
          {ride.returnDepartsAt ? <Badge variant="outline">Return trip</Badge> : null}
        </span>
      </Link>
    </li>
  );
}

function RequestForm({ eventId }: { eventId: string }) {
  const request = useRequestRide(eventId);
  const id = useId();
  const [area, setArea] = useState('');
  const [seats, setSeats] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (area.trim().length < 2) {
      setError('Say where you leave from');
      document.getElementById(`${id}-area`)?.focus();
      return;
    }
    setError(null);
    request.mutate(
      { area: area.trim(), seats: Number(seats) },
      {
        onSuccess: () => {
          setDone(true);
          setArea('');
        },
        onError: (e) => setError(errorMessage(e, 'The request could not be posted')),
      },
    );
  }
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      {done ? (
        <Alert variant="success">Request posted: drivers leaving nearby are told.</Alert>
      ) : null}
      <Field id={`${id}-area`} label="Leaving from" error={error ?? undefined}>
        <Input
          id={`${id}-area`}
          value={area}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? `${id}-area-error` : undefined}
          onChange={(e) => setArea(e.target.value)}
        />
      </Field>
      <Field id={`${id}-seats`} label="Seats needed">
        <Select id={`${id}-seats`} value={seats} onChange={(e) => setSeats(e.target.value)}>
          {[1, 2, 3, 4].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" variant="outline" disabled={request.isPending} className="self-start">
        Post ride request
      </Button>
    </form>
  );
}

/** /event-ryder/:eventId: the event's rides, sorted and filtered, and its ride requests. */
export function EventRidesPage() {
  const { eventId = '' } = useParams();
  const { user } = useSession();
  const id = useId();
  const [filters, setFilters] = useState<RideListQuery>({ sort: 'time', price: 'any' });
  const [place, setPlace] = useState({ lat: '', lng: '' });
  const query = useQuery(eventRidesQuery(eventId, filters));
  const set = (patch: Partial<RideListQuery>) => setFilters((f) => ({ ...f, ...patch }));

  let body;
  if (query.isPending) body = <Spinner label="Loading rides" />;
  else if (query.isError)
    body = (
      <LoadFailed
        title="Rides could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.rides.length === 0)
    body = (
      <EmptyState icon={Car} title="No rides yet">
        <p className="text-sm text-muted-foreground">
          Be the first to offer one, or post a request.
        </p>
      </EmptyState>
    );
  else
    body = (
      <ul className="flex flex-col gap-2" aria-label="Rides">
        {query.data.rides.map((ride) => (
          <RideRow key={ride.id} ride={ride} />
        ))}
      </ul>
    );

  const title = query.data ? `Rides to ${query.data.event.title}` : 'Rides to this event';
  return (
    <PageBody>
      <PageHeader
        title={title}
        description="Share the trip: offer empty seats or find a ride."
        actions={
          <>
            <Link
              to={`/event/${eventId}`}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              Event page
            </Link>
            <Link to={`/create-ryder?event=${eventId}`} className={buttonClasses({ size: 'sm' })}>
              Offer a ride
            </Link>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section aria-label="Find a ride" className="flex flex-col gap-4">
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              const lat = Number(place.lat);
              const lng = Number(place.lng);
              if (place.lat && place.lng && Number.isFinite(lat) && Number.isFinite(lng))
                set({ sort: 'distance', lat, lng });
            }}
          >
            <Field id={`${id}-sort`} label="Sort by">
              <Select
                id={`${id}-sort`}
                value={filters.sort}
                onChange={(e) => set({ sort: e.target.value as 'time' | 'distance' })}
              >
                <option value="time">Departure time</option>
                <option value="distance">Distance from my point</option>
              </Select>
            </Field>
            <Field id={`${id}-price`} label="Price">
              <Select
                id={`${id}-price`}
                value={filters.price}
                onChange={(e) => set({ price: e.target.value as 'any' | 'free' | 'paid' })}
              >
                <option value="any">Any</option>
                <option value="free">Free</option>
                <option value="paid">Paid</option>
              </Select>
            </Field>
            <Field id={`${id}-seats`} label="Seats">
              <Select
                id={`${id}-seats`}
                value={filters.minSeats === undefined ? '' : String(filters.minSeats)}
                onChange={(e) =>
                  set({ minSeats: e.target.value ? Number(e.target.value) : undefined })
                }
              >
                <option value="">Any</option>
                {[1, 2, 3, 4].map((n) => (
                  <option key={n} value={n}>
                    {n}+
                  </option>
                ))}
              </Select>
            </Field>
            <label className="flex items-center gap-2 pb-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={filters.returnTrip === 'true'}
                onChange={(e) => set({ returnTrip: e.target.checked ? 'true' : undefined })}
              />
              Return trip
            </label>
            {filters.sort === 'distance' ? (
              <>
                <Field id={`${id}-lat`} label="My latitude">
                  <Input
                    id={`${id}-lat`}
                    inputMode="decimal"
                    className="w-32"
                    value={place.lat}
                    onChange={(e) => setPlace((p) => ({ ...p, lat: e.target.value }))}
                  />
                </Field>
                <Field id={`${id}-lng`} label="My longitude">
                  <Input
                    id={`${id}-lng`}
                    inputMode="decimal"
                    className="w-32"
                    value={place.lng}
                    onChange={(e) => setPlace((p) => ({ ...p, lng: e.target.value }))}
                  />
                </Field>
                <Button type="submit" variant="outline" size="sm" className="mb-0.5">
                  <MapPin aria-hidden="true" className="size-4" /> Sort from here
                </Button>
              </>
            ) : null}
          </form>
          {body}
        </section>
        <aside className="flex flex-col gap-4">
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Need a ride?</CardTitle>
            </CardHeader>
            <CardContent>
              {user ? (
                <RequestForm eventId={eventId} />
              ) : (
                <p className="text-sm">
                  <Link to="/auth" className="font-medium underline">
                    Sign in
                  </Link>{' '}
                  to post a request.
                </p>
              )}
            </CardContent>
          </Card>
          {query.data?.requests.length ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">Ride requests</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="flex flex-col gap-2 text-sm">
                  {query.data.requests.map((r) => (
                    <li key={r.id} className="rounded-md border border-border p-2">
                      <span className="font-medium">{r.mine ? 'You' : r.rider.name}</span> need
                      {r.mine ? '' : 's'} {seatsLabel(r.seats)} from {r.area}
                      {r.mine ? null : (
                        <Link
                          to={`/messages?chat=${r.rider.id}`}
                          className="ms-1 font-medium text-primary underline"
                        >
                          Message
                        </Link>
                      )}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          ) : null}
        </aside>
      </div>
    </PageBody>
  );
}
