import { sql } from 'drizzle-orm';
import type { WaitlistStatus } from '../../../contracts/waitlist';
import type { DbExecutor } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';

// Raw SQL: the offer statements touch ticket types and capacity pools with the hold's own
// guarded updates (decisions 006, 052), and the line is read in one pass by position.

export type TypeForList = {
  id: string;
  eventId: string;
  eventTitle: string;
  eventStatus: string;
  eventUserId: string;
  eventEnded: boolean;
  name: string;
  priceCents: number;
  currency: string;
  remaining: number;
  minPerOrder: number;
  maxPerOrder: number;
  isHidden: boolean;
  salesEnded: boolean;
  waiting: number;
  /** Sold by seat (decision 072): bought on the seat map, never offered by count. */
  seated: boolean;
};

/** A type its event sells by seat (a seat category mapped to it). */
const seatedType = sql`exists (select 1 from event_seating s, jsonb_each_text(s.ticket_types) m
  where s.event_id = t.event_id and m.value = t.id::text)`;

export async function findTypeForList(
  db: DbExecutor,
  params: { ticketTypeId: string; now: Date },
): Promise<TypeForList | undefined> {
  const { rows } = await db.execute<TypeForList>(sql`
    select t.id, t.event_id as "eventId", e.title as "eventTitle", e.event_status as "eventStatus",
      e.user_id as "eventUserId",
      coalesce(e.ends_at, e.starts_at) <= ${params.now} as "eventEnded",
      t.name, t.price_cents as "priceCents", t.currency, t.remaining,
      t.min_per_order as "minPerOrder", t.max_per_order as "maxPerOrder",
      t.is_hidden as "isHidden",
      (t.sales_end is not null and t.sales_end <= ${params.now}) as "salesEnded",
      (select count(*)::int from waitlist_entries w
        where w.ticket_type_id = t.id and w.status = 'waiting') as waiting,
      ${seatedType} as seated
    from ticket_types t join events e on e.id = t.event_id
    where t.id = ${params.ticketTypeId}`);
  return rows[0];
}

/** Per visible type of an event: what is left and how many wait. */
export async function findEventAvailability(db: DbExecutor, params: { eventId: string }) {
  const { rows } = await db.execute<{ ticketTypeId: string; remaining: number; waiting: number }>(
    sql`
    select t.id as "ticketTypeId", t.remaining,
      (select count(*)::int from waitlist_entries w
        where w.ticket_type_id = t.id and w.status = 'waiting') as waiting
    from ticket_types t join events e on e.id = t.event_id
    -- Only what a buyer could see on a published event's page; seats are chosen on the map.
    where t.event_id = ${params.eventId} and not t.is_hidden and e.event_status = 'published'
      and not ${seatedType}
    order by t.sort_order, t.created_at`,
  );
  return rows;
}

export type EntryRow = {
  id: string;
  eventId: string;
  eventTitle: string;
  ticketTypeId: string;
  ticketTypeName: string;
  priceCents: number;
  currency: string;
  userId: string | null;
  email: string;
  language: string | null;
  quantity: number;
  status: WaitlistStatus;
  position: number | null;
  offeredQuantity: number | null;
  offeredAt: Date | null;
  offerExpiresAt: Date | null;
  orderId: string | null;
  createdAt: Date;
  /** Places before this one still in line or holding an offer (for `waiting` only). */
  ahead: number | null;
};

const entryColumns = sql`
  w.id, w.event_id as "eventId", e.title as "eventTitle", w.ticket_type_id as "ticketTypeId",
  t.name as "ticketTypeName", t.price_cents as "priceCents", t.currency, w.user_id as "userId",
  w.email, w.language, w.quantity, w.status, w.position, w.offered_quantity as "offeredQuantity",
  w.offered_at as "offeredAt", w.offer_expires_at as "offerExpiresAt", w.order_id as "orderId",
  w.created_at as "createdAt",
  case when w.status = 'waiting' then (
    select count(*)::int from waitlist_entries b
    where b.ticket_type_id = w.ticket_type_id and b.status = 'waiting' and b.position < w.position
  ) end as ahead`;

const entryFrom = sql`
  from waitlist_entries w
  join ticket_types t on t.id = w.ticket_type_id
  join events e on e.id = w.event_id`;

function normalise(row: EntryRow): EntryRow {
  return {
    ...row,
    position: row.position === null ? null : Number(row.position),
    offeredAt: row.offeredAt ? new Date(row.offeredAt) : null,
    offerExpiresAt: row.offerExpiresAt ? new Date(row.offerExpiresAt) : null,
    createdAt: new Date(row.createdAt),
  };
}

export async function findEntry(db: DbExecutor, params: { id: string }) {
  const { rows } = await db.execute<EntryRow>(
    sql`select ${entryColumns} ${entryFrom} where w.id = ${params.id}`,
  );
  return rows[0] ? normalise(rows[0]) : undefined;
}

/** A person's places: their account's, and those taken signed out with its address. */
export async function findPlacesOf(db: DbExecutor, params: { userId: string; email: string }) {
  const { rows } = await db.execute<EntryRow>(sql`
    select ${entryColumns} ${entryFrom}
    where (w.user_id = ${params.userId}
      or (lower(w.email) = lower(${params.email}) and w.status <> 'unconfirmed'))
    order by w.created_at desc
    limit 200`);
  return rows.map(normalise);
}

/** The organizer's list of an event: in line order per type, then the rest by date. */
/**
 * One page of the event's list in list order (type by type, then place in line), and how many
 * places match: `q` finds an email or a ticket type name, `status` and `ticketTypeId` narrow it.
 * The rank is each confirmed place's position among its type's, counted before the search
 * narrows the rows so a searched place keeps the number it has in the whole list.
 */
export async function findEventEntryPage(
  db: DbExecutor,
  params: {
    eventId: string;
    q: string;
    status?: WaitlistStatus | undefined;
    ticketTypeId?: string | undefined;
    limit: number;
    offset: number;
  },
) {
  const pattern = params.q ? containsPattern(params.q) : null;
  const where = sql.join(
    [
      sql`w.event_id = ${params.eventId}`,
      pattern ? sql`(w.email ilike ${pattern} or t.name ilike ${pattern})` : undefined,
      params.status ? sql`w.status = ${params.status}` : undefined,
      params.ticketTypeId ? sql`w.ticket_type_id = ${params.ticketTypeId}` : undefined,
    ].filter((part) => part !== undefined),
    sql` and `,
  );
  const [page, count] = await Promise.all([
    db.execute<EntryRow & { rank: number | null }>(sql`
      with ranked as (
        select id, case when position is not null then
          row_number() over (partition by ticket_type_id, position is null order by position)
        end::int as rank
        from waitlist_entries where event_id = ${params.eventId}
      )
      select ${entryColumns}, r.rank
      ${entryFrom}
      join ranked r on r.id = w.id
      where ${where}
      order by t.sort_order, t.created_at, w.position nulls last, w.created_at, w.id
      limit ${params.limit} offset ${params.offset}`),
    db.execute<{ n: number }>(sql`
      select count(*)::int as n
      from waitlist_entries w join ticket_types t on t.id = w.ticket_type_id
      where ${where}`),
  ]);
  return {
    rows: page.rows.map((row) => ({ ...normalise(row), rank: row.rank })),
    total: count.rows[0]?.n ?? 0,
  };
}

/** Place in line among everyone confirmed for the type (the organizer's "position"). */
export async function findRank(
  db: DbExecutor,
  params: { ticketTypeId: string; position: number | null },
): Promise<number | null> {
  if (params.position === null) return null;
  const { rows } = await db.execute<{ rank: number }>(sql`
    select count(*)::int as rank from waitlist_entries
    where ticket_type_id = ${params.ticketTypeId} and position <= ${params.position}`);
  return rows[0]?.rank ?? null;
}

export async function findEventTypeCounts(db: DbExecutor, params: { eventId: string }) {
  const { rows } = await db.execute<{
    id: string;
    name: string;
    remaining: number;
    waiting: number;
    offered: number;
  }>(sql`
    select t.id, t.name, t.remaining,
      count(w.id) filter (where w.status = 'waiting')::int as waiting,
      count(w.id) filter (where w.status = 'offered')::int as offered
    from ticket_types t left join waitlist_entries w on w.ticket_type_id = t.id
    where t.event_id = ${params.eventId}
    group by t.id
    order by t.sort_order, t.created_at`);
  return rows;
}

/** Inserts a place, or nothing when the address already holds an active one for the type. */
export async function insertEntry(
  db: DbExecutor,
  params: {
    eventId: string;
    ticketTypeId: string;
    userId: string | null;
    email: string;
    language: string | null;
    quantity: number;
    confirmed: boolean;
    now: Date;
  },
): Promise<string | null> {
  const status: WaitlistStatus = params.confirmed ? 'waiting' : 'unconfirmed';
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into waitlist_entries (event_id, ticket_type_id, user_id, email, language, quantity,
      status, position, confirmed_at, created_at, updated_at)
    values (${params.eventId}, ${params.ticketTypeId}, ${params.userId}, ${params.email},
      ${params.language}, ${params.quantity}, ${status},
      ${params.confirmed ? sql`nextval('waitlist_position_seq')` : null},
      ${params.confirmed ? params.now : null}, ${params.now}, ${params.now})
    on conflict (ticket_type_id, lower(email)) where status in ('unconfirmed', 'waiting', 'offered')
    do nothing
    returning id`);
  return rows[0]?.id ?? null;
}

export async function findActiveEntryByEmail(
  db: DbExecutor,
  params: { ticketTypeId: string; email: string },
) {
  const { rows } = await db.execute<{ id: string; status: WaitlistStatus; userId: string | null }>(
    sql`
    select id, status, user_id as "userId" from waitlist_entries
    where ticket_type_id = ${params.ticketTypeId} and lower(email) = lower(${params.email})
      and status in ('unconfirmed', 'waiting', 'offered')`,
  );
  return rows[0];
}

/** Opening the mailed link puts the place in line: its number is taken now. */
export async function confirmEntry(db: DbExecutor, params: { id: string; now: Date }) {
  const { rows } = await db.execute<{ id: string }>(sql`
    update waitlist_entries set status = 'waiting', position = nextval('waitlist_position_seq'),
      confirmed_at = ${params.now}, updated_at = ${params.now}
    where id = ${params.id} and status = 'unconfirmed'
    returning id`);
  return rows.length > 0;
}

/**
 * Ends a place (`left`, `declined`, `removed`) if it is still active; says what it held, so the
 * caller gives an offer's tickets back in the same transaction.
 */
export async function endEntry(
  db: DbExecutor,
  params: {
    id: string;
    status: 'left' | 'declined' | 'removed';
    from: readonly WaitlistStatus[];
    now: Date;
  },
) {
  const from = `{${params.from.join(',')}}`;
  const { rows } = await db.execute<{
    ticketTypeId: string;
    was: WaitlistStatus;
    offeredQuantity: number | null;
  }>(sql`
    with old as (
      select id, status, offered_quantity from waitlist_entries
      where id = ${params.id} and status = any(${from}::text[])
      for update
    )
    update waitlist_entries w set status = ${params.status}, updated_at = ${params.now}
    from old where w.id = old.id
    returning w.ticket_type_id as "ticketTypeId", old.status as was,
      old.offered_quantity as "offeredQuantity"`);
  return rows[0];
}

/** An offer becomes an order: guarded on the offer still standing, so it is claimed once. */
export async function markClaimed(
  db: DbExecutor,
  params: { id: string; orderId: string; now: Date },
) {
  const { rows } = await db.execute<{ id: string }>(sql`
    update waitlist_entries set status = 'claimed', order_id = ${params.orderId},
      updated_at = ${params.now}
    where id = ${params.id} and status = 'offered' and offer_expires_at > ${params.now}
    returning id`);
  return rows.length > 0;
}

export async function findOfferHours(db: DbExecutor, params: { eventId: string }) {
  const { rows } = await db.execute<{ offerHours: number }>(sql`
    select offer_hours as "offerHours" from waitlist_settings where event_id = ${params.eventId}`);
  return rows[0]?.offerHours;
}

export async function upsertOfferHours(
  db: DbExecutor,
  params: { eventId: string; offerHours: number; now: Date },
) {
  await db.execute(sql`
    insert into waitlist_settings (event_id, offer_hours, updated_at)
    values (${params.eventId}, ${params.offerHours}, ${params.now})
    on conflict (event_id) do update set offer_hours = excluded.offer_hours,
      updated_at = excluded.updated_at`);
}
