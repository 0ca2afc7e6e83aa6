import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { realtime } from '../../lib/realtime';
import { holdRealtime } from '../../lib/realtime-hold';
import type {
  BookingResult,
  EventRides,
  LiveLocation,
  MapSettings,
  Ride,
  RideBooking,
  RideDetail,
  RideInput,
  RideListQuery,
  SharedRide,
} from '../../../contracts/rides';
import { apiDelete, apiGet, apiPatch, apiPost, apiRequest } from '../../lib/api-client';

// Rides to events: calls through src/contracts/rides.ts.

const enc = encodeURIComponent;

export const rideKeys = {
  all: ['rides'] as const,
  event: (eventId: string, query: RideListQuery) => ['rides', 'event', eventId, query] as const,
  ride: (id: string) => ['rides', 'ride', id] as const,
  shared: (id: string) => ['rides', 'shared', id] as const,
  location: (id: string) => ['rides', 'location', id] as const,
  // Outside `all`: a booking or an edit does not refetch them.
  mapSettings: ['ride-map-settings'] as const,
  vendorLocations: (eventId: string) => ['vendor-locations', eventId] as const,
};

export const eventRidesQuery = (eventId: string, query: RideListQuery) =>
  queryOptions({
    queryKey: rideKeys.event(eventId, query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query))
        if (value !== undefined && value !== '') params.set(key, String(value));
      const qs = params.toString();
      return apiGet<EventRides>(`/api/events/${enc(eventId)}/rides${qs ? `?${qs}` : ''}`, {
        signal,
      });
    },
  });

export const rideQuery = (id: string) =>
  queryOptions({
    queryKey: rideKeys.ride(id),
    queryFn: ({ signal }) => apiGet<RideDetail>(`/api/rides/${enc(id)}`, { signal }),
    // Seat requests and answers show up while the page is open (the driver accepts live).
    refetchInterval: 5000,
  });

export const sharedRideQuery = (id: string) =>
  queryOptions({
    queryKey: rideKeys.shared(id),
    queryFn: ({ signal }) => apiGet<SharedRide>(`/api/rides/${enc(id)}/shared`, { signal }),
  });

export const liveLocationQuery = (id: string) =>
  queryOptions({
    queryKey: rideKeys.location(id),
    queryFn: ({ signal }) => apiGet<LiveLocation>(`/api/rides/${enc(id)}/location`, { signal }),
    // Positions arrive on the realtime socket (useLiveRideLocation); this poll is the safety net
    // for a socket that is down.
    refetchInterval: 30_000,
  });

/** The tile server (MAP_TILE_URL): the same for the whole visit. */
export const mapSettingsQuery = queryOptions({
  queryKey: rideKeys.mapSettings,
  queryFn: ({ signal }) => apiGet<MapSettings>('/api/rides/map', { signal }),
  staleTime: Infinity,
});

function useRideMutation<T, V>(fn: (vars: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: rideKeys.all }),
  });
}

export const useOfferRide = () =>
  useRideMutation((input: RideInput) => apiPost<Ride>('/api/rides', input));
export const useUpdateRide = (id: string) =>
  useRideMutation((input: Partial<RideInput>) => apiPatch<Ride>(`/api/rides/${enc(id)}`, input));
export const useCancelRide = (id: string) =>
  useRideMutation(() => apiPost<Ride>(`/api/rides/${enc(id)}/cancel`));
export const useBookSeats = (id: string) =>
  useRideMutation((input: { seats: number; message?: string }) =>
    apiPost<BookingResult>(`/api/rides/${enc(id)}/bookings`, input),
  );
export const useAnswerBooking = () =>
  useRideMutation(({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
    apiPost<RideBooking>(`/api/ride-bookings/${enc(id)}/${answer}`),
  );
export const usePayBooking = () =>
  useRideMutation((id: string) => apiPost<BookingResult>(`/api/ride-bookings/${enc(id)}/pay`));
export const useCancelBooking = () =>
  useRideMutation((id: string) => apiPost<RideBooking>(`/api/ride-bookings/${enc(id)}/cancel`));
export const useRequestRide = (eventId: string) =>
  useRideMutation((input: { area: string; seats: number; note?: string }) =>
    apiPost(`/api/events/${enc(eventId)}/ride-requests`, input),
  );
export const useRate = (id: string) =>
  useRideMutation((input: { userId: string; rating: number; comment: string }) =>
    apiPost(`/api/rides/${enc(id)}/ratings`, input),
  );
export const shareLocation = (id: string, point: { lat: number; lng: number }) =>
  apiRequest<LiveLocation>(`/api/rides/${enc(id)}/location`, { method: 'PUT', body: point });
export const stopSharing = (id: string) => apiDelete(`/api/rides/${enc(id)}/location`);

/**
 * Seat requests, answers and cancellations reach the ride page as they happen: each sends its
 * people a notification about the ride (`relatedId` is the ride), which arrives on the realtime
 * socket, so the page refetches then rather than at its next 5 s poll.
 */
export function useRideUpdates(rideId: string, enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || !rideId) return;
    return holdRealtime([
      realtime.subscribe('notifications', (frame) => {
        if (frame.events.some((e) => e.notification.relatedId === rideId))
          void client.invalidateQueries({ queryKey: rideKeys.ride(rideId) });
      }),
    ]);
  }, [client, enabled, rideId]);
}

/**
 * The driver's live position as it arrives on the realtime socket (`ride_location` frames,
 * decision 026); after a reconnect the position is fetched again, since frames sent while the
 * socket was down are not replayed.
 */
export function useLiveRideLocation(rideId: string, enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const key = rideKeys.location(rideId);
    return holdRealtime(
      [
        realtime.subscribe('ride_location', (frame) => {
          if (frame.rideId === rideId) client.setQueryData(key, frame.location);
        }),
      ],
      { onReopen: () => void client.invalidateQueries({ queryKey: key }) },
    );
  }, [client, enabled, rideId]);
}
