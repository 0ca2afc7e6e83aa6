import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { RideDetail } from '../../../contracts/rides';
import { Button, buttonClasses } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { formatTime } from '../../lib/dates';
import { realtime } from '../../lib/realtime';
import {
  liveLocationQuery,
  rideKeys,
  shareLocation,
  stopSharing,
  useLiveRideLocation,
} from './api';
import { MapBox } from './map-box';

/**
 * Live trip sharing. The driver's browser sends its position as it moves (only on this page,
 * which the server lets use geolocation, loaded as a full document with `?live=1`); confirmed
 * riders get each position over the realtime socket as it arrives.
 */
export function LivePanel({ ride }: { ride: RideDetail }) {
  const [params] = useSearchParams();
  const driver = ride.role === 'driver';
  const following = ride.role === 'driver' || ride.role === 'rider';
  const location = useQuery({ ...liveLocationQuery(ride.id), enabled: following });
  useLiveRideLocation(ride.id, following);
  const client = useQueryClient();
  const { t } = useLingui();
  const [status, setStatus] = useState<string | null>(null);
  const watch = useRef<number | null>(null);
  const start = () => {
    if (!('geolocation' in navigator)) {
      setStatus(t`This browser cannot share its location.`);
      return;
    }
    setStatus(t`Sharing your location with confirmed riders…`);
    watch.current = navigator.geolocation.watchPosition(
      (position) => {
        const point = { lat: position.coords.latitude, lng: position.coords.longitude };
        // Up the realtime socket the page holds open (the driver's own frame comes back as the
        // answer); over HTTP while that socket is down.
        if (realtime.send({ type: 'ride_location', rideId: ride.id, ...point })) return;
        shareLocation(ride.id, point)
          .then((sent) => client.setQueryData(rideKeys.location(ride.id), sent))
          .catch((e: unknown) => setStatus(errorMessage(e, t`Your location could not be shared`)));
      },
      () => setStatus(t`Location permission was refused.`),
      { enableHighAccuracy: true, maximumAge: 5000 },
    );
  };
  const stop = () => {
    if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
    watch.current = null;
    setStatus(t`Stopped sharing.`);
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
  const liveLat = lat?.toFixed(4);
  const liveLng = lng?.toFixed(4);
  const updatedAt = live?.updatedAt ? formatTime(live.updatedAt) : '';
  const livePoint = useMemo(() => (lat !== null && lng !== null ? { lat, lng } : null), [lat, lng]);
  return (
    <div className="flex flex-col gap-3 text-sm">
      {livePoint ? (
        <MapBox label={t`Map of the driver’s live position`} point={livePoint} className="h-48" />
      ) : null}
      {live?.sharing && live.lat !== null && live.lng !== null ? (
        <p role="status" aria-live="polite">
          <Trans>
            Driver’s position:{' '}
            <strong dir="ltr">
              {liveLat}, {liveLng}
            </strong>{' '}
            (updated {updatedAt})
          </Trans>
          {' · '}
          <a
            className="font-medium text-primary underline"
            href={`https://www.openstreetmap.org/?mlat=${live.lat}&mlon=${live.lng}#map=15/${live.lat}/${live.lng}`}
            target="_blank"
            rel="noreferrer"
          >
            <Trans>Open in a map</Trans>
          </a>
        </p>
      ) : (
        <p className="text-muted-foreground">
          <Trans>The driver is not sharing a live location right now.</Trans>
        </p>
      )}
      {driver ? (
        params.get('live') === '1' ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={start}>
              <Trans>Share my live location</Trans>
            </Button>
            <Button size="sm" variant="outline" onClick={stop}>
              <Trans>Stop sharing</Trans>
            </Button>
          </div>
        ) : (
          // A full page load: the permission to use geolocation comes with the document.
          <a href={`/ryder/${ride.id}?live=1`} className={buttonClasses({ size: 'sm' })}>
            <Trans>Start live trip sharing</Trans>
          </a>
        )
      ) : null}
      {status ? <p role="status">{status}</p> : null}
    </div>
  );
}
