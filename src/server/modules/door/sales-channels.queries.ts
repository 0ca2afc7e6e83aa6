import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import type { SalesChannelRow } from '../../../contracts/sales-channels';

// The event's settled ticket orders (paid, refunded in part or in full) by channel, method and
// seller. An order is the box office's when it has a box-office sale (decision 070); the rest
// were bought online. The day is the payment's date in the event's time zone.

const settled = (eventId: string) => sql`
  select o.id, o.total_cents, o.refunded_cents, b.order_id is not null as at_door,
    b.method as door_method, b.seller_id,
    to_char(o.paid_at at time zone e.timezone, 'YYYY-MM-DD') as day
  from orders o
  join events e on e.id = ${eventId}
  left join box_office_sales b on b.order_id = o.id
  where o.kind = 'tickets' and o.paid_at is not null
    and o.status in ('paid', 'partially_refunded', 'refunded')
    and exists (select 1 from order_items oi where oi.order_id = o.id and oi.event_id = ${eventId})`;

export async function findChannelRows(
  db: DbExecutor,
  params: { eventId: string; day: string | null },
): Promise<SalesChannelRow[]> {
  const { rows } = await db.execute<SalesChannelRow>(sql`
    with s as (${settled(params.eventId)}),
    c as (
      select s.*, case when s.at_door then 'box_office' else 'online' end as channel,
        case when s.at_door then s.door_method when s.total_cents = 0 then 'free' else 'card' end
          as method
      from s where ${params.day}::text is null or s.day = ${params.day}::text
    )
    select c.channel, c.method, c.seller_id as "sellerId",
      case when c.channel = 'box_office' then coalesce(min(p.full_name), min(u.email), '') end
        as "sellerName",
      count(*)::int as orders,
      coalesce(sum((select sum(i.quantity) from order_items i
        join ticket_types tt on tt.id = i.ticket_type_id
        where i.order_id = c.id and i.event_id = ${params.eventId} and tt.kind = 'admission')), 0)::int
        as tickets,
      sum(c.total_cents)::int as "grossCents",
      sum(c.refunded_cents)::int as "refundedCents"
    from c
    left join users u on u.id = c.seller_id
    left join profiles p on p.id = c.seller_id
    group by c.channel, c.method, c.seller_id
    order by c.channel desc, c.method, "sellerName" nulls first`);
  return rows;
}

/** The days the event sold on, newest first. */
export async function findChannelDays(db: DbExecutor, eventId: string): Promise<string[]> {
  const { rows } = await db.execute<{ day: string }>(sql`
    with s as (${settled(eventId)}) select distinct day from s order by day desc`);
  return rows.map((row) => row.day);
}

export async function findEventZone(db: DbExecutor, eventId: string) {
  const { rows } = await db.execute<{ timeZone: string; currency: string }>(sql`
    select e.timezone as "timeZone",
      coalesce((select t.currency from ticket_types t where t.event_id = e.id
        order by t.sort_order, t.created_at limit 1), e.currency) as currency
    from events e where e.id = ${eventId}`);
  return rows[0];
}
