import { RIDE_MESSAGES as TEXT } from '../../../contracts/rides';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import type { RealtimeHub } from '../../platform/realtime/hub';
import { AppError } from '../../platform/http/errors';
import { getEvent, type EventDeps } from '../events/events.service';
import type { NewNotification, NotificationText } from '../notifications/notifications.service';
import type { ModuleContext } from '../module';
import type { LiveTrips } from './rides.live';
import * as q from './rides.queries';

// What the rides services (rides and requests, bookings, live location, ratings) share.

export interface RideDeps extends EventDeps {
  db: Database;
  clock: Clock;
  ticketing: Pick<ModuleContext['ticketing'], 'orders' | 'payments'>;
  realtime: Pick<RealtimeHub, 'poke' | 'publish'>;
  /** Live trips kept in memory (the routes' process); without it every update reads the database. */
  live?: LiveTrips;
}

// Ride, booking and event ids come checked by the routes' schemas (the location socket checks
// its message with the same schema), so they are well-formed uuids here.
export const rideNotFound = () => new AppError('NOT_FOUND', TEXT.notFound);
export const bookingNotFound = () => new AppError('NOT_FOUND', TEXT.bookingNotFound);

export const notice = (
  userId: string,
  type: NewNotification['type'],
  rideId: string,
  title: NotificationText,
  message: NotificationText,
  dedupeKey?: string,
): NewNotification => ({
  userId,
  type,
  title,
  message,
  relatedId: rideId,
  metadata: { ride_id: rideId },
  dedupeKey,
});

/** The event must be one the person may see (drafts and private events do not leak). */
export async function visibleEvent(deps: RideDeps, actor: AuthUser | null, eventId: string) {
  return getEvent(deps, { id: eventId, actor });
}

export const eventOver = (view: q.RideView, now: Date) =>
  (view.eventEndsAt ?? view.eventStartsAt).getTime() < now.getTime();

export async function getRideView(deps: Pick<RideDeps, 'db'>, rideId: string) {
  const view = await q.rideView(deps.db, { rideId });
  if (!view) throw rideNotFound();
  return view;
}
