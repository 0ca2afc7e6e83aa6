import { and, desc, eq, getTableColumns, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { EventStatus } from '../../../contracts/events';
import type { DbExecutor } from '../../db/client';
import { categories, events, organizerFollows } from '../../db/schema/events';
import { profiles } from '../../db/schema/users';
import { DEFAULT_DURATION_MS } from './event-time';
import { toPrefixTsquery } from './search-query';

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
const selection = {
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

const listed = (status: EventStatus = 'published'): SQL | undefined =>
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

function listConditions(filters: Omit<ListFilters, 'limit' | 'after'>): SQL[] {
  const conditions: (SQL | undefined)[] = [
    listed(filters.eventStatus),
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

// Typo tolerance on titles, both served by the trigram GIN index: whole-title similarity
// (`%`, threshold 0.3) for a mistyped full title, word similarity (`<%`, threshold 0.6) for a
// mistyped word inside a longer title.
const trigramMatch = (text: string): SQL =>
  sql`(${events.title} % ${text} or ${text} <% ${events.title})`;
const trigramScore = (text: string): SQL<number> =>
  sql<number>`greatest(similarity(${events.title}, ${text}), word_similarity(${text}, ${events.title}))::float8`;

// Below this, trigrams match almost every title and say little.
const TRIGRAM_MIN_LENGTH = 4;

type SearchFilters = Omit<ListFilters, 'after'> & { text: string; offset: number };

// How many of the newest listed events the first, index-ordered pass looks at.
const RECENT_WINDOW = 20_000;

/**
 * One relevance tier, newest first. Common words are found among the newest events by walking
 * the newest-first index a bounded distance; if that does not fill the page (a rare word, a
 * narrow filter), the GIN index finds every match and only those are sorted. Leaving the choice
 * to the planner sent rare words on a walk through the whole table (seconds at 1M events).
 */
async function findTierIds(
  db: DbExecutor,
  filters: SearchFilters,
  params: { tier: string; broader: string | null; want: number },
): Promise<string[]> {
  const match = and(
    sql`${events.searchVector} @@ to_tsquery('english', ${params.tier})`,
    params.broader
      ? sql`not (${events.searchVector} @@ to_tsquery('english', ${params.broader}))`
      : undefined,
  );
  // The newest listed events, walked through the newest-first index and cut at the window; the
  // subquery is named "events" so the usual conditions apply to it unchanged, and its order lets
  // the outer LIMIT stop as soon as a page is found.
  const { rows: fromRecent } = await db.execute<{ id: string }>(sql`
    select id from (
      select * from events
      where ${listed(filters.eventStatus)}
      order by created_at desc, id desc
      limit ${RECENT_WINDOW}
    ) as events
    where ${and(...listConditions(filters), match)}
    order by created_at desc, id desc
    limit ${params.want}`);
  if (fromRecent.length === params.want) return fromRecent.map((r) => r.id);
  const everywhere = await db
    .select({ id: events.id })
    .from(events)
    .where(and(...listConditions(filters), match))
    // An expression, not the column: keeps the planner from walking the whole index in order.
    .orderBy(sql`${events.createdAt} + interval '0 seconds' desc`, desc(events.id))
    .limit(params.want);
  return everywhere.map((r) => r.id);
}

/**
 * Search in relevance tiers: words found in titles first, then in the place or category, then
 * anywhere in the description; newest first within a tier. Each tier is its own query with a
 * LIMIT, so PostgreSQL can walk the newest-first index and stop after a page for common words,
 * or use the GIN index for rare ones, instead of ranking every match (docs/decisions/005).
 * Only when the words find nothing (a typo, usually) are titles similar to the text searched.
 */
export async function searchEvents(
  db: DbExecutor,
  filters: SearchFilters,
): Promise<(EventWithOrganizer & { rank: number; headline: string })[]> {
  const wanted = filters.offset + filters.limit;
  const tiers = [
    toPrefixTsquery(filters.text, 'A'),
    toPrefixTsquery(filters.text, 'AB'),
    toPrefixTsquery(filters.text),
  ];
  const ranked: { id: string; rank: number }[] = [];
  for (const [i, tier] of tiers.entries()) {
    if (!tier || ranked.length >= wanted) break;
    const ids = await findTierIds(db, filters, {
      tier,
      broader: i > 0 ? (tiers[i - 1] ?? null) : null,
      want: wanted - ranked.length,
    });
    ranked.push(...ids.map((id) => ({ id, rank: tiers.length - i })));
  }
  if (ranked.length === 0 && filters.text.length >= TRIGRAM_MIN_LENGTH) {
    const similar = await db
      .select({ id: events.id, rank: trigramScore(filters.text) })
      .from(events)
      .where(and(...listConditions(filters), trigramMatch(filters.text)))
      .orderBy(sql`2 desc`, desc(events.createdAt))
      .limit(wanted);
    ranked.push(...similar.map((r) => ({ id: r.id, rank: r.rank })));
  }
  const page = ranked.slice(filters.offset, wanted);
  if (!page.length) return [];
  const anyWord = tiers[2]
    ? sql`to_tsquery('english', ${tiers[2]})`
    : sql`plainto_tsquery('english', ${filters.text})`;
  const rows = await db
    .select({
      ...selection,
      // Matched words wrapped in <mark>; the web escapes everything else (no HTML from events).
      headline: sql<string>`ts_headline('english', left(${events.description}, 2000), ${anyWord}, 'StartSel=<mark>,StopSel=</mark>,MaxWords=30,MinWords=12,MaxFragments=1')`,
    })
    .from(events)
    .innerJoin(profiles, eq(profiles.id, events.userId))
    .where(
      inArray(
        events.id,
        page.map((r) => r.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return page.flatMap(({ id, rank }) => {
    const row = byId.get(id);
    return row ? [{ ...row, rank }] : [];
  });
}

/** Title suggestions while typing: the same matching, only what the dropdown shows. */
export async function suggestEvents(
  db: DbExecutor,
  params: { now: Date; today: string; tsquery: string | null; text: string; limit: number },
) {
  const query = params.tsquery ? sql`to_tsquery('english', ${params.tsquery})` : sql`null::tsquery`;
  const rank = sql<number>`(coalesce(ts_rank_cd(${events.searchVector}, ${query}), 0) + ${trigramScore(params.text)})::float8`;
  return db
    .select({ id: events.id, title: events.title, date: events.date, location: events.location })
    .from(events)
    .where(
      and(
        ...listConditions(params),
        or(
          params.tsquery ? sql`${events.searchVector} @@ ${query}` : undefined,
          trigramMatch(params.text),
        ),
      ),
    )
    .orderBy(desc(rank))
    .limit(params.limit);
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

export async function findEventsOfOwner(
  db: DbExecutor,
  params: { userId: string },
): Promise<EventWithOrganizer[]> {
  return db
    .select(selection)
    .from(events)
    .innerJoin(profiles, eq(profiles.id, events.userId))
    .where(eq(events.userId, params.userId))
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

export async function getCategoryBySlug(db: DbExecutor, params: { slug: string }) {
  const [row] = await db.select().from(categories).where(eq(categories.slug, params.slug));
  return row ?? null;
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
