import { msg } from '@lingui/core/macro';
import { randomBytes } from 'node:crypto';
import {
  type CreateEventInput,
  type EventListFilters,
  type SeriesInput,
  type UpdateEventInput,
} from '../../../contracts/events';
import { CreateEventInputSchema, EVENT_MESSAGES } from '../../../contracts/events';
import type { Database, DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { defineCache } from '../../platform/cache/shared-cache';
import { AppError } from '../../platform/http/errors';
import { coverVariants } from '../../platform/storage/images';
import type { FileStore } from '../../platform/storage/storage';
import { localDateTime, locationLine } from './event-time';
import { canCreateEvents, canManageEvent, canViewEvent, isAdmin } from './events.policy';
import { decodeCursor, encodeCursor } from './events.presenter';
import {
  deleteOwnedEvent,
  expireEndedEvents,
  findCategoriesWithCounts,
  findEvents,
  findEventSight,
  findEventsOfOwner,
  findTimelineEvents,
  getEventById,
  insertEvent,
  insertSeries,
  lockEventOwner,
  setEventOwner,
  setEventSeries,
  updateOwnedEvent,
  type EventWithOrganizer,
} from './events.queries';
import { searchEvents, suggestEvents } from './search.queries';
import { requireAttendeeCapacity } from '../entitlements/entitlements.service';
import { actAsTeamMember, type TeamPermission, type TeamView } from '../teams/teams.service';
import { shiftLocalDate, zonedTimeToInstant } from '../../../contracts/zoned-time';

// What other modules use of events, here because a module is reached only through its service
// (docs/architecture.md): the visibility rule, the managed-event lock, the public event shape.
export { canViewEvent } from './events.policy';
export { lockManagedEvent } from './event-access';
export { presentEvent } from './events.presenter';
export { DEFAULT_DURATION_MS } from './event-time';
// Event duplication's extension point: each module registers how its per-event settings copy.
export { registerEventCopier, TICKET_TYPES_COPIER, type EventCopyContext } from './event-copy';
// RFC 5545 text escaping and line folding, for the diary's calendar export.
export { escapeText as escapeIcsText, fold as foldIcsLine } from './calendar';

export interface EventDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
}

type Actor = AuthUser | null;

const NOT_FOUND = msg`Event not found`;
export const EVENT_ERRORS = {
  createForbidden: msg`Only organizers and venues can create events`,
  manageForbidden: msg`Only the event creator can change this event`,
  deleteWithAttendees: msg`This event has registrations or tickets sold. Cancel it instead of deleting it.`,
  notDraftToPublish: msg`Only a draft event can be published`,
  alreadyEnded: msg`This event has already ended`,
  cancelState: msg`Only a published or draft event can be cancelled`,
  coverNotImage: msg`Please upload an image (JPEG, PNG, WebP or GIF)`,
  // A field message: the field's name stands before it.
  notValid: msg`is not valid`,
} as const;

/**
 * "Today" for lists: the viewer could be anywhere, so anything whose local date is yesterday in
 * UTC terms may still be today somewhere; ended events are excluded separately (notEnded).
 */
function listDay(now: Date): string {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * spec §4: the expiration routine runs before each list fetch. It is one guarded UPDATE, and
 * list requests share one run per second per process, so a busy home page adds no writes; lists
 * also exclude ended events in their own WHERE, so correctness never waits for a run.
 */
export function createExpiryRunner(deps: Pick<EventDeps, 'db' | 'clock'>): () => Promise<void> {
  let lastRunAt = Number.NEGATIVE_INFINITY;
  let running: Promise<unknown> | undefined;
  return async () => {
    const now = deps.clock.now().getTime();
    if (running) return void (await running);
    if (now - lastRunAt < 1000 && now >= lastRunAt) return;
    lastRunAt = now;
    running = expireEvents(deps, new Date(now)).finally(() => (running = undefined));
    await running;
  };
}

export async function listEvents(
  deps: Pick<EventDeps, 'db' | 'clock'>,
  query: Partial<EventListFilters> & { limit: number },
) {
  const now = deps.clock.now();
  const base = {
    now,
    today: listDay(now),
    category: query.category,
    date: query.date,
    isFree: query.is_free,
    eventStatus: query.event_status,
    isReferralBased: query.is_referral_based,
    organizerId: query.organizer_id,
    limit: query.limit,
  };
  // spec §2: only a blank term does nothing; any other term, one character included, searches
  // (its last word as a prefix), so a search never answers with the unfiltered list.
  const text = query.search?.trim() ?? '';
  if (text) {
    const offset = query.cursor ? Number.parseInt(query.cursor, 10) || 0 : 0;
    const rows = await searchEvents(deps.db, {
      ...base,
      text,
      offset,
    });
    return { rows, nextCursor: rows.length === query.limit ? String(offset + rows.length) : null };
  }
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (after === null)
    throw new AppError('VALIDATION_FAILED', msg`The page link is not valid`, {
      fields: [{ field: 'querystring.cursor', message: EVENT_ERRORS.notValid.message ?? '' }],
    });
  const rows = await findEvents(deps.db, { ...base, after });
  const last = rows.at(-1);
  return { rows, nextCursor: rows.length === query.limit && last ? encodeCursor(last) : null };
}

export async function suggest(deps: EventDeps, params: { q: string }) {
  const text = params.q.trim();
  if (!text) return [];
  const now = deps.clock.now();
  return suggestEvents(deps.db, { now, today: listDay(now), text, limit: 6 });
}

/** spec §7 featured event: the newest single listed event. */
export async function getFeaturedEvent(deps: EventDeps) {
  const { rows } = await listEvents(deps, { limit: 1 });
  return rows[0] ?? null;
}

// What a hot path that only asks "may this person see the event?" reads of it (a seat checkout:
// every request, the same few events), kept per event for a few seconds. Every write of these
// columns forgets the event here and in the other processes (`forgetEventSight`) once it has
// committed; the short life bounds what a write made outside this module could leave behind.
const eventSights = defineCache<Awaited<ReturnType<typeof findEventSight>>>({
  name: 'events.sight',
  ttlMs: 10_000,
  maxEntries: 10_000,
});

/** Refuses (404, as `getEvent`) an event the actor may not see, from the cached columns. */
export async function requireViewableEvent(
  deps: Pick<EventDeps, 'db' | 'clock'>,
  params: { id: string; actor: Actor; accessToken?: string },
): Promise<void> {
  const event = await eventSights
    .in(deps)
    .get(params.id, () => findEventSight(deps.db, { id: params.id }));
  if (!event || !canViewEvent(params.actor, event, params.accessToken))
    throw new AppError('NOT_FOUND', NOT_FOUND);
}

/** After a committed change of an event's owner, status, visibility or secret link. */
export function forgetEventSight(deps: Pick<EventDeps, 'db'>, eventId: string): Promise<void> {
  return eventSights.invalidate(deps, eventId);
}

/** Marks ended events expired (spec §4); a draft that expired reads differently to buyers. */
export async function expireEvents(deps: Pick<EventDeps, 'db'>, now: Date): Promise<number> {
  const expired = await expireEndedEvents(deps.db, { now });
  if (expired > 0) await eventSights.invalidateAll(deps);
  return expired;
}

export async function getEvent(
  deps: Pick<EventDeps, 'db'>,
  params: { id: string; actor: Actor; accessToken?: string },
) {
  const event = await getEventById(deps.db, { id: params.id });
  // Not visible and not existing look the same, so ids of drafts and private events do not leak.
  if (!event || !canViewEvent(params.actor, event, params.accessToken))
    throw new AppError('NOT_FOUND', NOT_FOUND);
  return event;
}

function derivedFields(input: {
  startsAt: string;
  timezone: string;
  isOnline: boolean;
  venueName?: string | null;
  address?: string | null;
  city?: string | null;
  country?: string | null;
}) {
  const startsAt = new Date(input.startsAt);
  return { startsAt, ...localDateTime(startsAt, input.timezone), location: locationLine(input) };
}

export async function createEvent(
  deps: EventDeps,
  params: { actor: AuthUser; input: CreateEventInput },
) {
  if (!canCreateEvents(params.actor)) throw new AppError('FORBIDDEN', EVENT_ERRORS.createForbidden);
  const input = CreateEventInputSchema.parse(params.input);
  // spec §6 plan gating: the organizer's plan caps an event's capacity (decision 021).
  if (input.capacity != null)
    await requireAttendeeCapacity(deps.db, {
      userId: params.actor.id,
      count: input.capacity,
      field: 'body.capacity',
    });
  const now = deps.clock.now();
  const id = await insertEvent(deps.db, {
    ...input,
    ...derivedFields(input),
    userId: params.actor.id,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    onlineUrl: input.isOnline ? (input.onlineUrl ?? null) : null,
    accessToken: input.visibility === 'private' ? randomBytes(18).toString('base64url') : null,
    eventStatus: 'draft',
    createdAt: now,
    updatedAt: now,
  });
  return getOwnedEvent(deps, { id, actor: params.actor });
}

async function getOwnedEvent(
  deps: EventDeps,
  params: { id: string; actor: AuthUser },
  permission?: TeamPermission,
  action?: string,
): Promise<EventWithOrganizer> {
  const event = await getEventById(deps.db, { id: params.id });
  if (!event) throw new AppError('NOT_FOUND', NOT_FOUND);
  if (canManageEvent(params.actor, event)) return event;
  // A team member whose role allows this action acts for the owner (decision 065).
  if (
    permission &&
    (await actAsTeamMember(deps.db, {
      actor: params.actor,
      ownerId: event.userId,
      eventId: event.id,
      permission,
      action,
    }))
  )
    return event;
  if (!canViewEvent(params.actor, event)) throw new AppError('NOT_FOUND', NOT_FOUND);
  throw new AppError('FORBIDDEN', EVENT_ERRORS.manageForbidden);
}

export async function updateEvent(
  deps: EventDeps,
  params: { id: string; actor: AuthUser; input: UpdateEventInput },
) {
  const current = await getOwnedEvent(deps, params, 'event.edit', 'event.edit');
  // The owner's plan caps a new capacity; one kept from a bigger plan may stay or shrink.
  if (params.input.capacity != null && params.input.capacity !== current.capacity)
    await requireAttendeeCapacity(deps.db, {
      userId: current.userId,
      count: params.input.capacity,
      previous: current.capacity,
      field: 'body.capacity',
    });
  const merged = {
    startsAt: params.input.startsAt ?? current.startsAt.toISOString(),
    timezone: params.input.timezone ?? current.timezone,
    isOnline: params.input.isOnline ?? current.isOnline,
    venueName: params.input.venueName !== undefined ? params.input.venueName : current.venueName,
    address: params.input.address !== undefined ? params.input.address : current.address,
    city: params.input.city !== undefined ? params.input.city : current.city,
    country: params.input.country !== undefined ? params.input.country : current.country,
  };
  const onlineUrl =
    params.input.onlineUrl !== undefined ? params.input.onlineUrl : current.onlineUrl;
  const placeProblem = merged.isOnline
    ? !onlineUrl && { field: 'body.onlineUrl', message: EVENT_MESSAGES.onlineUrl }
    : !merged.venueName &&
      !merged.address &&
      !merged.city && { field: 'body.address', message: EVENT_MESSAGES.locationRequired };
  if (placeProblem)
    throw new AppError('VALIDATION_FAILED', placeProblem.message, { fields: [placeProblem] });
  const endsAt =
    params.input.endsAt !== undefined ? params.input.endsAt : current.endsAt?.toISOString();
  if (endsAt && new Date(endsAt) <= new Date(merged.startsAt)) {
    throw new AppError('VALIDATION_FAILED', EVENT_MESSAGES.endBeforeStart, {
      fields: [{ field: 'body.endsAt', message: EVENT_MESSAGES.endBeforeStart }],
    });
  }
  const visibility = params.input.visibility ?? current.visibility;
  const changed = await updateOwnedEvent(deps.db, {
    id: params.id,
    // A team member edits as the owner; getOwnedEvent has checked their role.
    actorId: current.userId,
    asAdmin: isAdmin(params.actor),
    values: {
      ...params.input,
      ...derivedFields(merged),
      endsAt: endsAt ? new Date(endsAt) : null,
      accessToken:
        visibility === 'private'
          ? (current.accessToken ?? randomBytes(18).toString('base64url'))
          : null,
      metadata: params.input.metadata ?? current.metadata,
      updatedAt: deps.clock.now(),
    },
  });
  if (!changed) throw new AppError('FORBIDDEN', EVENT_ERRORS.manageForbidden);
  await forgetEventSight(deps, params.id);
  const updated = await getEventById(deps.db, { id: params.id });
  if (!updated) throw new AppError('NOT_FOUND', NOT_FOUND);
  return updated;
}

export async function publishEvent(deps: EventDeps, params: { id: string; actor: AuthUser }) {
  const current = await getOwnedEvent(deps, params, 'event.edit', 'event.publish');
  if (current.eventStatus !== 'draft')
    throw new AppError('CONFLICT', EVENT_ERRORS.notDraftToPublish);
  const now = deps.clock.now();
  if ((current.endsAt ?? current.startsAt) < now)
    throw new AppError('CONFLICT', EVENT_ERRORS.alreadyEnded);
  const changed = await updateOwnedEvent(deps.db, {
    id: params.id,
    actorId: current.userId,
    asAdmin: isAdmin(params.actor),
    values: { eventStatus: 'published', publishedAt: now, updatedAt: now },
    onlyIfStatus: ['draft'],
  });
  if (!changed) throw new AppError('CONFLICT', EVENT_ERRORS.notDraftToPublish);
  await forgetEventSight(deps, params.id);
  return getOwnedEvent(deps, params, 'event.edit');
}

export async function cancelEvent(deps: EventDeps, params: { id: string; actor: AuthUser }) {
  const current = await getOwnedEvent(deps, params, 'event.edit', 'event.cancel');
  const changed = await updateOwnedEvent(deps.db, {
    id: params.id,
    actorId: current.userId,
    asAdmin: isAdmin(params.actor),
    values: { eventStatus: 'cancelled', updatedAt: deps.clock.now() },
    onlyIfStatus: ['draft', 'published'],
  });
  if (!changed) throw new AppError('CONFLICT', EVENT_ERRORS.cancelState);
  await forgetEventSight(deps, params.id);
  return getOwnedEvent(deps, params, 'event.edit');
}

export async function deleteEvent(deps: EventDeps, params: { id: string; actor: AuthUser }) {
  const current = await getOwnedEvent(deps, params);
  const deleted = await deleteOwnedEvent(deps.db, {
    id: params.id,
    actorId: params.actor.id,
    asAdmin: isAdmin(params.actor),
  });
  if (!deleted) throw new AppError('CONFLICT', EVENT_ERRORS.deleteWithAttendees);
  await forgetEventSight(deps, params.id);
  if (current.coverImage) await removeCoverFiles(deps, current.coverImage);
}

async function removeCoverFiles(deps: EventDeps, base: string) {
  await Promise.all(
    ['small', 'medium', 'large'].map((v) => deps.files.remove(`${base}-${v}.webp`)),
  );
}

export async function setCoverImage(
  deps: EventDeps,
  params: { id: string; actor: AuthUser; data: Buffer },
) {
  const current = await getOwnedEvent(deps, params, 'event.edit', 'event.cover');
  const variants = await coverVariants(params.data);
  if (!variants)
    throw new AppError('VALIDATION_FAILED', EVENT_ERRORS.coverNotImage, {
      fields: [{ field: 'cover', message: EVENT_ERRORS.coverNotImage.message ?? '' }],
    });
  const base = await deps.files.putVariants('events', 'webp', variants);
  await updateOwnedEvent(deps.db, {
    id: params.id,
    actorId: current.userId,
    asAdmin: isAdmin(params.actor),
    values: { coverImage: base, updatedAt: deps.clock.now() },
  });
  if (current.coverImage) await removeCoverFiles(deps, current.coverImage);
  return getOwnedEvent(deps, params, 'event.edit');
}

/**
 * Moves an event to another owner (the admin console), inside the caller's transaction. The row
 * is locked first, so two transfers at once apply one after the other. Tickets, orders and
 * attendees hang off the event, not its owner, so they are untouched; a series stays with its
 * creator (the moved date leaves it). Returns the owner it had, or null when there is no event.
 * The caller calls `forgetEventSight` once its transaction committed.
 */
export async function transferEventOwnership(
  tx: DbExecutor,
  params: { eventId: string; toUserId: string; now: Date },
): Promise<{ fromUserId: string; title: string } | null> {
  const event = await lockEventOwner(tx, { eventId: params.eventId });
  if (!event) return null;
  if (event.userId !== params.toUserId) await setEventOwner(tx, params);
  return { fromUserId: event.userId, title: event.title };
}

/**
 * The events of My events: the person's own, or, switched to a team, the owner's events in the
 * member's scope (decision 073; the page offers each only what the member's role opens).
 */
export async function listMyEvents(
  deps: EventDeps,
  params: { actor: AuthUser; team: TeamView | null },
) {
  const { team } = params;
  if (!team) return findEventsOfOwner(deps.db, { userId: params.actor.id });
  if (team.eventIds?.length === 0) return [];
  return findEventsOfOwner(deps.db, { userId: team.ownerId, eventIds: team.eventIds });
}

export async function listCategories(deps: Pick<EventDeps, 'db' | 'clock'>) {
  const now = deps.clock.now();
  return findCategoriesWithCounts(deps.db, { now, today: listDay(now) });
}

/**
 * A weekly or monthly series: dated copies of an event as drafts, at the same local time in the
 * event's time zone (so a 7 pm event stays at 7 pm across daylight-saving changes). One
 * transaction: the whole series or nothing.
 */
export async function createSeries(
  deps: EventDeps,
  params: { id: string; actor: AuthUser; input: SeriesInput },
) {
  const source = await getOwnedEvent(deps, params, 'event.edit', 'event.series');
  // Copies are new events: a capacity kept from a bigger plan is not copied past the plan.
  if (source.capacity !== null)
    await requireAttendeeCapacity(deps.db, { userId: source.userId, count: source.capacity });
  const now = deps.clock.now();
  const lengthMs = source.endsAt ? source.endsAt.getTime() - source.startsAt.getTime() : null;
  const ids = await deps.db.transaction(async (tx) => {
    const series = await insertSeries(tx, {
      userId: source.userId,
      frequency: params.input.frequency,
      occurrences: params.input.occurrences,
      createdAt: now,
    });
    if (!series) throw new AppError('INTERNAL', msg`The series could not be created`);
    await setEventSeries(tx, { eventId: source.id, seriesId: series.id });
    const created: string[] = [];
    for (let i = 1; i < params.input.occurrences; i++) {
      const date = shiftLocalDate(source.date, params.input.frequency, i);
      const startsAt = zonedTimeToInstant(date, source.time, source.timezone);
      const {
        id: _id,
        organizer: _organizer,
        createdAt: _c,
        updatedAt: _u,
        publishedAt: _p,
        ...copy
      } = source;
      created.push(
        await insertEvent(tx, {
          ...copy,
          ...localDateTime(startsAt, source.timezone),
          startsAt,
          endsAt: lengthMs === null ? null : new Date(startsAt.getTime() + lengthMs),
          eventStatus: 'draft',
          accessToken:
            source.visibility === 'private' ? randomBytes(18).toString('base64url') : null,
          totalTicketsSold: 0,
          freeTicketsSold: 0,
          paidTicketsSold: 0,
          signupCount: 0,
          earnings: 0,
          seriesId: series.id,
          createdAt: now,
          updatedAt: now,
        }),
      );
    }
    return created;
  });
  // The copies were made for the source's owner just now; a member scoped to the source event
  // gets them back too, though their scope does not reach them.
  const created = await Promise.all(ids.map((id) => getEventById(deps.db, { id })));
  return created.map((event) => {
    if (!event) throw new AppError('NOT_FOUND', NOT_FOUND);
    return event;
  });
}

export async function getMyTimeline(deps: EventDeps, params: { actor: AuthUser }) {
  const now = deps.clock.now();
  const [upcoming, past] = await Promise.all([
    findTimelineEvents(deps.db, { userId: params.actor.id, now, when: 'upcoming' }),
    findTimelineEvents(deps.db, { userId: params.actor.id, now, when: 'past' }),
  ]);
  return { upcoming, past };
}
