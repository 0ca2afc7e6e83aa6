import {
  SHARED_POINT_DECIMALS,
  type Ride,
  type RideBooking,
  type SharedRide,
} from '../../../contracts/rides';
import type { BookingView, RideView } from './rides.queries';

export function presentRide(view: RideView): Ride {
  const { ride } = view;
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
    departurePoint:
      ride.departureLat !== null && ride.departureLng !== null
        ? { lat: ride.departureLat, lng: ride.departureLng }
        : null,
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

const round = (value: number) => {
  const factor = 10 ** SHARED_POINT_DECIMALS;
  return Math.round(value * factor) / factor;
};

/**
 * The public share page: no riders, no contact, the driver's first name only, and the point
 * rounded to about a kilometre so a home address cannot be read off it.
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
        ? { lat: round(ride.departureLat), lng: round(ride.departureLng) }
        : null,
    departsAt: ride.departsAt.toISOString(),
    returnDepartsAt: ride.returnDepartsAt?.toISOString() ?? null,
    seatsLeft: ride.seatsLeft,
    priceCents: ride.priceCents,
    currency: ride.currency,
    status: ride.status,
  };
}
