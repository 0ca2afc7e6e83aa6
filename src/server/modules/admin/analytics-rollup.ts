import { sql, type SQL } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { adminDailyEventSales, adminDailyOrders, adminRollupDays } from '../../db/schema/admin';

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
}

/**
 * Splits [start, end) (or [start, end] when `inclusive`) into the whole days the rollup holds and
 * the ranges around them.
 */
export async function periodParts(
  db: DbExecutor,
  params: { start: Date; end: Date; inclusive: boolean },
): Promise<PeriodParts> {
  const start = params.start.getTime();
  const end = params.end.getTime();
  const first = Math.ceil(start / DAY_MS) * DAY_MS;
  const whole: number[] = [];
  for (let day = first; day + DAY_MS <= end; day += DAY_MS) whole.push(day);
  const held = new Set<string>();
  if (whole.length) {
    const rows = await db.execute<{ day: string }>(sql`
      select to_char(day, 'YYYY-MM-DD') as day from ${adminRollupDays}
      where day between ${dayOf(whole[0] ?? 0)}::date and ${dayOf(whole.at(-1) ?? 0)}::date`);
    for (const row of rows.rows) held.add(row.day);
  }
  const days: string[] = [];
  const live: PeriodParts['live'] = [];
  let from = start;
  for (const day of whole) {
    if (!held.has(dayOf(day))) continue;
    days.push(dayOf(day));
    if (day > from) live.push({ from: new Date(from), to: new Date(day), inclusive: false });
    from = day + DAY_MS;
  }
  if (from < end || (params.inclusive && from === end))
    live.push({ from: new Date(from), to: new Date(end), inclusive: params.inclusive });
  return { days, live };
}

/** `column` within the live ranges (false when the rollup covers the whole period). */
export function inLive(column: SQL, parts: PeriodParts): SQL {
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

export const daysArray = (days: string[]) => sql`${`{${days.join(',')}}`}::date[]`;

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
