import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbExecutor } from '../../db/client';
import { apiKeys, webhookDeliveries, webhookEndpoints } from '../../db/schema/developer';
import { users } from '../../db/schema/users';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { sealWebhookSecret, WEBHOOK_SINK_PATH } from './webhooks.service';
import { insertTestEvent } from './webhooks.queries';

const KEY_NAME = 'Box office sync';
const MINUTE_MS = 60_000;

/**
 * Demo: the demo organizer has an API key and a webhook endpoint with a few
 * deliveries in its log, so /developer shows what an integration looks like.
 *
 * Nothing secret is printed or kept: the key's secret is made, hashed and thrown away (keys are
 * shown once, at creation), and the endpoint's signing secret is random and sealed like any
 * other. The endpoint points at this server's own sink (`WEBHOOK_SINK_PATH`, answers 204 and
 * keeps nothing), so new events for the organizer's events are really delivered and never
 * pile up retries against an address that does not exist. Needs the server's config (the
 * secret is sealed with its key); without one only the key is made.
 */
export async function seedDeveloper(
  tx: DbExecutor,
  params: { now: Date; joinedAt: Date; config?: Pick<Config, 'SESSION_SECRET' | 'PUBLIC_URL'> },
) {
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, getDemoAccount('organizer').email));
  if (!owner) return;

  const [key] = await tx
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.ownerId, owner.id), eq(apiKeys.name, KEY_NAME)));
  if (!key) {
    const prefix = randomBytes(8).toString('base64url').slice(0, 10);
    const secret = `mea_${prefix}_${randomBytes(32).toString('base64url')}`;
    await tx.insert(apiKeys).values({
      ownerId: owner.id,
      name: KEY_NAME,
      prefix,
      keyHash: createHash('sha256').update(secret).digest('hex'),
      scopes: ['events:read', 'orders:read', 'attendees:read', 'checkins:write'],
      lastUsedAt: new Date(params.now.getTime() - 95 * MINUTE_MS),
      createdAt: params.joinedAt,
    });
  }

  if (!params.config) return;
  const url = `${params.config.PUBLIC_URL}${WEBHOOK_SINK_PATH}`;
  const [existing] = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.ownerId, owner.id), eq(webhookEndpoints.url, url)));
  if (existing) return;
  const [endpoint] = await tx
    .insert(webhookEndpoints)
    .values({
      ownerId: owner.id,
      url,
      description: 'Demo receiver (this server’s own webhook sink)',
      eventTypes: ['order.paid', 'order.refunded', 'attendee.registered', 'ticket.checked_in'],
      secretSealed: sealWebhookSecret(
        params.config,
        `whsec_${randomBytes(32).toString('base64url')}`,
      ),
      createdAt: params.joinedAt,
    })
    .returning({ id: webhookEndpoints.id });
  if (!endpoint) return;

  // The log: a test event when the endpoint was added, then the organizer's latest real
  // registrations, emitted through the same function the triggers call, all delivered.
  await insertTestEvent(tx, {
    ownerId: owner.id,
    endpointId: endpoint.id,
    type: 'webhook.test',
    now: new Date(params.now.getTime() - 3 * 60 * MINUTE_MS),
  });
  await tx.execute(sql`
    select webhook_emit(${owner.id}::uuid, 'attendee.registered',
      'attendee.registered:' || t.id, ${params.now}::timestamptz - (n * interval '17 minutes'),
      jsonb_build_object('ticket_id', t.id, 'order_id', t.order_id, 'event_id', t.event_id,
        'ticket_type_id', t.ticket_type_id, 'ticket_type', tt.name, 'status', t.status,
        'checked_in_at', t.checked_in_at, 'created_at', t.created_at,
        'attendee', jsonb_build_object('id', u.id, 'email', u.email,
          'name', coalesce(p.full_name, ''))))
    from (
      select t.*, row_number() over (order by t.created_at desc) as n
      from tickets t join events e on e.id = t.event_id
      where e.user_id = ${owner.id}
      order by t.created_at desc limit 4
    ) t
    join ticket_types tt on tt.id = t.ticket_type_id
    join users u on u.id = t.user_id
    left join profiles p on p.id = u.id`);
  await tx.execute(sql`
    select webhook_emit(${owner.id}::uuid, 'order.paid', 'order.paid:' || o.id || ':' || o.event_id,
      coalesce(o.paid_at, ${params.now}::timestamptz),
      jsonb_build_object('order_id', o.id, 'event_id', o.event_id, 'event_title', o.title,
        'status', o.status, 'currency', o.currency, 'total_cents', o.total_cents,
        'refunded_cents', o.refunded_cents, 'paid_at', o.paid_at,
        'buyer', jsonb_build_object('id', u.id, 'email', u.email, 'name', coalesce(p.full_name, '')),
        'items', o.items))
    from (
      select o.id, o.user_id, o.status, o.currency, o.total_cents, o.refunded_cents, o.paid_at,
        e.id as event_id, e.title,
        jsonb_agg(jsonb_build_object('ticket_type_id', i.ticket_type_id, 'ticket_type', tt.name,
          'quantity', i.quantity, 'unit_price_cents', i.unit_price_cents,
          'discount_cents', i.discount_cents) order by i.id) as items
      from orders o
      join order_items i on i.order_id = o.id
      join events e on e.id = i.event_id and e.user_id = ${owner.id}
      join ticket_types tt on tt.id = i.ticket_type_id
      where o.status = 'paid'
      group by o.id, e.id
      order by o.paid_at desc nulls last limit 2
    ) o
    join users u on u.id = o.user_id
    left join profiles p on p.id = u.id`);
  await tx
    .update(webhookDeliveries)
    .set({
      status: 'succeeded',
      attempts: 1,
      nextAttemptAt: null,
      lastStatusCode: 204,
      lastAttemptAt: sql`${webhookDeliveries.createdAt} + interval '180 milliseconds'`,
    })
    .where(eq(webhookDeliveries.endpointId, endpoint.id));
}
