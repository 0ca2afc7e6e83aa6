import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Car, MapPin } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { EventRides, Ride, RideListQuery } from '../../../contracts/rides';
import { PageBody, PageHeader } from '../../components/page-header';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../session';
import { eventRidesQuery } from './api';
import { formatDecimal, formatWhen, priceLabel } from './format';
import { RideRequestForm } from './ride-request-form';

function RideRow({ ride }: { ride: Ride }) {
  const { t } = useLingui();
  const area = ride.departureArea;
  const distance = ride.distanceKm === null ? null : formatDecimal(ride.distanceKm);
  const seatsLeft = ride.seatsLeft;
  return (
    <li>
      <Link
        to={`/ryder/${ride.id}`}
        className="flex flex-col gap-1 rounded-lg border border-border p-4 hover:bg-muted sm:flex-row sm:items-center sm:gap-4"
      >
        <Car aria-hidden="true" className="hidden size-8 shrink-0 text-primary sm:block" />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="font-semibold">
            <Trans>From {area}</Trans>
          </span>
          <span className="text-sm text-muted-foreground">
            {formatWhen(ride.departsAt)} · {ride.driver.name}
            {ride.driver.rating !== null ? ` · ★ ${formatDecimal(ride.driver.rating)}` : ''}
            {distance !== null ? ` · ${t`${distance} km away`}` : ''}
          </span>
        </span>
        <span className="flex flex-wrap gap-2">
          <Badge variant={ride.seatsLeft > 0 ? 'success' : 'outline'}>
            {seatsLeft > 0 ? (
              <Plural value={seatsLeft} one="# seat left" other="# seats left" />
            ) : (
              <Trans>Full</Trans>
            )}
          </Badge>
          <Badge variant="outline">{priceLabel(ride)}</Badge>
          {ride.returnDepartsAt ? (
            <Badge variant="outline">
              <Trans>Return trip</Trans>
            </Badge>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

/** "Ana needs 2 seats from Downtown": one whole sentence per language and plural form. */
function RequestText({ request }: { request: EventRides['requests'][number] }) {
  const { t } = useLingui();
  const count = request.seats;
  const area = request.area;
  const name = request.rider.name;
  return request.mine
    ? t`${plural(count, { one: `You need # seat from ${area}`, other: `You need # seats from ${area}` })}`
    : t`${plural(count, { one: `${name} needs # seat from ${area}`, other: `${name} needs # seats from ${area}` })}`;
}

/** /event-ryder/:eventId: the event's rides, sorted and filtered, and its ride requests. */
export function EventRidesPage() {
  const { eventId = '' } = useParams();
  const { user } = useSession();
  const id = useId();
  const { t } = useLingui();
  const [filters, setFilters] = useState<RideListQuery>({ sort: 'time', price: 'any' });
  const [place, setPlace] = useState({ lat: '', lng: '' });
  const query = useQuery(eventRidesQuery(eventId, filters));
  const set = (patch: Partial<RideListQuery>) => setFilters((f) => ({ ...f, ...patch }));

  let body;
  if (query.isPending) body = <Spinner label={t`Loading rides`} />;
  else if (query.isError)
    body = (
      <LoadFailed
        title={t`Rides could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.rides.length === 0)
    body = (
      <EmptyState icon={Car} title={t`No rides yet`}>
        <p className="text-sm text-muted-foreground">
          <Trans>Be the first to offer one, or post a request.</Trans>
        </p>
      </EmptyState>
    );
  else
    body = (
      <ul className="flex flex-col gap-2" aria-label={t`Rides`}>
        {query.data.rides.map((ride) => (
          <RideRow key={ride.id} ride={ride} />
        ))}
      </ul>
    );

  const eventTitle = query.data?.event.title;
  const title = eventTitle ? t`Rides to ${eventTitle}` : t`Rides to this event`;
  return (
    <PageBody>
      <PageHeader
        title={title}
        description={t`Share the trip: offer empty seats or find a ride.`}
        actions={
          <>
            <Link
              to={`/event/${eventId}`}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              <Trans>Event page</Trans>
            </Link>
            <Link to={`/create-ryder?event=${eventId}`} className={buttonClasses({ size: 'sm' })}>
              <Trans>Offer a ride</Trans>
            </Link>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section aria-label={t`Find a ride`} className="flex flex-col gap-4">
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
            <Field id={`${id}-sort`} label={t`Sort by`}>
              <Select
                id={`${id}-sort`}
                value={filters.sort}
                onChange={(e) => set({ sort: e.target.value as 'time' | 'distance' })}
              >
                <option value="time">{t`Departure time`}</option>
                <option value="distance">{t`Distance from my point`}</option>
              </Select>
            </Field>
            <Field id={`${id}-price`} label={t`Price`}>
              <Select
                id={`${id}-price`}
                value={filters.price}
                onChange={(e) => set({ price: e.target.value as 'any' | 'free' | 'paid' })}
              >
                <option value="any">{t`Any`}</option>
                <option value="free">{t`Free`}</option>
                <option value="paid">{t`Paid`}</option>
              </Select>
            </Field>
            <Field id={`${id}-seats`} label={t`Seats`}>
              <Select
                id={`${id}-seats`}
                value={filters.minSeats === undefined ? '' : String(filters.minSeats)}
                onChange={(e) =>
                  set({ minSeats: e.target.value ? Number(e.target.value) : undefined })
                }
              >
                <option value="">{t`Any`}</option>
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
              <Trans>Return trip</Trans>
            </label>
            {filters.sort === 'distance' ? (
              <>
                <Field id={`${id}-lat`} label={t`My latitude`}>
                  <Input
                    id={`${id}-lat`}
                    inputMode="decimal"
                    className="w-32"
                    value={place.lat}
                    onChange={(e) => setPlace((p) => ({ ...p, lat: e.target.value }))}
                  />
                </Field>
                <Field id={`${id}-lng`} label={t`My longitude`}>
                  <Input
                    id={`${id}-lng`}
                    inputMode="decimal"
                    className="w-32"
                    value={place.lng}
                    onChange={(e) => setPlace((p) => ({ ...p, lng: e.target.value }))}
                  />
                </Field>
                <Button type="submit" variant="outline" size="sm" className="mb-0.5">
                  <MapPin aria-hidden="true" className="size-4" /> <Trans>Sort from here</Trans>
                </Button>
              </>
            ) : null}
          </form>
          {body}
        </section>
        <aside className="flex flex-col gap-4">
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">
                <Trans>Need a ride?</Trans>
              </CardTitle>
            </CardHeader>
            <CardContent>
              {user ? (
                <RideRequestForm eventId={eventId} />
              ) : (
                <p className="text-sm">
                  <Trans>
                    <Link to="/auth" className="font-medium underline">
                      Sign in
                    </Link>{' '}
                    to post a request.
                  </Trans>
                </p>
              )}
            </CardContent>
          </Card>
          {query.data?.requests.length ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">
                  <Trans>Ride requests</Trans>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="flex flex-col gap-2 text-sm">
                  {query.data.requests.map((r) => (
                    <li key={r.id} className="rounded-md border border-border p-2">
                      <RequestText request={r} />
                      {r.mine ? null : (
                        <Link
                          to={`/messages?chat=${r.rider.id}`}
                          className="ms-1 font-medium text-primary underline"
                        >
                          <Trans>Message</Trans>
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
