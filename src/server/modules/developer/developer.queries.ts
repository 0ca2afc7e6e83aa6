import { and, desc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import { compiledStatement, type DbExecutor } from '../../db/client';
import { Batcher, onePer } from '../../platform/batcher';
import { apiKeys } from '../../db/schema/developer';
import { profiles } from '../../db/schema/users';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertKey(db: DbExecutor, values: typeof apiKeys.$inferInsert) {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row;
}

export async function countLiveKeys(db: DbExecutor, params: { ownerId: string; now: Date }) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.ownerId, params.ownerId),
        isNull(apiKeys.revokedAt),
        sql`(${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > ${params.now})`,
      ),
    );
  return row?.n ?? 0;
}

/** The owner's keys, newest first, with the name of who created each. */
export function listKeys(db: DbExecutor, params: { ownerId: string }) {
  return db
    .select({ ...getTableColumns(apiKeys), creatorName: profiles.fullName })
    .from(apiKeys)
    .leftJoin(profiles, eq(profiles.id, apiKeys.createdBy))
    .where(eq(apiKeys.ownerId, params.ownerId))
    .orderBy(desc(apiKeys.createdAt));
}

/** The name of a key's creator (null for none). */
export async function creatorName(db: DbExecutor, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ name: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.name ?? null;
}

/** Revokes the owner's key (once); null when it is not theirs. */
export async function revokeKey(
  db: DbExecutor,
  params: { ownerId: string; id: string; now: Date },
) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${params.now})` })
    .where(and(eq(apiKeys.id, params.id), eq(apiKeys.ownerId, params.ownerId)))
    .returning();
  return row ?? null;
}

/** The key row by its public prefix, with its owner's account type. */
export async function keyByPrefix(db: DbExecutor, params: { prefix: string }) {
  const result = await db.execute(sql`
    select k.id, k.owner_id as "ownerId", k.key_hash as "keyHash", k.scopes,
      k.allowed_origins as "allowedOrigins", coalesce(p.user_type::text, 'attendee') as "ownerType",
      k.expires_at as "expiresAt", k.revoked_at as "revokedAt", k.last_used_at as "lastUsedAt"
    from api_keys k left join profiles p on p.id = k.owner_id
    where k.prefix = ${params.prefix}`);
  const row = result.rows[0] as
    | {
        id: string;
        ownerId: string;
        keyHash: string;
        scopes: string[];
        allowedOrigins: string[];
        ownerType: string;
        expiresAt: Date | string | null;
        revokedAt: Date | string | null;
        lastUsedAt: Date | string | null;
      }
    | undefined;
  if (!row) return null;
  const at = (v: Date | string | null) => (v ? new Date(v) : null);
  return {
    ...row,
    expiresAt: at(row.expiresAt),
    revokedAt: at(row.revokedAt),
    lastUsedAt: at(row.lastUsedAt),
  };
}

/** Sets the browser origins the owner's key may be called from; null when it is not theirs. */
export async function setAllowedOrigins(
  db: DbExecutor,
  params: { ownerId: string; id: string; origins: string[] },
) {
  const [row] = await db
    .update(apiKeys)
    .set({ allowedOrigins: params.origins })
    .where(and(eq(apiKeys.id, params.id), eq(apiKeys.ownerId, params.ownerId)))
    .returning();
  return row ?? null;
}

/**
 * Whether any live key allows this browser origin: a CORS preflight carries no Authorization
 * header, so it cannot say which key will follow (the request itself is checked per key).
 */
export async function originAllowedByAnyKey(db: DbExecutor, params: { origin: string; now: Date }) {
  const result = await db.execute(sql`
    select 1 from api_keys
    where ${params.origin} = any(allowed_origins) and revoked_at is null
      and (expires_at is null or expires_at > ${params.now})
    limit 1`);
  return result.rows.length > 0;
}

/** Last use, written at most once a minute per key (not a write per request). */
export async function touchKey(db: DbExecutor, params: { id: string; now: Date }) {
  await db.execute(sql`
    update api_keys set last_used_at = ${params.now}
    where id = ${params.id}
      and (last_used_at is null or last_used_at < ${params.now}::timestamptz - interval '1 minute')`);
}

/** A timestamp as text to the microsecond: a cursor made from a JS Date would lose them. */
const MICROS = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

interface Page {
  limit: number;
  /** The last row's cursor: its time to the microsecond (text) and id. */
  after: { at: string; id: string } | null;
  updatedSince: Date | null;
}

/**
 * A time as the API writes it (what `Date#toISOString` gives: UTC, milliseconds, truncated like
 * the driver's Date). Made here, the driver does not parse each time into a Date only for the
 * presenter to format it back (on the event list, 4 % of the server's CPU went to that format).
 */
const ISO = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`;

const EVENT_COLUMNS = sql.raw(`id, title, description, category, event_status as status, visibility,
  ${ISO('starts_at')}, ${ISO('ends_at')}, timezone, is_online, venue_name, address, city, country,
  capacity, is_free, total_tickets_sold as tickets_sold, ${ISO('created_at')}, ${ISO('updated_at')}`);

/** One of the owner's events in the v1 shape; null when it is not theirs. */
export async function ownerEvent(db: DbExecutor, params: { ownerId: string; eventId: string }) {
  const result = await db.execute(sql`
    select ${EVENT_COLUMNS} from events
    where id = ${params.eventId} and user_id = ${params.ownerId}`);
  return (result.rows[0] as Record<string, unknown> | undefined) ?? null;
}

const OWNER_EVENT_KEYS = ['owners', 'since', 'afterAt', 'afterId', 'limits'] as const;
/**
 * The lists of a batch in one statement: one line of parameters per distinct list asked for,
 * each answered by its own keyset read (the same filters, order and limit as a single list),
 * tagged with its line number. Compiled once, run as a named prepared statement.
 */
const ownerEventBatch = compiledStatement(
  OWNER_EVENT_KEYS,
  (v) => sql`
  select p.n, e.*
  from unnest(${v.owners}::uuid[], ${v.since}::timestamptz[], ${v.afterAt}::timestamptz[],
    ${v.afterId}::uuid[], ${v.limits}::int[]) with ordinality
    as p(owner_id, since, after_at, after_id, lim, n)
  cross join lateral (
    select ${EVENT_COLUMNS}, ${MICROS('events.updated_at')} as cursor_at
    from events
    where user_id = p.owner_id
      and (p.since is null or updated_at >= p.since)
      and (p.after_at is null or (updated_at, id) > (p.after_at, p.after_id))
    -- The table's columns: the output's updated_at is the ISO text, to the millisecond.
    order by events.updated_at, events.id limit p.lim) e
  -- The cursor text is fixed-width UTC to the microsecond, so its byte order is time order.
  order by p.n, e.cursor_at collate "C", e.id`,
);

type OwnerEventsParams = { ownerId: string } & Page;
const pageKey = (p: OwnerEventsParams) =>
  `${p.ownerId}|${p.updatedSince?.toISOString() ?? ''}|${p.after?.at ?? ''}|${p.after?.id ?? ''}|${p.limit}`;

/**
 * One statement for every list asked for while the previous batches were in the database. Lists
 * asked for with the same owner and filters share one read: every caller of a batch asked before
 * its statement was sent, so each still sees every write committed before it asked.
 */
async function ownerEventsBatch(db: DbExecutor, batch: OwnerEventsParams[]) {
  const lines = new Map<string, number>();
  const distinct: OwnerEventsParams[] = [];
  const lineOf = batch.map((p) => {
    const key = pageKey(p);
    let line = lines.get(key);
    if (line === undefined) {
      lines.set(key, (line = distinct.length));
      distinct.push(p);
    }
    return line;
  });
  const rows = await ownerEventBatch<Record<string, unknown> & { n: string | number }>(db, {
    owners: distinct.map((p) => p.ownerId),
    since: distinct.map((p) => p.updatedSince?.toISOString() ?? null),
    afterAt: distinct.map((p) => p.after?.at ?? null),
    afterId: distinct.map((p) => p.after?.id ?? null),
    limits: distinct.map((p) => p.limit + 1),
  });
  const pages = distinct.map((): Record<string, unknown>[] => []);
  for (const { n, ...row } of rows) pages[Number(n) - 1]?.push(row);
  // Each caller its own array: the rows themselves are only read.
  return lineOf.map((line) => [...(pages[line] ?? [])]);
}

const ownerEventBatcher = onePer(
  (db: DbExecutor) =>
    new Batcher((batch: OwnerEventsParams[]) => ownerEventsBatch(db, batch), {
      name: 'ownerEvents',
    }),
);

/** The owner's events by last change, then id (keyset cursor), optionally changed since. */
export function ownerEvents(db: DbExecutor, params: OwnerEventsParams) {
  return ownerEventBatcher(db).submit(params);
}

/**
 * The checkout answers of an order for one event, the order's own first, then each ticket's by
 * type and place (`ticket_index`, the n-th ticket of that type in the order, as the checkout
 * sent them) with the ticket once the order is paid; questions in the organizer's order.
 */
const orderAnswers = (orderId: SQL, eventId: string) => sql`(
  select coalesce(jsonb_agg(jsonb_build_object('question_id', q.id, 'question', q.label,
      'type', q.type, 'ticket_type_id', a.ticket_type_id,
      'ticket_index', case when a.ticket_type_id is null then null else a.ordinal end,
      'ticket_id', a.ticket_id, 'value', a.value)
    order by a.ticket_type_id nulls first, a.ordinal, q.position), '[]'::jsonb)
  from question_answers a join event_questions q on q.id = a.question_id
  where a.order_id = ${orderId} and q.event_id = ${eventId})`;

/** A ticket's answers: its own and its order's (the attendee list's Answers column). */
const ticketAnswers = () => sql`(
  select coalesce(jsonb_agg(jsonb_build_object('question_id', q.id, 'question', q.label,
      'type', q.type, 'value', a.value) order by q.position), '[]'::jsonb)
  from question_answers a join event_questions q on q.id = a.question_id
  where a.order_id = t.order_id and q.event_id = t.event_id
    and (a.ticket_id = t.id or a.ticket_type_id is null))`;

/** Attendees (tickets) of one of the owner's events; the owner check is in the where. */
export async function ownerAttendees(
  db: DbExecutor,
  params: { ownerId: string; eventId: string } & Page,
) {
  const result = await db.execute(sql`
    select t.id as ticket_id, t.order_id, coalesce(p.full_name, '') as name, u.email,
      tt.name as ticket_type, t.status, t.checked_in_at, t.created_at,
      (select s.seat_id from event_seats s where s.ticket_id = t.id) as seat,
      ${ticketAnswers()} as answers,
      ${MICROS('t.created_at')} as cursor_at
    from tickets t
    join events e on e.id = t.event_id and e.user_id = ${params.ownerId}
    join users u on u.id = t.user_id
    left join profiles p on p.id = t.user_id
    join ticket_types tt on tt.id = t.ticket_type_id
    where t.event_id = ${params.eventId}
      -- A holder erased at their request leaves the attendee list, as in the exports (decision 063).
      and not exists (select 1 from account_deletions d
        where d.user_id = t.user_id and d.erased_at is not null)
      ${params.updatedSince ? sql`and t.created_at >= ${params.updatedSince}` : sql``}
      ${params.after ? sql`and (t.created_at, t.id) > (${params.after.at}::timestamptz, ${params.after.id}::uuid)` : sql``}
    order by t.created_at, t.id limit ${params.limit + 1}`);
  return result.rows as Record<string, unknown>[];
}

/**
 * Ticket orders holding items of one of the owner's events, by last change, each with the
 * items for that event only (an order may span several organizers' events).
 */
export async function ownerOrders(
  db: DbExecutor,
  params: { ownerId: string; eventId: string } & Page,
) {
  const result = await db.execute(sql`
    select o.id, o.status, o.currency, o.total_cents, o.refunded_cents, o.paid_at, o.created_at,
      o.updated_at, o.user_id as buyer_id, u.email, coalesce(p.full_name, '') as name,
      (select jsonb_agg(jsonb_build_object('ticket_type_id', i.ticket_type_id,
          'ticket_type', tt.name, 'kind', tt.kind, 'quantity', i.quantity, 'unit_price_cents', i.unit_price_cents,
          'discount_cents', i.discount_cents) order by i.id)
        from order_items i join ticket_types tt on tt.id = i.ticket_type_id
        where i.order_id = o.id and i.event_id = ${params.eventId}) as items,
      (select a.code from access_code_orders a where a.order_id = o.id) as access_code,
      (select b.method from box_office_sales b where b.order_id = o.id) as box_office_method,
      ${orderAnswers(sql`o.id`, params.eventId)} as answers,
      o.tax_cents,
      (select coalesce(sum(i.net_cents), 0) from order_items i where i.order_id = o.id) as net_cents,
      (select jsonb_agg(jsonb_build_object('name', g.tax_name, 'rate_thousandths', g.rate,
          'amount_cents', g.amount) order by g.rate desc, g.tax_name)
        from (select i.tax_name, i.tax_rate_thousandths as rate, sum(i.tax_cents)::int as amount
          from order_items i where i.order_id = o.id and i.tax_cents <> 0
          group by i.tax_name, i.tax_rate_thousandths) g) as tax_lines,
      (select jsonb_agg(jsonb_build_object('number', v.number, 'kind', v.kind) order by v.issued_at, v.number)
        from invoices v where v.order_id = o.id) as invoices,
      ${MICROS('o.updated_at')} as cursor_at
    from orders o
    join users u on u.id = o.user_id
    left join profiles p on p.id = o.user_id
    where o.kind = 'tickets'
      and exists (
        select 1 from order_items i join events e on e.id = i.event_id
        where i.order_id = o.id and i.event_id = ${params.eventId} and e.user_id = ${params.ownerId})
      ${params.updatedSince ? sql`and o.updated_at >= ${params.updatedSince}` : sql``}
      ${params.after ? sql`and (o.updated_at, o.id) > (${params.after.at}::timestamptz, ${params.after.id}::uuid)` : sql``}
    order by o.updated_at, o.id limit ${params.limit + 1}`);
  return result.rows as Record<string, unknown>[];
}

/** Vendors taking part in one of the owner's events (approved applications), by last change. */
export async function ownerVendors(
  db: DbExecutor,
  params: { ownerId: string; eventId: string } & Page,
) {
  const result = await db.execute(sql`
    select ev.vendor_id as id,
      coalesce(nullif(p.business_name, ''), p.full_name, '') as name, ev.status,
      ev.payment_status, ev.vendor_fee_amount, ev.paid_at, ev.request_id, ev.created_at,
      ev.updated_at, ${MICROS('ev.updated_at')} as cursor_at
    from event_vendors ev
    join events e on e.id = ev.event_id and e.user_id = ${params.ownerId}
    left join profiles p on p.id = ev.vendor_id
    where ev.event_id = ${params.eventId}
      ${params.updatedSince ? sql`and ev.updated_at >= ${params.updatedSince}` : sql``}
      ${params.after ? sql`and (ev.updated_at, ev.vendor_id) > (${params.after.at}::timestamptz, ${params.after.id}::uuid)` : sql``}
    order by ev.updated_at, ev.vendor_id limit ${params.limit + 1}`);
  return result.rows as Record<string, unknown>[];
}

export async function ownsEvent(db: DbExecutor, params: { ownerId: string; eventId: string }) {
  const result = await db.execute(
    sql`select 1 from events where id = ${params.eventId} and user_id = ${params.ownerId}`,
  );
  return result.rows.length > 0;
}

/**
 * Adds `by` requests to a key's shared rate-limit window (the table every instance counts in),
 * opening a new window when the last one ended; the window's total and end come back.
 */
export async function addToRateWindow(
  db: DbExecutor,
  params: { key: string; windowMs: number; now: Date; by: number },
) {
  const resetAt = new Date(params.now.getTime() + params.windowMs);
  const result = await db.execute(sql`
    insert into rate_limit_counters as c (key, count, reset_at)
    values (${params.key}, ${params.by}, ${resetAt})
    on conflict (key) do update set
      count = case when c.reset_at <= ${params.now} then ${params.by} else c.count + ${params.by} end,
      reset_at = case when c.reset_at <= ${params.now} then excluded.reset_at else c.reset_at end
    returning count, reset_at as "resetAt"`);
  const row = result.rows[0] as { count: number; resetAt: Date | string } | undefined;
  return { count: Number(row?.count ?? params.by), resetAt: new Date(row?.resetAt ?? resetAt) };
}
