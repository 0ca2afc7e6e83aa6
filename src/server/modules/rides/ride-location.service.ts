import {
  LIVE_LOCATION_TTL_MS,
  RIDE_MESSAGES as TEXT,
  type LiveLocation,
} from '../../../contracts/rides';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { rideNotFound, type RideDeps } from './ride-common';
import * as bookingsQ from './ride-bookings.queries';
import * as q from './ride-location.queries';
import { liveAccess, managesRide, sharingRefusal, tripSharingWindow, within } from './rides.policy';
import { presentLocation } from './rides.presenter';
import { rideView } from './rides.queries';

// The driver's live position during the trip, for the driver and the confirmed riders
// (decision 026).

async function locationAccess(deps: RideDeps, actor: AuthUser, rideId: string) {
  const view = await rideView(deps.db, { rideId });
  if (!view) throw rideNotFound();
  // The driver's (or an admin's) access needs no booking read.
  const booking = managesRide(actor, view.ride)
    ? undefined
    : await bookingsQ.liveBookingOf(deps.db, { rideId, riderId: actor.id });
  const access = liveAccess(actor, view.ride, booking?.status ?? null);
  // Not the driver and not a confirmed rider: the location is not theirs to know.
  if (!access) throw rideNotFound();
  return { view, driver: access === 'driver' };
}

/**
 * The driver's position goes to the driver's and confirmed riders' sockets as it arrives (an
 * unstored frame through the hub, every process); the row is only for a page that opens later.
 */
export function publishLocation(
  deps: Pick<RideDeps, 'realtime'>,
  ride: { id: string; driverId: string },
  riderIds: readonly string[],
  location: LiveLocation,
) {
  deps.realtime.publish([ride.driverId, ...riderIds], {
    type: 'ride_location',
    rideId: ride.id,
    location,
  });
}

export async function shareLocation(
  deps: RideDeps,
  actor: AuthUser,
  rideId: string,
  point: { lat: number; lng: number },
): Promise<LiveLocation> {
  // This runs once a second per driver on the road: who may share and see comes from memory
  // (read once per ride, again when its riders or times change), never a read per update.
  const found = deps.live
    ? await deps.live.trip(rideId)
    : await q.rideWithConfirmedRiders(deps.db, { rideId });
  if (!found) throw rideNotFound();
  const { ride, riderIds } = found;
  const refusal = sharingRefusal(actor, ride, riderIds);
  if (refusal === 'forbidden') throw new AppError('FORBIDDEN', TEXT.notAllowed);
  if (refusal) throw rideNotFound();
  const now = deps.clock.now();
  const sharing = tripSharingWindow(ride);
  const { end } = sharing;
  if (ride.status !== 'active' || !within(sharing, now))
    throw new AppError('CONFLICT', TEXT.notSharing);
  const expiresAt = new Date(Math.min(now.getTime() + LIVE_LOCATION_TTL_MS, end));
  const position = { lat: point.lat, lng: point.lng, updatedAt: now, expiresAt };
  // Held in memory and written with the others every few seconds (it expires anyway).
  if (deps.live) deps.live.hold(rideId, position);
  else await q.upsertPosition(deps.db, { rideId, ...position });
  const location = presentLocation(position);
  publishLocation(deps, ride, riderIds, location);
  return location;
}

export async function stopSharing(deps: RideDeps, actor: AuthUser, rideId: string) {
  const { driver } = await locationAccess(deps, actor, rideId);
  if (!driver) throw new AppError('FORBIDDEN', TEXT.notAllowed);
  deps.live?.drop(rideId);
  await q.deletePosition(deps.db, { rideId });
  const found = await q.rideWithConfirmedRiders(deps.db, { rideId });
  if (found) publishLocation(deps, found.ride, found.riderIds, presentLocation(null));
  return { ok: true as const };
}

export async function liveLocation(
  deps: RideDeps,
  actor: AuthUser,
  rideId: string,
): Promise<LiveLocation> {
  await locationAccess(deps, actor, rideId);
  const now = deps.clock.now();
  // This process's memory first; the row holds what another process heard (a few seconds old).
  const row =
    deps.live?.current(rideId, now) ?? (await q.currentPosition(deps.db, { rideId, now }));
  return presentLocation(row);
}

/** Deletes the positions nobody read after they expired (the cleanup job). */
export async function cleanupPositions(deps: Pick<RideDeps, 'db' | 'clock'>) {
  await q.deleteExpiredPositions(deps.db, { now: deps.clock.now() });
}
