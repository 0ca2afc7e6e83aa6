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
/** A published public event, for the embedded page (its tickets come from the tickets service). */
export async function widgetEvent(db: DbExecutor, params: { eventId: string }) {
  const events = await db.execute(sql`
    select id, title, starts_at as "startsAt", timezone, venue_name as "venueName", city
    from events
    where id = ${params.eventId} and event_status = 'published' and visibility = 'public'`);
  return (events.rows[0] as WidgetEvent | undefined) ?? null;
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
