import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { ExportFormat, ExportKind } from '../../../contracts/exports';
import type { DbExecutor } from '../../db/client';
import { eventExportChunks, eventExports } from '../../db/schema/exports';
import { events } from '../../db/schema/events';
import { ticketPaidCents } from '../tickets/tickets.service';

// The rows of each export, a keyset page at a time (never OFFSET: page 50 of a big event costs
// what page 1 does), and the background exports' own rows.

/** Where the last page ended: the sort key of its last row. */
export interface Keyset {
  /** The timestamp to the microsecond (a JS Date would cut it to the millisecond). */
  at: string;
  id: string;
}

/** The sort key's timestamp as exact text (`k` in every page's rows). */
const keyText = (at: SQL) =>
  sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const after = (at: SQL, id: SQL, from: Keyset | null) =>
  from ? sql`and (${at}, ${id}) > (${from.at}::timestamptz, ${from.id}::uuid)` : sql``;

const toDate = (value: unknown) => (value === null ? null : new Date(value as string));

async function rowsOf<T>(db: DbExecutor, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

export interface EventOfExport {
  id: string;
  title: string;
  timezone: string;
}

export async function findEventOfExport(db: DbExecutor, params: { eventId: string }) {
  const [event] = await db
    .select({ id: events.id, title: events.title, timezone: events.timezone })
    .from(events)
    .where(eq(events.id, params.eventId));
  return event;
}

export interface QuestionColumn {
  id: string;
  label: string;
  scope: string;
}

/** The event's checkout questions in the order the buyer saw them. */
export async function findQuestionColumns(db: DbExecutor, params: { eventId: string }) {
  return rowsOf<QuestionColumn>(
    db,
    sql`select id, label, scope from event_questions where event_id = ${params.eventId}
        order by position, created_at, id`,
  );
}

/** Ids as one uuid[] parameter (an array in a template would be spread into a list). */
const uuidArray = (ids: string[]) => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;

export interface AnswerRow {
  ticket_id: string | null;
  order_id: string;
  question_id: string;
  value: unknown;
}

/** Answers given for these tickets, and the once-per-order answers of these orders. */
export async function findAnswers(
  db: DbExecutor,
  params: { ticketIds: string[]; orderIds: string[] },
) {
  if (!params.ticketIds.length && !params.orderIds.length) return [];
  return rowsOf<AnswerRow>(
    db,
    // Two index scans (by ticket, by order) rather than one OR, which reads the whole table.
    sql`select ticket_id, order_id, question_id, value from question_answers
        where ticket_id = any(${uuidArray(params.ticketIds)})
        union all
        select ticket_id, order_id, question_id, value from question_answers
        where order_id = any(${uuidArray(params.orderIds)}) and ticket_type_id is null`,
  );
}

const holder = sql`coalesce(p.full_name, u.email)`;
/** What the ticket was charged, as the attendee list's "Paid" says it (tax in, discount off). */
const paidCents = ticketPaidCents({
  id: sql`t.id`,
  createdAt: sql`t.created_at`,
  orderItemId: sql`t.order_item_id`,
});
// A ticket holder whose account was erased at their request leaves the organizer's attendee
// and check-in lists (decision 063); their orders stay in the orders export, anonymised.
const holderNotErased = sql`not exists (select 1 from account_deletions d
  where d.user_id = t.user_id and d.erased_at is not null)`;

export interface AttendeeRow {
  k: string;
  id: string;
  order_id: string;
  created_at: Date;
  status: string;
  checked_in_at: Date | null;
  name: string;
  email: string;
  type_name: string;
  currency: string;
  paid_cents: number;
  /** cash | card | complimentary for a sale at the door; null: sold online. */
  box_office_method: string | null;
  /** The seat printed on the ticket (an event sold by seat, decision 072). */
  seat: string | null;
  /** The ticket's answers and its order's, by question id (null when none were asked for). */
  answers: Record<string, unknown> | null;
}

/** Whether the event is sold by seat: its exports then have a seat column. */
export async function hasSeating(db: DbExecutor, params: { eventId: string }) {
  const rows = await rowsOf<{ seated: boolean }>(
    db,
    sql`select exists (select 1 from event_seating where event_id = ${params.eventId}) as seated`,
  );
  return rows[0]?.seated === true;
}

/** A page of the event's tickets in purchase order (the tickets_event_created index). */
export async function attendeePage(
  db: DbExecutor,
  params: { eventId: string; from: Keyset | null; limit: number; answers: boolean },
): Promise<AttendeeRow[]> {
  // Read with the row, in the same query: a page's rows never wait for a second round trip,
  // so they die young instead of being kept (and promoted by the collector) across it.
  const answers = params.answers
    ? sql`(select jsonb_object_agg(a.question_id, a.value) from question_answers a
          where a.order_id = t.order_id and (a.ticket_id = t.id or a.ticket_type_id is null))`
    : sql`null`;
  const rows = await rowsOf<AttendeeRow>(
    db,
    sql`select ${keyText(sql`t.created_at`)} as k, t.id, t.order_id, t.created_at, t.status, t.checked_in_at, ${holder} as name,
          u.email, tt.name as type_name, tt.currency, ${paidCents} as paid_cents,
          (select b.method from box_office_sales b where b.order_id = t.order_id) as box_office_method,
          (select s.seat_id from event_seats s where s.ticket_id = t.id) as seat,
          ${answers} as answers
        from tickets t
        join ticket_types tt on tt.id = t.ticket_type_id
        join order_items oi on oi.id = t.order_item_id
        join users u on u.id = t.user_id
        left join profiles p on p.id = t.user_id
        where t.event_id = ${params.eventId} and ${holderNotErased} ${after(sql`t.created_at`, sql`t.id`, params.from)}
        order by t.created_at, t.id
        limit ${params.limit}`,
  );
  return rows.map((r) => ({
    ...r,
    created_at: new Date(r.created_at),
    checked_in_at: toDate(r.checked_in_at),
  }));
}

export interface CheckInRow {
  k: string;
  id: string;
  checked_in_at: Date;
  name: string;
  email: string;
  type_name: string;
  status: string;
  by_name: string | null;
}

/** A page of the event's checked-in tickets, in the order they came through the door. */
export async function checkInPage(
  db: DbExecutor,
  params: { eventId: string; from: Keyset | null; limit: number },
): Promise<CheckInRow[]> {
  const rows = await rowsOf<CheckInRow>(
    db,
    sql`select ${keyText(sql`t.checked_in_at`)} as k, t.id, t.checked_in_at, ${holder} as name, u.email, tt.name as type_name, t.status,
          coalesce(bp.full_name, bu.email) as by_name
        from tickets t
        join ticket_types tt on tt.id = t.ticket_type_id
        join users u on u.id = t.user_id
        left join profiles p on p.id = t.user_id
        left join users bu on bu.id = t.checked_in_by
        left join profiles bp on bp.id = t.checked_in_by
        where t.event_id = ${params.eventId} and t.checked_in_at is not null and ${holderNotErased}
          ${after(sql`t.checked_in_at`, sql`t.id`, params.from)}
        order by t.checked_in_at, t.id
        limit ${params.limit}`,
  );
  return rows.map((r) => ({ ...r, checked_in_at: new Date(r.checked_in_at) }));
}

export interface OrderRow {
  k: string;
  id: string;
  created_at: Date;
  paid_at: Date | null;
  status: string;
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  total_cents: number;
  tax_cents: number;
  refunded_cents: number;
  discount_code: string | null;
  name: string;
  email: string;
  quantity: number;
  items: string;
  /** cash | card | complimentary for a sale at the door; null: sold online. */
  box_office_method: string | null;
  /** The seats on its tickets (an event sold by seat). */
  seats: string | null;
}

const lineName = sql`case when tt.product_id is null then tt.name
  else (select pr.name from products pr where pr.id = tt.product_id) || coalesce(' (' || tt.variation || ')', '') end`;

/** A page of the event's settled orders (paid, refunded…; not the unpaid), oldest first. */
export async function orderPage(
  db: DbExecutor,
  params: { eventId: string; from: Keyset | null; limit: number },
): Promise<OrderRow[]> {
  const rows = await rowsOf<OrderRow>(
    db,
    sql`select ${keyText(sql`o.created_at`)} as k, o.id, o.created_at, o.paid_at, o.status, o.currency, o.subtotal_cents,
          o.discount_cents, o.total_cents, o.tax_cents, o.refunded_cents, o.discount_code,
          ${holder} as name, u.email,
          (select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = o.id)
            as quantity,
          (select string_agg(oi.quantity || ' × ' || ${lineName}, '; ' order by tt.sort_order, oi.id)
             from order_items oi join ticket_types tt on tt.id = oi.ticket_type_id
            where oi.order_id = o.id) as items,
          (select b.method from box_office_sales b where b.order_id = o.id) as box_office_method,
          (select string_agg(s.seat_id, '; ' order by length(s.seat_id), s.seat_id)
             from event_seats s where s.order_id = o.id and s.ticket_id is not null) as seats
        from orders o
        join users u on u.id = o.user_id
        left join profiles p on p.id = o.user_id
        where o.id in (select oi.order_id from order_items oi where oi.event_id = ${params.eventId})
          and o.status <> 'pending'
          ${after(sql`o.created_at`, sql`o.id`, params.from)}
        order by o.created_at, o.id
        limit ${params.limit}`,
  );
  return rows.map((r) => ({
    ...r,
    created_at: new Date(r.created_at),
    paid_at: toDate(r.paid_at),
    items: r.items ?? '',
  }));
}

export interface ProductLineRow {
  k: string;
  id: string;
  order_id: string;
  created_at: Date;
  status: string;
  name: string;
  email: string;
  product: string;
  variation: string | null;
  quantity: number;
  unit_price_cents: number;
  discount_cents: number;
  currency: string;
}

/** A page of the products sold at the event (one row per order line), in order of sale. */
export async function productLinePage(
  db: DbExecutor,
  params: { eventId: string; from: Keyset | null; limit: number },
): Promise<ProductLineRow[]> {
  const rows = await rowsOf<ProductLineRow>(
    db,
    sql`select ${keyText(sql`o.created_at`)} as k, oi.id, o.id as order_id, o.created_at, o.status, ${holder} as name, u.email,
          pr.name as product, tt.variation, oi.quantity, oi.unit_price_cents, oi.discount_cents,
          tt.currency
        from order_items oi
        join ticket_types tt on tt.id = oi.ticket_type_id
        join products pr on pr.id = tt.product_id
        join orders o on o.id = oi.order_id
        join users u on u.id = o.user_id
        left join profiles p on p.id = o.user_id
        where oi.event_id = ${params.eventId} and tt.kind = 'product' and o.status <> 'pending'
          ${after(sql`o.created_at`, sql`oi.id`, params.from)}
        order by o.created_at, oi.id
        limit ${params.limit}`,
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at) }));
}

/** How many rows each export of the event will have (for the progress bar). */
export async function countRows(
  db: DbExecutor,
  params: { eventId: string; kind: ExportKind },
): Promise<number> {
  const { eventId } = params;
  const query = {
    attendees: sql`select count(*)::int as n from tickets t
                where t.event_id = ${eventId} and ${holderNotErased}`,
    check_ins: sql`select count(*)::int as n from tickets t
                   where t.event_id = ${eventId} and t.checked_in_at is not null
                     and ${holderNotErased}`,
    orders: sql`select count(*)::int as n from orders o
                where o.id in (select order_id from order_items where event_id = ${eventId})
                  and o.status <> 'pending'`,
    products: sql`select count(*)::int as n from order_items oi
                  join ticket_types tt on tt.id = oi.ticket_type_id
                  join orders o on o.id = oi.order_id
                  where oi.event_id = ${eventId} and tt.kind = 'product' and o.status <> 'pending'`,
  }[params.kind];
  const [row] = await rowsOf<{ n: number }>(db, query);
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Background exports

export type ExportRow = typeof eventExports.$inferSelect;

export async function insertExport(
  db: DbExecutor,
  row: {
    eventId: string;
    userId: string;
    kind: ExportKind;
    format: ExportFormat;
    rowsTotal: number;
    createdAt: Date;
    backgroundAt: Date;
    expiresAt: Date;
  },
): Promise<ExportRow> {
  const [inserted] = await db.insert(eventExports).values(row).returning();
  if (!inserted) throw new Error('export row not inserted');
  return inserted;
}

export async function findExport(db: DbExecutor, params: { id: string; eventId?: string }) {
  const [row] = await db
    .select()
    .from(eventExports)
    .where(
      and(
        eq(eventExports.id, params.id),
        params.eventId ? eq(eventExports.eventId, params.eventId) : undefined,
      ),
    );
  return row;
}

/** The event's exports still kept, newest first. */
export async function findExportsOfEvent(
  db: DbExecutor,
  params: { eventId: string; now: Date; limit: number },
) {
  return db
    .select()
    .from(eventExports)
    .where(
      and(eq(eventExports.eventId, params.eventId), sql`${eventExports.expiresAt} > ${params.now}`),
    )
    .orderBy(desc(eventExports.createdAt))
    .limit(params.limit);
}

export async function setProgress(db: DbExecutor, params: { id: string; rowsDone: number }) {
  await db
    .update(eventExports)
    .set({ rowsDone: params.rowsDone })
    .where(eq(eventExports.id, params.id));
}

/** A retried build starts its file again. */
export async function clearChunks(db: DbExecutor, params: { id: string }) {
  await db.delete(eventExportChunks).where(eq(eventExportChunks.exportId, params.id));
}

export async function insertChunk(
  db: DbExecutor,
  params: { id: string; seq: number; data: Buffer },
) {
  await db
    .insert(eventExportChunks)
    .values({ exportId: params.id, seq: params.seq, data: params.data });
}

export async function readChunk(db: DbExecutor, params: { id: string; seq: number }) {
  const [row] = await db
    .select({ data: eventExportChunks.data })
    .from(eventExportChunks)
    .where(and(eq(eventExportChunks.exportId, params.id), eq(eventExportChunks.seq, params.seq)));
  return row?.data ?? null;
}

export async function finishExport(
  db: DbExecutor,
  params: { id: string; status: 'ready' | 'failed'; rowsDone: number; sizeBytes: number; at: Date },
) {
  const [row] = await db
    .update(eventExports)
    .set({
      status: params.status,
      rowsDone: params.rowsDone,
      sizeBytes: params.sizeBytes,
      finishedAt: params.at,
    })
    .where(and(eq(eventExports.id, params.id), eq(eventExports.status, 'running')))
    .returning();
  return row;
}

/** Marks the export mailed; false when it already was (a retried job mails once). */
export async function markMailed(db: DbExecutor, params: { id: string; at: Date }) {
  const [row] = await db
    .update(eventExports)
    .set({ mailedAt: params.at })
    .where(and(eq(eventExports.id, params.id), sql`${eventExports.mailedAt} is null`))
    .returning({ id: eventExports.id });
  return Boolean(row);
}

/** Forgets exports past their keeping time; their chunks go with them. */
export async function deleteExpiredExports(db: DbExecutor, params: { now: Date }) {
  const deleted = await db
    .delete(eventExports)
    .where(lt(eventExports.expiresAt, params.now))
    .returning({ id: eventExports.id });
  return deleted.length;
}

export async function findRecipient(db: DbExecutor, params: { userId: string }) {
  const [row] = await rowsOf<{ email: string; name: string; language: string | null }>(
    db,
    sql`select u.email, coalesce(p.full_name, u.email) as name, u.language
        from users u left join profiles p on p.id = u.id where u.id = ${params.userId}`,
  );
  return row;
}
