import { Trans, useLingui } from '@lingui/react/macro';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { LiveLocation, VendorLocations } from '../../../contracts/rides';
import { PageBody, PageHeader } from '../../components/page-header';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { apiDelete, apiGet, apiRequest, errorMessage } from '../../lib/api-client';
import { realtime } from '../../lib/realtime';
import { holdRealtime } from '../../lib/realtime-hold';
import { useSession } from '../session';
import { rideKeys } from './api';
import { MapBox } from './map-box';
import { formatTime } from '../../lib/dates';

// Vendors sharing their location with the organizer on the event day
// (vendor_location_sharing): the vendor's page (the only other page allowed geolocation besides a
// ride's, loaded as a full document) and the organizer's map of the event's vendors.

const enc = encodeURIComponent;

const vendorLocationsQuery = (eventId: string) =>
  queryOptions({
    queryKey: rideKeys.vendorLocations(eventId),
    queryFn: ({ signal }) =>
      apiGet<VendorLocations>(`/api/events/${enc(eventId)}/vendor-locations`, { signal }),
    // Positions arrive on the socket; this poll drops expired ones and covers a socket that is down.
    refetchInterval: 30_000,
  });

/** /event/:eventId/vendor-location: a vendor shares their position with the organizer. */
export function VendorLocationPage() {
  const { eventId = '' } = useParams();
  const { user, isLoading } = useSession();
  const [status, setStatus] = useState<string | null>(null);
  const [last, setLast] = useState<LiveLocation | null>(null);
  const watch = useRef<number | null>(null);
  const { t } = useLingui();
  const stopWatching = () => {
    if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
    watch.current = null;
  };
  useEffect(() => stopWatching, []);
  const start = () => {
    if (!('geolocation' in navigator)) {
      setStatus(t`This browser cannot share its location.`);
      return;
    }
    setStatus(t`Sharing your location with the organizer…`);
    watch.current = navigator.geolocation.watchPosition(
      (position) => {
        apiRequest<LiveLocation>(`/api/events/${enc(eventId)}/vendor-location`, {
          method: 'PUT',
          body: { lat: position.coords.latitude, lng: position.coords.longitude },
        })
          .then((location) => {
            setLast(location);
            setStatus(t`Sharing your location with the organizer.`);
          })
          .catch((e: unknown) => {
            stopWatching();
            setStatus(errorMessage(e, t`Your location could not be shared`));
          });
      },
      () => setStatus(t`Location permission was refused.`),
      { enableHighAccuracy: true, maximumAge: 5000 },
    );
  };
  const stop = () => {
    stopWatching();
    setLast(null);
    void apiDelete(`/api/events/${enc(eventId)}/vendor-location`).then(
      () => setStatus(t`Stopped sharing.`),
      (e: unknown) => setStatus(errorMessage(e, t`Sharing could not be stopped`)),
    );
  };
  const point = useMemo(
    () =>
      last && last.lat !== null && last.lng !== null ? { lat: last.lat, lng: last.lng } : null,
    [last],
  );
  const lastPosition = point ? `${point.lat.toFixed(4)}, ${point.lng.toFixed(4)}` : '';
  return (
    <PageBody narrow>
      <PageHeader
        title={t`Share my location with the organizer`}
        description={t`On the event day, the organizer sees where you are while you set up or arrive. It is never kept: each position expires after two minutes.`}
      />
      {isLoading ? (
        <Spinner label={t`Loading`} />
      ) : !user ? (
        <Alert title={t`Sign in to share your location`}>
          <Link to="/auth" className="font-medium underline">
            <Trans>Sign in</Trans>
          </Link>
        </Alert>
      ) : (
        <Card>
          <CardContent className="flex flex-col gap-4 pt-6 text-sm">
            <div className="flex flex-wrap gap-2">
              <Button onClick={start}>
                <Trans>Share my location</Trans>
              </Button>
              <Button variant="outline" onClick={stop}>
                <Trans>Stop sharing</Trans>
              </Button>
            </div>
            {status ? (
              <p role="status" aria-live="polite">
                {status}
              </p>
            ) : null}
            {point ? (
              <>
                <p>
                  <Trans>
                    Last position sent: <span dir="ltr">{lastPosition}</span>
                  </Trans>
                </p>
                <MapBox label={t`Map of my shared position`} point={point} className="h-48" />
              </>
            ) : null}
          </CardContent>
        </Card>
      )}
    </PageBody>
  );
}

/** /event/:eventId/vendor-locations: the organizer follows the vendors sharing their location. */
export function VendorLocationsPage() {
  const { eventId = '' } = useParams();
  const client = useQueryClient();
  const query = useQuery(vendorLocationsQuery(eventId));
  const { t } = useLingui();
  useEffect(() => {
    const key = vendorLocationsQuery(eventId).queryKey;
    return holdRealtime(
      [
        realtime.subscribe('vendor_location', (frame) => {
          if (frame.eventId !== eventId) return;
          client.setQueryData<VendorLocations>(key, (data) => {
            if (!data) return data;
            const others = data.items.filter((item) => item.vendor.id !== frame.vendor.id);
            const { location } = frame;
            if (!location.sharing || location.lat === null || location.lng === null)
              return { ...data, items: others };
            return {
              ...data,
              items: [
                ...others,
                {
                  vendor: frame.vendor,
                  lat: location.lat,
                  lng: location.lng,
                  updatedAt: location.updatedAt ?? new Date().toISOString(),
                  expiresAt: location.expiresAt ?? new Date().toISOString(),
                },
              ].sort((a, b) => a.vendor.name.localeCompare(b.vendor.name)),
            };
          });
        }),
      ],
      { onReopen: () => void client.invalidateQueries({ queryKey: key }) },
    );
  }, [client, eventId]);
  const items = query.data?.items ?? [];
  const markers = useMemo(
    () =>
      items.map((item) => ({
        id: item.vendor.id,
        point: { lat: item.lat, lng: item.lng },
        label: item.vendor.name,
      })),
    [items],
  );
  const eventTitle = query.data?.eventTitle;
  let body;
  if (query.isPending) body = <Spinner label={t`Loading the vendors’ locations`} />;
  else if (query.isError)
    body = (
      <LoadFailed
        title={t`The vendors’ locations could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else
    body = (
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6 text-sm">
          {items.length ? (
            <ul className="flex flex-col gap-1" aria-label={t`Vendors sharing their location`}>
              {items.map((item) => {
                const name = item.vendor.name;
                const position = `${item.lat.toFixed(4)}, ${item.lng.toFixed(4)}`;
                const updatedAt = formatTime(item.updatedAt);
                return (
                  <li key={item.vendor.id}>
                    <Trans>
                      <strong>{name}</strong>: <span dir="ltr">{position}</span> (updated{' '}
                      {updatedAt})
                    </Trans>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="text-muted-foreground">
              <Trans>No vendor is sharing a location right now.</Trans>
            </p>
          )}
          {markers[0] ? (
            <MapBox
              label={t`Map of the vendors’ locations`}
              point={markers[0].point}
              markers={markers}
            />
          ) : null}
        </CardContent>
      </Card>
    );
  return (
    <PageBody>
      <PageHeader
        title={eventTitle ? t`Vendors at ${eventTitle}` : t`Vendors’ locations`}
        description={t`Vendors approved for the event can share their live location with you on the event day.`}
        actions={
          <Link
            to={`/event/${eventId}`}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <Trans>Back to the event</Trans>
          </Link>
        }
      />
      {body}
    </PageBody>
  );
}
