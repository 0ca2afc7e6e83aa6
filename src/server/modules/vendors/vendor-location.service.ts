import {
  LIVE_LOCATION_TTL_MS,
  RIDE_MESSAGES as TEXT,
  type LiveLocation,
  type VendorLocations,
} from '../../../contracts/rides';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import type { RealtimeHub } from '../../platform/realtime/hub';
import { createNotifications } from '../notifications/notifications.service';
import { presentLocation, within } from '../rides/rides.service';
import * as q from './vendor-location.queries';
import { seesVendorLocations, vendorSharingWindow } from './vendors.policy';
import * as N from './vendor-notices';

export interface VendorLocationDeps {
  db: Database;
  clock: Clock;
  realtime: Pick<RealtimeHub, 'poke' | 'publish'>;
}

const eventNotFound = () => new AppError('NOT_FOUND', TEXT.eventNotFound);

/**
 * A vendor approved for the event shares their position with its organizer on the event day, by
 * the same expiring path as a driver's: one row overwritten and deleted after
 * LIVE_LOCATION_TTL_MS, and an unstored frame to the organizer's sockets. The organizer hears
 * `vendor_location_sharing` when a vendor starts, once a day per vendor.
 */
export async function shareVendorLocation(
  deps: VendorLocationDeps,
  actor: AuthUser,
  eventId: string,
  point: { lat: number; lng: number },
): Promise<LiveLocation> {
  const facts = await q.vendorSharingFacts(deps.db, { eventId, vendorId: actor.id });
  if (!facts) throw eventNotFound();
  if (!facts.approved) throw new AppError('FORBIDDEN', TEXT.notVendor);
  const now = deps.clock.now();
  const sharing = vendorSharingWindow(facts);
  const { start, end } = sharing;
  if (!within(sharing, now)) throw new AppError('CONFLICT', TEXT.vendorSharingDay);
  const expiresAt = new Date(Math.min(now.getTime() + LIVE_LOCATION_TTL_MS, end));
  const position = { lat: point.lat, lng: point.lng, updatedAt: now, expiresAt };
  const location = presentLocation(position);
  const { first } = await q.upsertVendorPosition(deps.db, {
    eventId,
    vendorId: actor.id,
    ...position,
  });
  if (first) {
    const day = new Date(start).toISOString().slice(0, 10);
    const created = await createNotifications(deps.db, [
      {
        userId: facts.ownerId,
        type: 'vendor_location_sharing',
        title: N.TITLES.sharesLocation,
        message: N.sharesLocation(facts.vendorName, facts.title),
        relatedId: eventId,
        metadata: { event_id: eventId, vendor_id: actor.id },
        // Once per vendor and event day, however often the sharing stops and starts again.
        dedupeKey: `vendor_location_sharing:${eventId}:${actor.id}:${day}`,
      },
    ]);
    if (created) deps.realtime.poke();
  }
  deps.realtime.publish([facts.ownerId], {
    type: 'vendor_location',
    eventId,
    vendor: { id: actor.id, name: facts.vendorName },
    location,
  });
  return location;
}

export async function stopVendorSharing(
  deps: VendorLocationDeps,
  actor: AuthUser,
  eventId: string,
) {
  const facts = await q.vendorSharingFacts(deps.db, { eventId, vendorId: actor.id });
  if (!facts) throw eventNotFound();
  await q.deleteVendorPosition(deps.db, { eventId, vendorId: actor.id });
  deps.realtime.publish([facts.ownerId], {
    type: 'vendor_location',
    eventId,
    vendor: { id: actor.id, name: facts.vendorName },
    location: presentLocation(null),
  });
  return { ok: true as const };
}

/** The organizer (or an admin) sees the fresh positions of the event's vendors. */
export async function vendorLocations(
  deps: VendorLocationDeps,
  actor: AuthUser,
  eventId: string,
): Promise<VendorLocations> {
  const facts = await q.vendorSharingFacts(deps.db, { eventId, vendorId: actor.id });
  // Not the organizer: the positions are not theirs to know (404, as for a ride's location).
  if (!facts || !seesVendorLocations(actor, facts)) throw eventNotFound();
  const rows = await q.vendorPositionsOf(deps.db, { eventId, now: deps.clock.now() });
  return {
    eventId,
    eventTitle: facts.title,
    items: rows.map(({ position, vendorName }) => ({
      vendor: { id: position.vendorId, name: vendorName },
      lat: position.lat,
      lng: position.lng,
      updatedAt: position.updatedAt.toISOString(),
      expiresAt: position.expiresAt.toISOString(),
    })),
  };
}

/** Deletes the positions nobody read after they expired (the cleanup job). */
export async function cleanupVendorPositions(deps: Pick<VendorLocationDeps, 'db' | 'clock'>) {
  await q.deleteExpiredVendorPositions(deps.db, { now: deps.clock.now() });
}
