import {
  LIVE_SHARING_AFTER_MS,
  LIVE_SHARING_BEFORE_MS,
  type RIDE_BOOKING_STATUS,
} from '../../../contracts/rides';
import { isAdmin } from '../../platform/auth/guards';
import type { AuthUser } from '../../platform/auth/sessions';

// Who sees and does what on a ride (decision 026). Rows are scoped in the queries (a driver's
// rides, a rider's bookings: `driverId`/`userId` in the WHERE, lifted for admins by
// `ownerScope`); the decisions over what was read are here.

type Actor = Pick<AuthUser, 'id' | 'roles'>;
type BookingStatus = (typeof RIDE_BOOKING_STATUS)[number];
type Ride = { driverId: string };

/** Admins act as any driver or rider (spec §6): `null` lifts the owner scoping in the query. */
export const ownerScope = (actor: Actor): string | null => (isAdmin(actor) ? null : actor.id);

/** The ride's driver (an admin is not a driver: no chat, no seat role). */
export const drives = (actor: Actor | null, ride: Ride) => actor?.id === ride.driverId;

/** The driver and admins manage a ride: edit, cancel, share and stop its live position. */
export const managesRide = (actor: Actor | null, ride: Ride) =>
  Boolean(actor && (drives(actor, ride) || isAdmin(actor)));

/**
 * The exact departure point: the driver, a rider with a confirmed seat, admins. Everyone else
 * sees the approximate area only (decision 026), signed out included.
 */
export const seesExactPoint = (actor: Actor | null, ride: Ride, confirmedRider: boolean) =>
  managesRide(actor, ride) || confirmedRider;

export interface RideDetailAccess {
  role: 'driver' | 'rider' | 'pending' | 'none';
  exact: boolean;
  /** Whose bookings are listed: every one (driver, admin), the confirmed ones (a confirmed rider). */
  bookings: 'all' | 'confirmed' | null;
  /** The driver's email: only once the seat is confirmed (trust and safety). */
  driverContact: boolean;
  /** The ride's group chat is the driver's and the confirmed riders'. */
  chat: boolean;
  /** May rate the people of the ride once the event is over. */
  ratesAfterEvent: boolean;
}

/** What a person sees on a ride's page, from their own latest booking of it (if any). */
export function rideDetailAccess(
  actor: Actor | null,
  ride: Ride,
  myBooking: BookingStatus | null,
): RideDetailAccess {
  const driver = drives(actor, ride);
  const confirmed = myBooking === 'confirmed';
  const exact = seesExactPoint(actor, ride, confirmed);
  return {
    role: driver
      ? 'driver'
      : confirmed
        ? 'rider'
        : myBooking === 'pending' || myBooking === 'awaiting_payment'
          ? 'pending'
          : 'none',
    exact,
    bookings: !exact ? null : managesRide(actor, ride) ? 'all' : 'confirmed',
    driverContact: confirmed,
    chat: driver || confirmed,
    ratesAfterEvent: Boolean(actor) && (driver || confirmed),
  };
}

/**
 * Who shares the live position: the driver or an admin. A confirmed rider is refused (they know
 * the ride); anyone else is told it does not exist.
 */
export function sharingRefusal(
  actor: Actor,
  ride: Ride,
  riderIds: readonly string[],
): 'forbidden' | 'not_found' | null {
  if (managesRide(actor, ride)) return null;
  return riderIds.includes(actor.id) ? 'forbidden' : 'not_found';
}

/** Who follows the live position: the driver and admins, and riders with a confirmed seat. */
export function liveAccess(
  actor: Actor,
  ride: Ride,
  booking: BookingStatus | null,
): 'driver' | 'rider' | null {
  if (managesRide(actor, ride)) return 'driver';
  return booking === 'confirmed' ? 'rider' : null;
}

export interface Window {
  start: number;
  end: number;
}

/** Live sharing is for the trip only: a window around the departure (and the return). */
export const tripSharingWindow = (ride: { departsAt: Date; returnDepartsAt: Date | null }) => ({
  start: ride.departsAt.getTime() - LIVE_SHARING_BEFORE_MS,
  end: (ride.returnDepartsAt ?? ride.departsAt).getTime() + LIVE_SHARING_AFTER_MS,
});

/** Whether the moment is inside a sharing window (a trip's here, a vendor's event day). */
export const within = (window: Window, now: Date) =>
  now.getTime() >= window.start && now.getTime() <= window.end;

/** The people of a ride: its driver and the riders with a confirmed seat. */
const together = (ride: Ride, confirmedRiderIds: readonly string[]) =>
  new Set([ride.driverId, ...confirmedRiderIds]);

/**
 * Rating after the event: only the people who shared the ride rate each other, never themselves,
 * and only once the event is over.
 */
export function ratingRefusal(facts: {
  raterId: string;
  rateeId: string;
  ride: Ride;
  confirmedRiderIds: readonly string[];
  eventOver: boolean;
}): 'too_early' | 'self' | 'not_together' | null {
  if (!facts.eventOver) return 'too_early';
  if (facts.raterId === facts.rateeId) return 'self';
  const people = together(facts.ride, facts.confirmedRiderIds);
  return people.has(facts.raterId) && people.has(facts.rateeId) ? null : 'not_together';
}

/** Whom a person of the ride may still rate: the others, less those already rated. */
export const stillToRate = <P extends { id: string }>(
  raterId: string,
  people: readonly P[],
  alreadyRated: ReadonlySet<string>,
) => people.filter((p) => p.id !== raterId && !alreadyRated.has(p.id));
