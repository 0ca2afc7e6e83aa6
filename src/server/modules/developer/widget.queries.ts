import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

export interface WidgetEvent {
  id: string;
  title: string;
  startsAt: Date | string;
  timezone: string;
  venueName: string | null;
  city: string | null;
}
export interface WidgetTicketType {
  name: string;
  priceCents: number;
  currency: string;
  remaining: number;
  onSale: boolean;
}

/** A published public event and its visible ticket types, for the embedded page. */
export async function widgetEvent(db: DbExecutor, params: { eventId: string; now: Date }) {
  const events = await db.execute(sql`
    select id, title, starts_at as "startsAt", timezone, venue_name as "venueName", city
    from events
    where id = ${params.eventId} and event_status = 'published' and visibility = 'public'`);
  const event = events.rows[0] as WidgetEvent | undefined;
  if (!event) return null;
  const types = await db.execute(sql`
    select name, price_cents as "priceCents", currency, remaining,
      ((sales_start is null or sales_start <= ${params.now})
        and (sales_end is null or sales_end > ${params.now})) as "onSale"
    from ticket_types
    where event_id = ${params.eventId} and not is_hidden and unlock_code is null
    order by sort_order, created_at`);
  return { event, types: types.rows as unknown as WidgetTicketType[] };
}

/** Ties the embedded page's random id to the buyer and event (first tie wins). */
export async function bindCheckout(
  db: DbExecutor,
  params: { nonce: string; userId: string; eventId: string; now: Date },
) {
  await db.execute(sql`
    insert into widget_checkouts (nonce, user_id, event_id, created_at)
    values (${params.nonce}, ${params.userId}, ${params.eventId}, ${params.now})
    on conflict (nonce) do nothing`);
}

/** The buyer's order for the event paid since the widget's checkout began, if any. */
export async function paidOrderFor(db: DbExecutor, params: { nonce: string; since: Date }) {
  const result = await db.execute(sql`
    select o.id as "orderId", w.event_id as "eventId"
    from widget_checkouts w
    join orders o on o.user_id = w.user_id and o.kind = 'tickets'
      and o.status in ('paid', 'partially_refunded') and o.paid_at >= w.created_at
    where w.nonce = ${params.nonce} and w.created_at >= ${params.since}
      and exists (select 1 from order_items i where i.order_id = o.id and i.event_id = w.event_id)
    order by o.paid_at limit 1`);
  return (result.rows[0] as { orderId: string; eventId: string } | undefined) ?? null;
}
