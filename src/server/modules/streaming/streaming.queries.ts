import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import {
  streamAccessGrants,
  streamInvites,
  streams,
  streamViewers,
} from '../../db/schema/streaming';
import { tickets, ticketTypes } from '../../db/schema/tickets';

export type StreamRow = typeof streams.$inferSelect;
export type StreamWithEvent = StreamRow & { eventTitle: string; eventTimezone: string };
type NewStream = typeof streams.$inferInsert;

const withEvent = { stream: streams, eventTitle: events.title, eventTimezone: events.timezone };
const flatten = (row: {
  stream: StreamRow;
  eventTitle: string;
  eventTimezone: string;
}): StreamWithEvent => ({
  ...row.stream,
  eventTitle: row.eventTitle,
  eventTimezone: row.eventTimezone,
});

/** The owner-or-admin condition, inside the query (docs/architecture.md). */
export const ownedBy = (actor: { id: string; admin: boolean }) =>
  actor.admin ? sql`true` : eq(streams.ownerId, actor.id);

export async function insertStream(db: DbExecutor, values: NewStream): Promise<StreamRow | null> {
  const [row] = await db
    .insert(streams)
    .values(values)
    .onConflictDoNothing({ target: streams.eventId })
    .returning();
  return row ?? null;
}

export async function findStream(db: DbExecutor, params: { id: string }) {
  const [row] = await db
    .select(withEvent)
    .from(streams)
    .innerJoin(events, eq(events.id, streams.eventId))
    .where(eq(streams.id, params.id));
  return row ? flatten(row) : null;
}

export async function findStreamOfEvent(db: DbExecutor, params: { eventId: string }) {
  const [row] = await db
    .select(withEvent)
    .from(streams)
    .innerJoin(events, eq(events.id, streams.eventId))
    .where(eq(streams.eventId, params.eventId));
  return row ? flatten(row) : null;
}

export async function findStreamByKey(db: DbExecutor, params: { streamKey: string }) {
  const [row] = await db
    .select(withEvent)
    .from(streams)
    .innerJoin(events, eq(events.id, streams.eventId))
    .where(eq(streams.streamKey, params.streamKey));
  return row ? flatten(row) : null;
}

/** The stream if the actor owns it (or is an admin), for update. */
export async function lockOwnedStream(
  db: DbExecutor,
  params: { id: string; actor: { id: string; admin: boolean } },
) {
  const [row] = await db
    .select()
    .from(streams)
    .where(and(eq(streams.id, params.id), ownedBy(params.actor)))
    .for('update');
  return row ?? null;
}

export async function updateStream(
  db: DbExecutor,
  params: { id: string; set: Partial<NewStream> },
): Promise<StreamRow | null> {
  const [row] = await db
    .update(streams)
    .set(params.set)
    .where(eq(streams.id, params.id))
    .returning();
  return row ?? null;
}

export async function ticketTypeOfEvent(db: DbExecutor, params: { id: string; eventId: string }) {
  const [row] = await db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.id, params.id), eq(ticketTypes.eventId, params.eventId)));
  return row ?? null;
}

const liveTicket = inArray(tickets.status, ['valid', 'checked_in']);

export async function holdsTicket(db: DbExecutor, params: { eventId: string; userId: string }) {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.eventId, params.eventId), eq(tickets.userId, params.userId), liveTicket))
    .limit(1);
  return Boolean(row);
}

export async function hasGrant(db: DbExecutor, params: { streamId: string; userId: string }) {
  const [row] = await db
    .select({ userId: streamAccessGrants.userId })
    .from(streamAccessGrants)
    .where(
      and(
        eq(streamAccessGrants.streamId, params.streamId),
        eq(streamAccessGrants.userId, params.userId),
      ),
    );
  return Boolean(row);
}

export async function insertGrant(
  db: DbExecutor,
  params: { streamId: string; userId: string; now: Date },
) {
  await db
    .insert(streamAccessGrants)
    .values({ streamId: params.streamId, userId: params.userId, createdAt: params.now })
    .onConflictDoNothing();
}

export async function ticketHolderIds(db: DbExecutor, params: { eventId: string }) {
  const rows = await db
    .selectDistinct({ userId: tickets.userId })
    .from(tickets)
    .where(and(eq(tickets.eventId, params.eventId), liveTicket));
  return rows.flatMap((r) => (r.userId ? [r.userId] : []));
}

/** Records invitations; returns the people not invited before. */
export async function insertInvites(
  db: DbExecutor,
  params: { streamId: string; userIds: string[]; now: Date },
): Promise<string[]> {
  if (!params.userIds.length) return [];
  const rows = await db
    .insert(streamInvites)
    .values(
      params.userIds.map((userId) => ({
        streamId: params.streamId,
        userId,
        createdAt: params.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: streamInvites.userId });
  return rows.map((r) => r.userId);
}

/** Who hears that a stream started or ended: ticket holders, code holders and the invited. */
export async function audienceIds(
  db: DbExecutor,
  params: { streamId: string; eventId: string; ownerId: string },
): Promise<string[]> {
  const rows = await db.execute<{ user_id: string }>(sql`
    select ${tickets.userId} as user_id from ${tickets}
      where ${tickets.eventId} = ${params.eventId} and ${tickets.status} in ('valid', 'checked_in')
        and ${tickets.userId} is not null
    union
    select ${streamAccessGrants.userId} from ${streamAccessGrants}
      where ${streamAccessGrants.streamId} = ${params.streamId}
    union
    select ${streamInvites.userId} from ${streamInvites}
      where ${streamInvites.streamId} = ${params.streamId}`);
  return rows.rows.map((r) => r.user_id).filter((id) => id !== params.ownerId);
}

/** scheduled → live, once: the caller that gets the row back tells the audience. */
export async function markLive(db: DbExecutor, params: { id: string; now: Date }) {
  const [row] = await db
    .update(streams)
    .set({ status: 'live', startedAt: params.now, lastInputAt: params.now, updatedAt: params.now })
    .where(and(eq(streams.id, params.id), eq(streams.status, 'scheduled')))
    .returning();
  return row ?? null;
}

/** live (or scheduled, never started) → ended, once. */
export async function markEnded(db: DbExecutor, params: { id: string; now: Date }) {
  const [row] = await db
    .update(streams)
    .set({ status: 'ended', endedAt: params.now, updatedAt: params.now })
    .where(and(eq(streams.id, params.id), ne(streams.status, 'ended')))
    .returning();
  return row ?? null;
}

export async function touchInput(db: DbExecutor, params: { id: string; now: Date }) {
  await db
    .update(streams)
    .set({ lastInputAt: params.now })
    .where(and(eq(streams.id, params.id), eq(streams.status, 'live')));
}

/** Live streams whose input has been silent since before `before` (a process died). */
export async function silentLiveStreams(db: DbExecutor, params: { before: Date }) {
  return db
    .select({ id: streams.id })
    .from(streams)
    .where(
      and(
        eq(streams.status, 'live'),
        or(isNull(streams.lastInputAt), sql`${streams.lastInputAt} < ${params.before}`),
      ),
    );
}

/**
 * Many viewers at once (a process's batch of a second): one upsert, then each stream's peak
 * follows its current count in one statement, so concurrent batches cannot lower it.
 */
export async function touchViewers(
  db: DbExecutor,
  params: {
    viewers: { streamId: string; viewerKey: string; lastSeenAt: Date }[];
    since: Date;
  },
) {
  if (!params.viewers.length) return;
  await db
    .insert(streamViewers)
    .values(params.viewers)
    .onConflictDoUpdate({
      target: [streamViewers.streamId, streamViewers.viewerKey],
      set: { lastSeenAt: sql`excluded.last_seen_at` },
    });
  const streamIds = [...new Set(params.viewers.map((v) => v.streamId))];
  await db
    .update(streams)
    .set({
      peakViewers: sql`greatest(${streams.peakViewers}, (select count(*)::int from ${streamViewers}
        where ${streamViewers.streamId} = ${streams.id}
          and ${streamViewers.lastSeenAt} > ${params.since}))`,
    })
    .where(inArray(streams.id, streamIds));
}

export async function viewerCounts(
  db: DbExecutor,
  params: { streamIds: string[]; since: Date },
): Promise<Map<string, number>> {
  if (!params.streamIds.length) return new Map();
  const rows = await db
    .select({ streamId: streamViewers.streamId, count: sql<number>`count(*)::int` })
    .from(streamViewers)
    .where(
      and(
        inArray(streamViewers.streamId, params.streamIds),
        gt(streamViewers.lastSeenAt, params.since),
      ),
    )
    .groupBy(streamViewers.streamId);
  return new Map(rows.map((r) => [r.streamId, r.count]));
}

export async function listOwned(db: DbExecutor, params: { ownerId: string }) {
  const rows = await db
    .select(withEvent)
    .from(streams)
    .innerJoin(events, eq(events.id, streams.eventId))
    .where(eq(streams.ownerId, params.ownerId))
    .orderBy(desc(streams.scheduledStart))
    .limit(200);
  return rows.map(flatten);
}

/**
 * Streams the person may watch (not their own): public ones of listed events, their events'
 * streams (ticket) and the ones they redeemed a code for; ended ones only with a replay.
 */
export async function listWatchable(db: DbExecutor, params: { userId: string }) {
  const rows = await db
    .select(withEvent)
    .from(streams)
    .innerJoin(events, eq(events.id, streams.eventId))
    .where(
      and(
        ne(streams.ownerId, params.userId),
        or(ne(streams.status, 'ended'), sql`${streams.recordingKey} is not null`),
        or(
          and(
            eq(streams.access, 'public'),
            eq(events.visibility, 'public'),
            ne(events.eventStatus, 'draft'),
          ),
          and(
            inArray(streams.access, ['ticket_holders', 'stream_ticket']),
            sql`exists (select 1 from ${tickets} where ${tickets.eventId} = ${streams.eventId}
              and ${tickets.userId} = ${params.userId}
              and ${tickets.status} in ('valid', 'checked_in'))`,
          ),
          and(
            eq(streams.access, 'code'),
            sql`exists (select 1 from ${streamAccessGrants}
              where ${streamAccessGrants.streamId} = ${streams.id}
              and ${streamAccessGrants.userId} = ${params.userId})`,
          ),
        ),
      ),
    )
    .orderBy(desc(streams.scheduledStart))
    .limit(200);
  return rows.map(flatten);
}

/** Marks the event's stream activated by a paid add-on order; once. */
export async function activateForOrder(
  db: DbExecutor,
  params: { streamId: string; orderId: string; now: Date },
) {
  const [row] = await db
    .update(streams)
    .set({ activatedOrderId: params.orderId, activatedAt: params.now, updatedAt: params.now })
    .where(and(eq(streams.id, params.streamId), isNull(streams.activatedAt)))
    .returning({ id: streams.id });
  return row ?? null;
}
