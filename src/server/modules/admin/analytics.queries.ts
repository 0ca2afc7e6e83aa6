import { sql, type SQL } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { must } from '../../platform/must';
import {
  adminDailyCounts,
  adminDailyEventSales,
  adminDailyOrders,
  adminDailyRefunds,
  adminDailySignupTypes,
  adminDailyVendorSales,
  adminRollupDays,
} from '../../db/schema/admin';

// The analytics rollup (decision 020). At a million orders the overview
// and analytics read 100,000+ orders (and their lines) per request; the rollup holds sold orders
// per UTC day, so a period reads ~90 summary rows per currency plus the orders of the days the
// rollup does not hold (today, the period's partial first day, days the job has not reached).

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A period's time range, cut into rollup days and the rest, which is read from the orders. */
export interface PeriodParts {
  /** Whole UTC days inside the period that the rollup holds ('YYYY-MM-DD'). */
  days: string[];
  /** The rest of the period: [from, to) ranges, the last one closed at `to` when inclusive. */
  live: { from: Date; to: Date; inclusive: boolean }[];
  /** The held days with when each was last recomputed: changes whenever their rollup rows do. */
  version: string;
}

/**
 * Splits [start, end) (or [start, end] when `inclusive`) into the whole days the rollup holds and
 * the ranges around them.
 */
async function periodParts(
  db: DbExecutor,
  params: { start: Date; end: Date; inclusive: boolean },
): Promise<PeriodParts> {
  const start = params.start.getTime();
  const end = params.end.getTime();
  const first = Math.ceil(start / DAY_MS) * DAY_MS;
  const whole: number[] = [];
  for (let day = first; day + DAY_MS <= end; day += DAY_MS) whole.push(day);
  const held = new Map<string, string>();
  if (whole.length) {
    const rows = await db.execute<{ day: string; refreshed: string }>(sql`
      select to_char(day, 'YYYY-MM-DD') as day, refreshed_at::text as refreshed
      from ${adminRollupDays}
      where day between ${dayOf(whole[0] ?? 0)}::date and ${dayOf(whole.at(-1) ?? 0)}::date`);
    for (const row of rows.rows) held.set(row.day, row.refreshed);
  }
  const days: string[] = [];
  const live: PeriodParts['live'] = [];
  const version: string[] = [];
  let from = start;
  for (const day of whole) {
    const refreshed = held.get(dayOf(day));
    if (refreshed === undefined) continue;
    days.push(dayOf(day));
    version.push(`${dayOf(day)}@${refreshed}`);
    if (day > from) live.push({ from: new Date(from), to: new Date(day), inclusive: false });
    from = day + DAY_MS;
  }
  if (from < end || (params.inclusive && from === end))
    live.push({ from: new Date(from), to: new Date(end), inclusive: params.inclusive });
  return { days, live, version: version.join(',') };
}

/** `column` within the live ranges (false when the rollup covers the whole period). */
function inLive(column: SQL, parts: PeriodParts): SQL {
  if (!parts.live.length) return sql`false`;
  return sql`(${sql.join(
    parts.live.map((r) =>
      r.inclusive
        ? sql`(${column} >= ${r.from} and ${column} <= ${r.to})`
        : sql`(${column} >= ${r.from} and ${column} < ${r.to})`,
    ),
    sql` or `,
  )})`;
}

/**
 * One count per live range of the two periods (`current` says which), each an index-only count
 * over `column`: a single scan over the ranges OR-ed together reads every row from the table.
 */
function liveCounts(table: string, column: string, now: PeriodParts, previous: PeriodParts): SQL {
  const ranges = [
    ...now.live.map((range) => ({ range, current: true })),
    ...previous.live.map((range) => ({ range, current: false })),
  ];
  if (!ranges.length) return sql`select 0::bigint as n, false as current where false`;
  const col = sql.raw(column);
  return sql.join(
    ranges.map(
      ({ range, current }) => sql`select count(*) as n, ${current}::boolean as current
        from ${sql.raw(table)} where ${col} >= ${range.from}
          and ${range.inclusive ? sql`${col} <= ${range.to}` : sql`${col} < ${range.to}`}`,
    ),
    sql` union all `,
  );
}

const daysArray = (days: string[]) => sql`${`{${days.join(',')}}`}::date[]`;

const SOLD = sql`('paid', 'partially_refunded', 'refunded')`;

/**
 * Recomputes the rollup for the whole UTC days [from, to] from the orders, in one transaction
 * (an advisory lock keeps two workers from interleaving their delete and insert).
 */
export async function refreshRollupDays(db: Database, params: { from: string; to: string }) {
  const lower = sql`(${params.from}::date)::timestamp at time zone 'UTC'`;
  const upper = sql`(${params.to}::date + 1)::timestamp at time zone 'UTC'`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('admin_analytics_rollup'))`);
    await tx.execute(sql`delete from ${adminDailyOrders}
      where day between ${params.from}::date and ${params.to}::date`);
    await tx.execute(sql`delete from ${adminDailyEventSales}
      where day between ${params.from}::date and ${params.to}::date`);
    await tx.execute(sql`delete from ${adminDailyCounts}
      where day between ${params.from}::date and ${params.to}::date`);
    await tx.execute(sql`delete from ${adminDailyRefunds}
      where day between ${params.from}::date and ${params.to}::date`);
    await tx.execute(sql`delete from ${adminDailySignupTypes}
      where day between ${params.from}::date and ${params.to}::date`);
    await tx.execute(sql`delete from ${adminDailyVendorSales}
      where day between ${params.from}::date and ${params.to}::date`);
    await tx.execute(sql`
      insert into ${adminDailyOrders} (day, currency, orders, cents)
      select (paid_at at time zone 'UTC')::date, currency, count(*), sum(total_cents)
      from orders
      where paid_at >= ${lower} and paid_at < ${upper} and status in ${SOLD}
      group by 1, 2`);
    await tx.execute(sql`
      insert into ${adminDailyEventSales} (day, event_id, currency, orders, tickets, cents)
      select (o.paid_at at time zone 'UTC')::date, i.event_id, o.currency,
        count(distinct o.id), sum(i.quantity), sum(i.quantity * i.unit_price_cents - i.discount_cents)
      from orders o join order_items i on i.order_id = o.id
      where o.paid_at >= ${lower} and o.paid_at < ${upper} and o.status in ${SOLD}
      group by 1, 2, 3`);
    await tx.execute(sql`
      insert into ${adminDailyCounts} (day, sign_ups, tickets)
      select day, sum(sign_ups), sum(tickets) from (
        select (created_at at time zone 'UTC')::date as day, count(*) as sign_ups, 0 as tickets
        from users where created_at >= ${lower} and created_at < ${upper} group by 1
        union all
        select (created_at at time zone 'UTC')::date, 0, count(*)
        from tickets where created_at >= ${lower} and created_at < ${upper} group by 1
      ) x
      group by day`);
    await tx.execute(sql`
      insert into ${adminDailyRefunds} (day, currency, cents)
      select (r.created_at at time zone 'UTC')::date, o.currency, sum(r.amount_cents)
      from refunds r join orders o on o.id = r.order_id
      where r.created_at >= ${lower} and r.created_at < ${upper}
      group by 1, 2`);
    // Sign-ups as the analytics count them: accounts with a profile, under today's type (the
    // migration's triggers keep a held day's counts so when a type changes).
    await tx.execute(sql`
      insert into ${adminDailySignupTypes} (day, user_type, sign_ups)
      select (u.created_at at time zone 'UTC')::date, p.user_type, count(*)
      from users u join profiles p on p.id = u.id
      where u.created_at >= ${lower} and u.created_at < ${upper}
      group by 1, 2`);
    await tx.execute(sql`
      insert into ${adminDailyVendorSales} (day, user_id, orders, cents)
      select (paid_at at time zone 'UTC')::date, user_id, count(*), sum(total_cents)
      from orders
      where kind = 'vendor_fee' and paid_at >= ${lower} and paid_at < ${upper}
        and status in ${SOLD}
      group by 1, 2`);
    await tx.execute(sql`
      insert into ${adminRollupDays} (day, refreshed_at)
      select d::date, now() from generate_series(${params.from}::date, ${params.to}::date, '1 day') d
      on conflict (day) do update set refreshed_at = excluded.refreshed_at`);
  });
}

/** The last day the rollup holds and the first day of a sold order ('YYYY-MM-DD' or null). */
export async function rollupBounds(db: DbExecutor) {
  const { rows } = await db.execute<{ last: string | null; first: string | null }>(sql`
    select (select to_char(max(day), 'YYYY-MM-DD') from ${adminRollupDays}) as last,
      (select to_char((min(paid_at) at time zone 'UTC')::date, 'YYYY-MM-DD') from orders
        where paid_at is not null) as first`);
  return rows[0] ?? { last: null, first: null };
}

// ---------- overview ----------

export async function overviewFigures(db: DbExecutor, params: { now: Date; days: number }) {
  const end = params.now;
  const start = new Date(end.getTime() - params.days * 86_400_000);
  const before = new Date(start.getTime() - params.days * 86_400_000);
  // Sales, sign-ups, tickets and refunds come from the daily rollup where it holds the period's
  // whole days, the rest from their tables (at a million orders the tickets and refunds alone
  // read 230,000 index entries and joined every order).
  const [now, previous] = await Promise.all([
    periodParts(db, { start, end, inclusive: false }),
    periodParts(db, { start: before, end: start, inclusive: false }),
  ]);
  // Both periods at once: the rolled-up days of each, and the ranges around them.
  const both: PeriodParts = {
    days: [...now.days, ...previous.days],
    live: [...previous.live, ...now.live],
    version: '',
  };
  const [users, events, tickets, gross, refunds, byDay] = await Promise.all([
    db.execute<{ current: number; previous: number }>(sql`
      select coalesce(sum(n) filter (where current), 0)::int as current,
        coalesce(sum(n) filter (where not current), 0)::int as previous
      from (
        select sign_ups as n, day = any(${daysArray(now.days)}) as current
        from ${adminDailyCounts} where day = any(${daysArray(both.days)})
        union all
        ${liveCounts('users', 'created_at', now, previous)}
      ) x`),
    db.execute<{ n: number }>(sql`
      select count(*)::int as n from events
      where event_status = 'published' and coalesce(ends_at, starts_at) >= ${end}`),
    db.execute<{ current: number; previous: number }>(sql`
      select coalesce(sum(n) filter (where current), 0)::int as current,
        coalesce(sum(n) filter (where not current), 0)::int as previous
      from (
        select tickets as n, day = any(${daysArray(now.days)}) as current
        from ${adminDailyCounts} where day = any(${daysArray(both.days)})
        union all
        ${liveCounts('tickets', 'created_at', now, previous)}
      ) x`),
    db.execute<{ currency: string; currentCents: number; previousCents: number }>(sql`
      select currency,
        coalesce(sum(cents) filter (where current), 0)::float8 as "currentCents",
        coalesce(sum(cents) filter (where not current), 0)::float8 as "previousCents"
      from (
        select currency, cents::float8 as cents, day = any(${daysArray(now.days)}) as current
        from ${adminDailyOrders}
        where day = any(${daysArray(both.days)})
        union all
        select currency, total_cents::float8, paid_at >= ${start}
        from orders
        where ${inLive(sql`paid_at`, both)}
          and status in ('paid', 'partially_refunded', 'refunded')
      ) sold
      group by currency order by currency`),
    db.execute<{ currency: string; currentCents: number; previousCents: number }>(sql`
      select currency,
        coalesce(sum(cents) filter (where current), 0)::float8 as "currentCents",
        coalesce(sum(cents) filter (where not current), 0)::float8 as "previousCents"
      from (
        select currency, cents::float8 as cents, day = any(${daysArray(now.days)}) as current
        from ${adminDailyRefunds} where day = any(${daysArray(both.days)})
        union all
        select o.currency, r.amount_cents::float8, r.created_at >= ${start}
        from refunds r join orders o on o.id = r.order_id
        where ${inLive(sql`r.created_at`, both)}
      ) refunded
      group by currency order by currency`),
    db.execute<{ day: string; currency: string; cents: number; orders: number }>(sql`
      select day, currency, sum(cents)::float8 as cents, sum(orders)::int as orders
      from (
        select to_char(day, 'YYYY-MM-DD') as day, currency, cents::float8 as cents, orders
        from ${adminDailyOrders} where day = any(${daysArray(now.days)})
        union all
        select to_char(date_trunc('day', paid_at at time zone 'UTC'), 'YYYY-MM-DD'), currency,
          total_cents::float8, 1
        from orders
        where ${inLive(sql`paid_at`, now)}
          and status in ('paid', 'partially_refunded', 'refunded')
      ) sold
      group by 1, 2 order by 1, 2`),
  ]);
  return {
    newUsers: users.rows[0] ?? { current: 0, previous: 0 },
    activeEvents: events.rows[0]?.n ?? 0,
    ticketsSold: tickets.rows[0] ?? { current: 0, previous: 0 },
    grossSales: gross.rows,
    refunds: refunds.rows,
    salesByDay: byDay.rows,
  };
}

// ---------- analytics breakdowns ----------

// A type, not an interface: row types must be assignable to `Record<string, unknown>`.
export type EventLine = {
  event_id: string;
  currency: string;
  cents: number;
  tickets: number;
  orders: number;
};

/**
 * Where the breakdowns take the held days' grouped event lines from: `read` groups them from the
 * rollup; the service keeps them in a cache under `parts.version`, since those rows change only
 * when the hourly job recomputes a day (which stamps the day's `refreshed_at`), while reading and
 * grouping them costs most of the breakdowns' time (about 85,000 rollup rows for 90 days at a
 * million orders).
 */
export type HeldLinesSource = (
  parts: PeriodParts,
  read: () => Promise<EventLine[]>,
) => Promise<EventLine[]>;

/**
 * One column of the held lines as an array literal: a parameter per column parses far faster than
 * the rows as JSON (17 ms of planning for 2,000 rows). The values are ids, currency codes and
 * numbers from the rollup, quoted.
 */
const column = (rows: EventLine[], key: keyof EventLine) =>
  `{${rows.map((row) => `"${row[key]}"`).join(',')}}`;

async function heldEventLines(db: DbExecutor, parts: PeriodParts): Promise<EventLine[]> {
  if (!parts.days.length) return [];
  const { rows } = await db.execute<EventLine>(sql`
    select event_id, currency, sum(cents)::float8 as cents, sum(tickets)::float8 as tickets,
      sum(orders)::float8 as orders
    from ${adminDailyEventSales} where day = any(${daysArray(parts.days)})
    group by 1, 2`);
  return rows;
}

/** The breakdowns' period: the last `days` up to and including now. */
const breakdownPeriod = (params: { now: Date; days: number }) => ({
  start: new Date(params.now.getTime() - params.days * DAY_MS),
  end: params.now,
  inclusive: true,
});

/** The breakdowns' period cut into held days (and their `version`) and live ranges. */
export const breakdownParts = (db: DbExecutor, params: { now: Date; days: number }) =>
  periodParts(db, breakdownPeriod(params));

/**
 * The held days' grouped event lines of the breakdowns' period as `heldLines` gives them, without
 * the rest: what the rollup job fills the service's cache with right after it rewrote days.
 */
export async function breakdownHeldLines(
  db: DbExecutor,
  params: { now: Date; days: number },
  heldLines: HeldLinesSource,
): Promise<EventLine[]> {
  const parts = await breakdownParts(db, params);
  return heldLines(parts, () => heldEventLines(db, parts));
}

/**
 * The analytics page's breakdowns over the last `days` up to and including now: the event lines
 * in one grouped statement, sign-ups by type and top vendors in one each.
 */
export async function analyticsBreakdowns(
  db: DbExecutor,
  params: { now: Date; days: number },
  heldLines: HeldLinesSource = (_parts, read) => read(),
) {
  const { start, end } = breakdownPeriod(params);
  // Ticket sales, sign-ups by type and vendor fees come from the daily rollup where it holds the
  // period's whole days, the rest from the orders and users (below); an order is for one event,
  // so orders add up per event.
  const parts = await breakdownParts(db, params);
  // The event lines per event and currency: the held days' (grouped once per rollup refresh),
  // and the live orders' lines with their distinct orders counted.
  const lines = (held: EventLine[]) => sql`(
    select * from unnest(${column(held, 'event_id')}::uuid[], ${column(held, 'currency')}::text[],
      ${column(held, 'cents')}::float8[], ${column(held, 'tickets')}::float8[],
      ${column(held, 'orders')}::float8[]) as h(event_id, currency, cents, tickets, orders)
    union all
    select i.event_id, o.currency,
      sum(i.quantity * i.unit_price_cents - i.discount_cents)::float8, sum(i.quantity)::float8,
      count(distinct o.id)::float8
    from orders o join order_items i on i.order_id = o.id
    where ${inLive(sql`o.paid_at`, parts)} and o.status in ${SOLD}
    group by 1, 2)`;
  const viewDays = sql`day between (${start}::timestamptz at time zone 'UTC')::date
    and (${end}::timestamptz at time zone 'UTC')::date`;
  const [events, signups, topVendors] = await Promise.all([
    // The event lines are read and grouped once, per event and currency (at most events ×
    // currencies rows); categories, top events and the conversion are derived from that.
    // An order is for one event in one currency, so order counts add up across events.
    heldLines(parts, () => heldEventLines(db, parts)).then((held) =>
      db.execute<{
        categories: { category: string; currency: string; cents: number; tickets: number }[];
        topEvents: {
          id: string;
          title: string;
          tickets: number;
          cents: number;
          currency: string;
        }[];
        views: number;
        orders: number;
        viewed: { id: string; title: string; views: number; orders: number }[];
      }>(sql`
      with x as materialized (
        select event_id, currency, sum(cents)::float8 as cents, sum(tickets)::float8 as tickets,
          sum(orders)::float8 as orders
        from ${lines(held)} l
        group by 1, 2),
      e as materialized (
        select x.*, ev.title, coalesce(nullif(ev.category, ''), 'Uncategorised') as category
        from x join events ev on ev.id = x.event_id),
      -- Views are counted per UTC day: the period's days are those its instants fall on.
      v as (select event_id, sum(views)::int as views from event_page_views
        where ${viewDays} group by 1)
      select
        (select coalesce(json_agg(c order by c.cents desc, c.category), '[]') from (
          select category, currency, sum(cents)::float8 as cents, sum(tickets)::int as tickets
          from e group by 1, 2) c) as categories,
        (select coalesce(json_agg(t order by t.tickets desc, t.cents desc), '[]') from (
          select event_id as id, title, sum(tickets)::int as tickets, sum(cents)::float8 as cents,
            min(currency) as currency
          from e group by event_id, title order by tickets desc, cents desc limit 10) t)
          as "topEvents",
        (select coalesce(sum(views), 0)::int from v) as views,
        -- Orders for the events that were viewed, so the rate is views turned into orders
        -- (events with no recorded views, e.g. before counting began, stay out of it).
        (select coalesce(sum(orders), 0)::int from x where x.event_id in (select event_id from v))
          as orders,
        (select coalesce(json_agg(w order by w.views desc, w.id), '[]') from (
          select ev.id, ev.title, top.views,
            (select coalesce(sum(orders), 0)::int from x where x.event_id = top.event_id) as orders
          from (select * from v order by views desc, event_id limit 10) top
          join events ev on ev.id = top.event_id) w) as viewed`),
    ),
    db.execute<{ userType: string; count: number }>(sql`
      select user_type::text as "userType", sum(n)::int as count
      from (
        select user_type, sign_ups as n from ${adminDailySignupTypes}
        where day = any(${daysArray(parts.days)})
        union all
        select p.user_type, 1
        from users u join profiles p on p.id = u.id
        where ${inLive(sql`u.created_at`, parts)}
      ) x
      group by 1 having sum(n) > 0 order by count desc, 1`),
    db.execute<{ id: string; name: string; orders: number; cents: number }>(sql`
      select v.id, coalesce(p.business_name, p.full_name, '') as name,
        sum(v.orders)::int as orders, sum(v.cents)::float8 as cents
      from (
        select user_id as id, orders, cents::float8 as cents from ${adminDailyVendorSales}
        where day = any(${daysArray(parts.days)})
        union all
        select user_id, 1, total_cents::float8 from orders
        where kind = 'vendor_fee' and ${inLive(sql`paid_at`, parts)} and status in ${SOLD}
      ) v left join profiles p on p.id = v.id
      group by 1, 2 order by cents desc, orders desc limit 10`),
  ]);
  const grouped = must(events.rows[0], 'the grouped event lines');
  return {
    revenueByCategory: grouped.categories,
    signupsByType: signups.rows,
    topEvents: grouped.topEvents,
    topVendors: topVendors.rows,
    conversion: { views: grouped.views, orders: grouped.orders, events: grouped.viewed },
  };
}

// ---------- event page views ----------

/**
 * Adds buffered view counts (event-views.ts) in one statement: per event and UTC day, added to
 * what other processes counted. Ids that are not a published event are dropped, not an error.
 */
export async function addEventViews(
  db: DbExecutor,
  rows: { eventId: string; day: string; views: number }[],
): Promise<void> {
  if (!rows.length) return;
  // One array literal per column (drizzle would spread a JS array into a parameter per item);
  // the ids and days were validated before they were buffered.
  const list = (values: (string | number)[]) => `{${values.join(',')}}`;
  await db.execute(sql`
    insert into event_page_views (event_id, day, views)
    select v.event_id, v.day, v.views
    from unnest(${list(rows.map((r) => r.eventId))}::uuid[], ${list(rows.map((r) => r.day))}::date[],
      ${list(rows.map((r) => r.views))}::int[]) as v(event_id, day, views)
    join events e on e.id = v.event_id and e.event_status = 'published'
    order by v.event_id, v.day
    on conflict (event_id, day) do update set views = event_page_views.views + excluded.views`);
}
