import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { DEFAULT_DURATION_MS } from '../events/events.service';

// The host dashboard is a read model (decision 045): like the console's reports (decision 020)
// it reads the tables of events, tickets, orders, vendor applications and messages in its own
// statements, and writes nothing. Every statement is scoped to the host in its `where`
// (`e.user_id = host`, or the host's own chat memberships).

/** When an event is over: the end, or a day after a start without one (events/event-time.ts). */
const eventEnd = sql`coalesce(e.ends_at, e.starts_at + ${`${DEFAULT_DURATION_MS / 1000} seconds`}::interval)`;

/** The value of a line of a paid ticket order, less its share of what was refunded. */
const netLineCents = sql`(i.unit_price_cents * i.quantity - i.discount_cents)::numeric
  * (1 - o.refunded_cents::numeric / nullif(o.total_cents, 0))`;

/** Ticket orders whose tickets stand: paid, or refunded in part (a full refund voids them). */
const standingOrder = sql`o.kind = 'tickets' and o.status in ('paid', 'partially_refunded')`;

const ids = (values: readonly string[]): SQL => sql`${`{${values.join(',')}}`}::uuid[]`;

/**
 * The events a statement counts: all the host's (null), or those in a team member's scope when
 * the member switched to the host's account (decision 073).
 */
type EventScope = readonly string[] | null;
const inScope = (scope: EventScope | undefined): SQL =>
  scope ? sql`e.id = any(${ids(scope)})` : sql`true`;

export type HostedEventRow = {
  id: string;
  title: string;
  event_status: 'draft' | 'published' | 'cancelled' | 'expired';
  starts_at: Date | string;
  ends_at: Date | string | null;
  timezone: string;
  capacity: number | null;
  type_quantity: number | string | null;
  ticket_types: number;
  sold: number;
  checked_in: number;
  total: number;
};

/** The host's upcoming events (drafts included), soonest first, with their door counts. */
export async function findUpcomingHostedEvents(
  db: DbExecutor,
  params: { hostId: string; now: Date; limit: number; scope?: EventScope },
): Promise<HostedEventRow[]> {
  const { rows } = await db.execute<HostedEventRow>(sql`
    select e.id, e.title, e.event_status, e.starts_at, e.ends_at, e.timezone, e.capacity,
      (select sum(tt.quantity) from ticket_types tt where tt.event_id = e.id) as type_quantity,
      (select count(*)::int from ticket_types tt where tt.event_id = e.id) as ticket_types,
      (select count(*)::int from tickets t where t.event_id = e.id and t.status <> 'void') as sold,
      (select count(*)::int from tickets t where t.event_id = e.id and t.status = 'checked_in')
        as checked_in,
      (count(*) over ())::int as total
    from events e
    where e.user_id = ${params.hostId} and e.event_status in ('draft', 'published')
      and ${eventEnd} >= ${params.now} and ${inScope(params.scope)}
    order by e.starts_at asc, e.id asc
    limit ${params.limit}`);
  return rows;
}

export type EventRevenueRow = {
  event_id: string;
  currency: string;
  cents: number | string;
};

/** Net revenue of the host's events per currency (lines of standing orders only). */
export async function findEventRevenue(
  db: DbExecutor,
  params: { hostId: string; eventIds: readonly string[] },
): Promise<EventRevenueRow[]> {
  if (params.eventIds.length === 0) return [];
  const { rows } = await db.execute<EventRevenueRow>(sql`
    select i.event_id, o.currency, round(sum(coalesce(${netLineCents}, 0)))::bigint as cents
    from order_items i
    join orders o on o.id = i.order_id
    join events e on e.id = i.event_id
    where e.user_id = ${params.hostId} and i.event_id = any(${ids(params.eventIds)})
      and ${standingOrder}
    group by i.event_id, o.currency`);
  return rows;
}

export type SalesBucketRow = {
  bucket: number;
  currency: string;
  tickets: number | string;
  cents: number | string;
};

/**
 * Tickets and net revenue of the host's events per day and currency, by payment time. The day
 * boundaries come as instants (the viewer's midnights, computed from their time zone), so
 * PostgreSQL never needs to know the zone: bucket n is [boundaries[n-1], boundaries[n]).
 */
export async function findSalesByDay(
  db: DbExecutor,
  params: { hostId: string; boundaries: readonly Date[]; scope?: EventScope },
): Promise<SalesBucketRow[]> {
  const first = params.boundaries[0];
  const last = params.boundaries[params.boundaries.length - 1];
  if (!first || !last) return [];
  const array = sql`${`{${params.boundaries.map((b) => `"${b.toISOString()}"`).join(',')}}`}::timestamptz[]`;
  const { rows } = await db.execute<SalesBucketRow>(sql`
    select width_bucket(o.paid_at, ${array}) as bucket, o.currency,
      sum(i.quantity)::bigint as tickets,
      round(sum(coalesce(${netLineCents}, 0)))::bigint as cents
    from order_items i
    join orders o on o.id = i.order_id
    join events e on e.id = i.event_id
    where e.user_id = ${params.hostId} and ${standingOrder} and ${inScope(params.scope)}
      and o.paid_at >= ${first} and o.paid_at < ${last}
    group by 1, 2`);
  return rows;
}

/** Tickets of the host's events checked in between the viewer's midnights. */
export async function countCheckInsBetween(
  db: DbExecutor,
  params: { hostId: string; from: Date; to: Date; scope?: EventScope },
): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n
    from tickets t join events e on e.id = t.event_id
    where e.user_id = ${params.hostId} and ${inScope(params.scope)}
      and t.checked_in_at >= ${params.from}
      and t.checked_in_at < ${params.to}`);
  return rows[0]?.n ?? 0;
}

export type DoorRow = {
  id: string;
  title: string;
  checked_in: number;
  sold: number;
};

/** The host's published events running at some time in [from, to), with their doors' counts. */
export async function findEventsRunningBetween(
  db: DbExecutor,
  params: { hostId: string; from: Date; to: Date; limit: number; scope?: EventScope },
): Promise<DoorRow[]> {
  const { rows } = await db.execute<DoorRow>(sql`
    select e.id, e.title,
      (select count(*)::int from tickets t where t.event_id = e.id and t.status = 'checked_in')
        as checked_in,
      (select count(*)::int from tickets t where t.event_id = e.id and t.status <> 'void') as sold
    from events e
    where e.user_id = ${params.hostId} and e.event_status = 'published' and ${inScope(params.scope)}
      and e.starts_at < ${params.to} and ${eventEnd} >= ${params.from}
    order by e.starts_at asc, e.id asc
    limit ${params.limit}`);
  return rows;
}

export type PendingApplicationsRow = {
  id: string;
  title: string;
  pending: number;
  total: number;
};

/** The host's events with vendor applications waiting, most waiting first. */
export async function findPendingApplications(
  db: DbExecutor,
  params: { hostId: string; limit: number; scope?: EventScope },
): Promise<PendingApplicationsRow[]> {
  const { rows } = await db.execute<PendingApplicationsRow>(sql`
    select e.id, e.title, count(*)::int as pending, (sum(count(*)) over ())::int as total
    from vendor_requests vr join events e on e.id = vr.event_id
    where e.user_id = ${params.hostId} and vr.status = 'pending' and ${inScope(params.scope)}
    group by e.id, e.title
    order by pending desc, min(vr.created_at) asc
    limit ${params.limit}`);
  return rows;
}

export type UnreadChatRow = {
  id: string;
  name: string;
  preview: string | null;
  at: Date | string | null;
  unread: number;
  total: number;
};

/**
 * The host's conversations with unread messages from others, latest first. Like the messages
 * list, a chat counts at most 100 unread (the badge shows "99+" past that).
 */
export async function findUnreadChats(
  db: DbExecutor,
  params: { hostId: string; limit: number },
): Promise<UnreadChatRow[]> {
  const { rows } = await db.execute<UnreadChatRow>(sql`
    select c.id,
      coalesce(case when c.is_group then coalesce(c.title, ev.title) end, o.full_name, c.title,
        'Conversation') as name,
      c.last_message as preview, c.last_message_at as at, u.n as unread,
      (sum(u.n) over ())::int as total
    from chat_participants me
    join chats c on c.id = me.chat_id
    left join events ev on ev.id = c.event_id
    cross join lateral (
      select count(*)::int as n from (
        select 1 from messages m where m.chat_id = c.id
          and m.created_at > coalesce(me.last_read_at, '-infinity')
          and m.sender_id <> me.user_id and m.deleted_at is null
        limit 100) x) u
    left join lateral (
      select pr.full_name from chat_participants cp join profiles pr on pr.id = cp.user_id
      where cp.chat_id = c.id and cp.user_id <> me.user_id and not c.is_group
      limit 1) o on true
    where me.user_id = ${params.hostId} and u.n > 0
    order by c.last_message_at desc nulls last, c.id
    limit ${params.limit}`);
  return rows;
}

export type HostSetupRow = {
  events: number;
  draft_id: string | null;
  draft_title: string | null;
  untyped_id: string | null;
  untyped_title: string | null;
};

/**
 * What the host has yet to set up: whether they host anything, their soonest upcoming draft, and
 * their soonest upcoming paid event with no ticket type (a free one gets "General admission" at
 * its first registration).
 */
export async function findHostSetup(
  db: DbExecutor,
  params: { hostId: string; now: Date; scope?: EventScope },
): Promise<HostSetupRow> {
  const mine = sql`e.user_id = ${params.hostId} and ${inScope(params.scope)}`;
  const upcoming = sql`${mine} and ${eventEnd} >= ${params.now}`;
  const { rows } = await db.execute<HostSetupRow>(sql`
    with draft as (
      select e.id, e.title from events e where ${upcoming} and e.event_status = 'draft'
      order by e.starts_at asc, e.id asc limit 1),
    untyped as (
      select e.id, e.title from events e
      where ${upcoming} and e.event_status in ('draft', 'published') and not e.is_free
        and not exists (select 1 from ticket_types tt where tt.event_id = e.id)
      order by e.starts_at asc, e.id asc limit 1)
    select (select count(*)::int from events e where ${mine}) as events,
      (select id from draft) as draft_id, (select title from draft) as draft_title,
      (select id from untyped) as untyped_id, (select title from untyped) as untyped_title`);
  return (
    rows[0] ?? {
      events: 0,
      draft_id: null,
      draft_title: null,
      untyped_id: null,
      untyped_title: null,
    }
  );
}
