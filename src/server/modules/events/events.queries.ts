import { and, desc, eq, getTableColumns, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { EventStatus } from '../../../contracts/events';
import type { DbExecutor } from '../../db/client';
import { categories, events, eventSeries, organizerFollows } from '../../db/schema/events';
import { profiles } from '../../db/schema/users';
import { DEFAULT_DURATION_MS } from './event-time';

export type EventRow = Omit<typeof events.$inferSelect, 'searchVector'>;
export type EventWithOrganizer = EventRow & {
  organizer: {
    id: string;
    fullName: string;
    businessName: string | null;
    avatarUrl: string | null;
  };
};

// Every column but the search document, plus the organizer's public card.
const { searchVector: _searchVector, ...eventColumns } = getTableColumns(events);
export const selection = {
  ...eventColumns,
  organizer: {
    id: profiles.id,
    fullName: profiles.fullName,
    businessName: profiles.businessName,
    avatarUrl: profiles.avatarUrl,
  },
};

/** Not over yet: the end, or a day after a start without an end, is still ahead. */
export const notEnded = (now: Date): SQL =>
  sql`coalesce(${events.endsAt}, ${events.startsAt} + ${`${DEFAULT_DURATION_MS / 1000} seconds`}::interval) >= ${now}`;

export const listed = (status: EventStatus = 'published'): SQL | undefined =>
  and(eq(events.eventStatus, status), eq(events.visibility, 'public'));

export interface ListFilters {
  now: Date;
  today: string;
  category?: string;
  date?: string;
  isFree?: boolean;
  eventStatus?: 'published' | 'cancelled';
  isReferralBased?: boolean;
  organizerId?: string;
  limit: number;
  after?: { createdAt: Date; id: string };
}

export function listConditions(filters: Omit<ListFilters, 'limit' | 'after'>): SQL[] {
  return [listed(filters.eventStatus) as SQL, ...filterConditions(filters)];
}

/** The list's conditions but `listed` (which a walk applies inside its subquery). */
export function filterConditions(filters: Omit<ListFilters, 'limit' | 'after'>): SQL[] {
  const conditions: (SQL | undefined)[] = [
    // spec §7: dated today or later, and never an event that has already ended.
    gte(events.date, filters.today),
    notEnded(filters.now),
    filters.category ? eq(events.category, filters.category) : undefined,
    filters.date ? eq(events.date, filters.date) : undefined,
    filters.isFree === undefined ? undefined : eq(events.isFree, filters.isFree),
    filters.isReferralBased === undefined
      ? undefined
      : eq(events.isReferralBased, filters.isReferralBased),
    filters.organizerId ? eq(events.userId, filters.organizerId) : undefined,
  ];
  return conditions.filter((c): c is SQL => c !== undefined);
}

/** spec §7 GET events: newest first, keyset pagination on (created_at, id). */
export async function findEvents(
  db: DbExecutor,
  filters: ListFilters,
): Promise<EventWithOrganizer[]> {
  const conditions = listConditions(filters);
  if (filters.after) {
    conditions.push(
      or(
        lt(events.createdAt, filters.after.createdAt),
        and(eq(events.createdAt, filters.after.createdAt), lt(events.id, filters.after.id)),
      ) as SQL,
    );
  }
  return db
    .select(selection)
    .from(events)
    .innerJoin(profiles, eq(profiles.id, events.userId))
    .where(and(...conditions))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(filters.limit);
}

export async function getEventById(
  db: DbExecutor,
  params: { id: string },
): Promise<EventWithOrganizer | null> {
  const [row] = await db
    .select(selection)
    .from(events)
    .innerJoin(profiles, eq(profiles.id, events.userId))
    .where(eq(events.id, params.id));
  return row ?? null;
}

/** What deciding who may see an event reads of it (`canViewEvent`); null when there is none. */
export async function findEventSight(db: DbExecutor, params: { id: string }) {
  const [row] = await db
    .select({
      userId: events.userId,
      eventStatus: events.eventStatus,
      visibility: events.visibility,
      accessToken: events.accessToken,
    })
    .from(events)
    .innerJoin(profiles, eq(profiles.id, events.userId))
    .where(eq(events.id, params.id));
  return row ?? null;
}

export async function findEventsOfOwner(
  db: DbExecutor,
  params: { userId: string; eventIds?: readonly string[] | null },
): Promise<EventWithOrganizer[]> {
  const owned = eq(events.userId, params.userId);
  return db
    .select(selection)
    .from(events)
    .innerJoin(profiles, eq(profiles.id, events.userId))
    .where(params.eventIds ? and(owned, inArray(events.id, [...params.eventIds])) : owned)
    .orderBy(desc(events.startsAt));
}

export async function insertEvent(
  db: DbExecutor,
  values: typeof events.$inferInsert,
): Promise<string> {
  const [row] = await db.insert(events).values(values).returning({ id: events.id });
  if (!row) throw new Error('event not inserted');
  return row.id;
}

/**
 * Updates an event only when the actor may: the owner, or anyone when `asAdmin`. Returns whether
 * a row changed, so the caller can tell "not yours" from "done" without a read first.
 */
export async function updateOwnedEvent(
  db: DbExecutor,
  params: {
    id: string;
    actorId: string;
    asAdmin: boolean;
    values: Partial<typeof events.$inferInsert>;
    onlyIfStatus?: EventStatus[];
  },
): Promise<boolean> {
  const rows = await db
    .update(events)
    .set(params.values)
    .where(
      and(
        eq(events.id, params.id),
        params.asAdmin ? undefined : eq(events.userId, params.actorId),
        params.onlyIfStatus ? sql`${events.eventStatus} in ${params.onlyIfStatus}` : undefined,
      ),
    )
    .returning({ id: events.id });
  return rows.length === 1;
}

export async function deleteOwnedEvent(
  db: DbExecutor,
  params: { id: string; actorId: string; asAdmin: boolean },
) {
  const rows = await db
    .delete(events)
    .where(
      and(
        eq(events.id, params.id),
        params.asAdmin ? undefined : eq(events.userId, params.actorId),
        // Tickets sold means people are coming: such an event is cancelled, never deleted.
        eq(events.totalTicketsSold, 0),
        eq(events.signupCount, 0),
      ),
    )
    .returning({ id: events.id });
  return rows.length === 1;
}

/**
 * spec §4 update_expired_events: one guarded UPDATE that marks ended published events expired.
 * The partial index on starts_at keeps it cheap when nothing has ended.
 */
export async function expireEndedEvents(db: DbExecutor, params: { now: Date }): Promise<number> {
  const rows = await db
    .update(events)
    .set({ eventStatus: 'expired', updatedAt: params.now })
    .where(
      and(
        sql`${events.eventStatus} in ('published', 'draft')`,
        lt(events.startsAt, params.now),
        sql`not (${notEnded(params.now)})`,
      ),
    )
    .returning({ id: events.id });
  return rows.length;
}

export async function findCategoriesWithCounts(
  db: DbExecutor,
  params: { now: Date; today: string },
) {
  return db
    .select({
      name: categories.name,
      slug: categories.slug,
      eventCount: sql<number>`count(${events.id})::int`,
    })
    .from(categories)
    .leftJoin(events, and(eq(events.category, categories.name), ...listConditions(params)))
    .groupBy(categories.name, categories.slug)
    .orderBy(categories.name);
}

/** Events I created or whose organizer I follow: upcoming (not ended) or past, 50 at most. */
export async function findTimelineEvents(
  db: DbExecutor,
  params: { userId: string; now: Date; when: 'upcoming' | 'past' },
): Promise<EventWithOrganizer[]> {
  const mine = or(
    eq(events.userId, params.userId),
    sql`${events.userId} in (select ${organizerFollows.organizerId} from ${organizerFollows} where ${organizerFollows.followerId} = ${params.userId})`,
  );
  const visible = or(
    eq(events.userId, params.userId),
    and(sql`${events.eventStatus} <> 'draft'`, eq(events.visibility, 'public')),
  );
  const timing =
    params.when === 'upcoming' ? notEnded(params.now) : sql`not (${notEnded(params.now)})`;
  return db
    .select(selection)
    .from(events)
    .innerJoin(profiles, eq(profiles.id, events.userId))
    .where(and(mine, visible, timing))
    .orderBy(params.when === 'upcoming' ? events.startsAt : desc(events.startsAt))
    .limit(50);
}

/** The event's owner and title, its row locked until the transaction ends (ownership transfer). */
export async function lockEventOwner(db: DbExecutor, params: { eventId: string }) {
  const [event] = await db
    .select({ userId: events.userId, title: events.title })
    .from(events)
    .where(eq(events.id, params.eventId))
    .for('update');
  return event ?? null;
}

/** A moved event leaves its series (the series stays with its creator). */
export async function setEventOwner(
  db: DbExecutor,
  params: { eventId: string; toUserId: string; now: Date },
) {
  await db
    .update(events)
    .set({ userId: params.toUserId, seriesId: null, updatedAt: params.now })
    .where(eq(events.id, params.eventId));
}

export async function insertSeries(db: DbExecutor, row: typeof eventSeries.$inferInsert) {
  const [series] = await db.insert(eventSeries).values(row).returning({ id: eventSeries.id });
  return series;
}

export async function setEventSeries(
  db: DbExecutor,
  params: { eventId: string; seriesId: string },
) {
  await db.update(events).set({ seriesId: params.seriesId }).where(eq(events.id, params.eventId));
}
