import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

/**
 * Closes pending orders matching `which` and gives their stock and discount-code uses back, in
 * one statement: the orders UPDATE only takes rows still pending, so a payment that committed
 * first wins and its stock is never returned twice.
 */
async function releaseOrders(
  db: DbExecutor,
  which: SQL,
  status: 'expired' | 'cancelled',
  now: Date,
): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
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
      returning t.id
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
    select id from released`);
  return rows.map((r) => r.id);
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
