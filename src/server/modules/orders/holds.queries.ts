import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

/**
 * Closes pending orders matching `which` and gives their stock and discount-code uses back, in
 * one statement: the orders UPDATE only takes rows still pending, so a payment that committed
 * first wins and its stock is never returned twice. The capacity pools the types draw on get
 * their share back in a second statement of the same transaction (see givePoolStockBack).
 */
async function releaseOrders(
  db: DbExecutor,
  which: SQL,
  status: 'expired' | 'cancelled',
  now: Date,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string | null; types: Back[] | null }>(sql`
      with released as (
        update orders o set status = ${status}, updated_at = ${now}
        where o.status = 'pending' and ${which}
        returning o.id, o.discount_code_id
      ), stock as (
        update ticket_types t set remaining = t.remaining + back.quantity
        from (
          select i.ticket_type_id, sum(i.quantity)::int as quantity
          from order_items i where i.order_id in (select id from released)
          group by i.ticket_type_id
        ) back
        where t.id = back.ticket_type_id
        returning t.id, back.quantity
      ), codes as (
        update discount_codes d set used_count = d.used_count - back.uses
        from (
          select r.discount_code_id, count(*)::int as uses
          from released r where r.discount_code_id is not null
          group by r.discount_code_id
        ) back
        where d.id = back.discount_code_id
        returning d.id
      )
      select r.id, case when r.n = 1 then (
          select json_agg(json_build_object('ticketTypeId', s.id, 'quantity', s.quantity)) from stock s
        ) end as types
      from (select id, row_number() over () as n from released) r`);
    const back = rows[0]?.types ?? [];
    if (back.length) await givePoolStockBack(tx, back);
    return rows.map((r) => r.id).filter((id): id is string => id !== null);
  });
}

type Back = { ticketTypeId: string; quantity: number };

/**
 * Gives the capacity pools of these types their share of returned stock (decision 052). A
 * statement of its own after the types' UPDATE: its snapshot is taken once the types' rows are
 * locked, so it reads pool membership as a concurrent change to it committed (that change
 * locks the same types), and stock taken under a membership goes back under the same one.
 * Pools are locked in id order, after the types, like every stock taker.
 */
export async function givePoolStockBack(db: DbExecutor, back: Back[]): Promise<void> {
  await db.execute(sql`
    with need as (
      select m.pool_id, sum(b.quantity)::int as quantity
      from json_to_recordset(${JSON.stringify(back)}::json) as b("ticketTypeId" uuid, quantity int)
      join capacity_pool_ticket_types m on m.ticket_type_id = b."ticketTypeId"
      group by m.pool_id
    ), locked as (
      select p.id, n.quantity from capacity_pools p join need n on n.pool_id = p.id
      order by p.id for no key update of p
    )
    update capacity_pools p set remaining = least(p.capacity, p.remaining + l.quantity)
    from locked l where p.id = l.id`);
}

/** The pools an order's lines draw on, with what the lines need of each, in lock order. */
export async function poolNeeds(
  db: DbExecutor,
  lines: { ticketTypeId: string; quantity: number }[],
): Promise<{ poolId: string; quantity: number }[]> {
  const { rows } = await db.execute<{ poolId: string; quantity: number }>(sql`
    select m.pool_id as "poolId", sum(b.quantity)::int as quantity
    from json_to_recordset(${JSON.stringify(lines)}::json) as b("ticketTypeId" uuid, quantity int)
    join capacity_pool_ticket_types m on m.ticket_type_id = b."ticketTypeId"
    group by m.pool_id order by m.pool_id`);
  return rows;
}

/** Takes `quantity` from a pool if that much is left (a guarded UPDATE); true if taken. */
export async function takePoolStock(
  db: DbExecutor,
  params: { poolId: string; quantity: number },
): Promise<boolean> {
  const { rowCount } = await db.execute(sql`
    update capacity_pools set remaining = remaining - ${params.quantity}
    where id = ${params.poolId} and remaining >= ${params.quantity}`);
  return Boolean(rowCount);
}

/**
 * Takes every pool's share of these lines, in pool id order (after the types' stock, so two
 * checkouts never wait on each other in opposite orders). The first pool that is short, or
 * null when all were taken; inside a transaction, which the caller rolls back when one is short.
 */
export async function takePoolsFor(
  db: DbExecutor,
  lines: { ticketTypeId: string; quantity: number }[],
): Promise<{ poolId: string; quantity: number } | null> {
  for (const need of await poolNeeds(db, lines)) if (!(await takePoolStock(db, need))) return need;
  return null;
}

export async function findPoolRemaining(db: DbExecutor, poolId: string): Promise<number> {
  const { rows } = await db.execute<{ remaining: number }>(
    sql`select remaining from capacity_pools where id = ${poolId}`,
  );
  return rows[0]?.remaining ?? 0;
}

/** Ticket types of a pool (the names its shortage is worded with), in the picker's order. */
export async function findPoolTypes(db: DbExecutor, poolId: string) {
  const { rows } = await db.execute<{ id: string; name: string; isHidden: boolean }>(sql`
    select t.id, t.name, t.is_hidden as "isHidden"
    from capacity_pool_ticket_types m join ticket_types t on t.id = m.ticket_type_id
    where m.pool_id = ${poolId} order by t.sort_order, t.created_at, t.id`);
  return rows;
}

/**
 * Expires holds whose time ran out: everywhere (the scheduled job) or for one order / event /
 * some ticket types (lazily, before stock is shown or taken). Cheap when nothing is due: the partial
 * index on pending orders' deadlines answers it.
 */
export function expireHolds(
  db: DbExecutor,
  now: Date,
  scope: { eventId?: string; ticketTypeIds?: string[]; orderId?: string } = {},
): Promise<string[]> {
  const due = sql`o.reserved_until <= ${now}`;
  const inScope = scope.orderId
    ? sql`and o.id = ${scope.orderId}`
    : scope.eventId
      ? sql`and exists (select 1 from order_items i where i.order_id = o.id and i.event_id = ${scope.eventId})`
      : scope.ticketTypeIds
        ? sql`and exists (select 1 from order_items i where i.order_id = o.id and i.ticket_type_id = any(${`{${scope.ticketTypeIds.join(',')}}`}::uuid[]))`
        : sql``;
  return releaseOrders(db, sql`${due} ${inScope}`, 'expired', now);
}

/** The buyer gives a pending order's hold back. */
export async function cancelPendingOrder(db: DbExecutor, orderId: string, now: Date) {
  const released = await releaseOrders(db, sql`o.id = ${orderId}`, 'cancelled', now);
  return released.length > 0;
}

/** The provider closed the checkout unpaid. */
export async function expirePendingOrder(db: DbExecutor, orderId: string, now: Date) {
  const released = await releaseOrders(db, sql`o.id = ${orderId}`, 'expired', now);
  return released.length > 0;
}

/**
 * The least any pool of each of the event's ticket types has left (types in no pool are absent):
 * a buyer can buy no more of a type than this (decision 052).
 */
export async function poolLimitsOfEvent(
  db: DbExecutor,
  params: { eventId: string },
): Promise<Map<string, number>> {
  const { rows } = await db.execute<{ ticketTypeId: string; left: number }>(sql`
    select m.ticket_type_id as "ticketTypeId", min(p.remaining)::int as "left"
    from capacity_pools p join capacity_pool_ticket_types m on m.pool_id = p.id
    where p.event_id = ${params.eventId}
    group by m.ticket_type_id`);
  return new Map(rows.map((r) => [r.ticketTypeId, r.left]));
}
