import { createHash } from 'node:crypto';
import {
  SHARED_POINT_DECIMALS,
  type LiveLocation,
  type Point,
  type Ride,
  type RideBooking,
  type SharedRide,
} from '../../../contracts/rides';
import type { BookingView } from './ride-bookings.queries';
import type { RideView } from './rides.queries';

/**
 * What the viewer may see of the ride: `exact` (the driver, a confirmed rider, an admin) gives
 * the exact departure point; everyone else gets the approximate area only.
 */
export interface RideAccess {
  exact: boolean;
}

export function presentRide(view: RideView, access: RideAccess): Ride {
  const { ride } = view;
  const point =
    ride.departureLat !== null && ride.departureLng !== null
      ? { lat: ride.departureLat, lng: ride.departureLng }
      : null;
  return {
    id: ride.id,
    eventId: ride.eventId,
    eventTitle: view.eventTitle,
    eventStartsAt: view.eventStartsAt.toISOString(),
    driver: {
      id: ride.driverId,
      name: view.driverName,
      avatarUrl: view.driverAvatarUrl,
      rating: view.driverRating,
      ratingCount: view.driverRatingCount,
    },
    departureArea: ride.departureArea,
    departurePoint: access.exact ? point : null,
    approximatePoint: point ? approximatePoint(ride.id, point) : null,
    departsAt: ride.departsAt.toISOString(),
    returnDepartsAt: ride.returnDepartsAt?.toISOString() ?? null,
    seats: ride.seats,
    seatsLeft: ride.seatsLeft,
    priceCents: ride.priceCents,
    currency: ride.currency,
    car: ride.car,
    luggage: ride.luggage,
    smoking: ride.smoking,
    pets: ride.pets,
    notes: ride.notes,
    bookingMode: ride.bookingMode,
    status: ride.status,
    distanceKm:
      view.distanceKm === undefined || view.distanceKm === null
        ? null
        : Math.round(Number(view.distanceKm) * 10) / 10,
  };
}

export function presentBooking(view: BookingView): RideBooking {
  const { booking } = view;
  return {
    id: booking.id,
    rideId: booking.rideId,
    rider: { id: booking.riderId, name: view.riderName, avatarUrl: view.riderAvatarUrl },
    seats: booking.seats,
    status: booking.status,
    message: booking.message,
    holdUntil: booking.holdUntil?.toISOString() ?? null,
    createdAt: booking.createdAt.toISOString(),
  };
}

const CELL = 10 ** -SHARED_POINT_DECIMALS;
/** Each way, the offset is at most this share of a grid cell (half a cell plus this stays < 1.2 km). */
const JITTER_OF_CELL = 0.25;

/**
 * The ride's approximate area, the same on every request: the exact point snapped to a 0.01°
 * grid (about 1 km), then moved by an offset drawn from the ride's id (up to a quarter cell each
 * way), so the marker is not on a visible lattice and two rides from one home differ. What bounds
 * what can be learnt is the grid: averaging many rides from one home converges on its cell's
 * centre, never nearer than the cell. Always within APPROXIMATE_AREA_KM of the exact point.
 */
export function approximatePoint(rideId: string, point: Point): Point {
  const hash = createHash('sha256').update(`ride-area:${rideId}`).digest();
  const unit = (offset: number) => hash.readUInt32BE(offset) / 2 ** 32 - 0.5; // [-0.5, 0.5)
  const snap = (value: number) => Math.round(value / CELL) * CELL;
  const lat = Math.max(-90, Math.min(90, snap(point.lat) + unit(0) * 2 * JITTER_OF_CELL * CELL));
  let lng = snap(point.lng) + unit(4) * 2 * JITTER_OF_CELL * CELL;
  if (lng > 180) lng -= 360;
  if (lng < -180) lng += 360;
  // Four decimals (~10 m) are plenty for a circle a kilometre wide.
  return { lat: Math.round(lat * 1e4) / 1e4, lng: Math.round(lng * 1e4) / 1e4 };
}

/**
 * The public share page: no riders, no contact, the driver's first name only, and the
 * approximate area so a home address cannot be read off it.
 */
export function presentShared(view: RideView): SharedRide {
  const { ride } = view;
  return {
    id: ride.id,
    eventId: ride.eventId,
    eventTitle: view.eventTitle,
    driverFirstName: view.driverName.trim().split(/\s+/)[0] ?? '',
    departureArea: ride.departureArea,
    approximatePoint:
      ride.departureLat !== null && ride.departureLng !== null
        ? approximatePoint(ride.id, { lat: ride.departureLat, lng: ride.departureLng })
        : null,
    departsAt: ride.departsAt.toISOString(),
    returnDepartsAt: ride.returnDepartsAt?.toISOString() ?? null,
    seatsLeft: ride.seatsLeft,
    priceCents: ride.priceCents,
    currency: ride.currency,
    status: ride.status,
  };
}

/**
 * A live position (a driver's on the trip, a vendor's on the event day) as the API and the
 * realtime frames carry it; no fresh position is `sharing: false`.
 */
export function presentLocation(
  position: { lat: number; lng: number; updatedAt: Date; expiresAt: Date } | null | undefined,
): LiveLocation {
  if (!position) return { sharing: false, lat: null, lng: null, updatedAt: null, expiresAt: null };
  return {
    sharing: true,
    lat: position.lat,
    lng: position.lng,
    updatedAt: position.updatedAt.toISOString(),
    expiresAt: position.expiresAt.toISOString(),
  };
}
