import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/developer';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

export async function countEndpoints(db: DbExecutor, params: { ownerId: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.ownerId, params.ownerId));
  return row?.n ?? 0;
}

export async function insertEndpoint(db: DbExecutor, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row;
}

export function listEndpoints(db: DbExecutor, params: { ownerId: string }) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.ownerId, params.ownerId))
    .orderBy(desc(webhookEndpoints.createdAt));
}

export async function endpointOf(db: DbExecutor, params: { ownerId: string; id: string }) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, params.id), eq(webhookEndpoints.ownerId, params.ownerId)));
  return row ?? null;
}

/** Turns the owner's endpoint on (failure count reset) or off; null when it is not theirs. */
export async function setEndpointEnabled(
  db: DbExecutor,
  params: { ownerId: string; id: string; enabled: boolean; now: Date },
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set(
      params.enabled
        ? { disabledAt: null, disabledReason: null, consecutiveFailures: 0, failingSince: null }
        : {
            disabledAt: sql`coalesce(${webhookEndpoints.disabledAt}, ${params.now})`,
            disabledReason: sql`coalesce(${webhookEndpoints.disabledReason}, 'Turned off by you')`,
          },
    )
    .where(and(eq(webhookEndpoints.id, params.id), eq(webhookEndpoints.ownerId, params.ownerId)))
    .returning();
  return row ?? null;
}

export async function deleteEndpoint(db: DbExecutor, params: { ownerId: string; id: string }) {
  const [row] = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, params.id), eq(webhookEndpoints.ownerId, params.ownerId)))
    .returning();
  return row ?? null;
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: webhookEvents.type,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastError: webhookDeliveries.lastError,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  createdAt: webhookDeliveries.createdAt,
};
export type DeliveryRow = Awaited<ReturnType<typeof listDeliveries>>[number];

/** The endpoint's latest deliveries; the owner check is in the join. */
export function listDeliveries(
  db: DbExecutor,
  params: { ownerId: string; endpointId: string; limit: number },
) {
  return db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(
      webhookEndpoints,
      and(
        eq(webhookEndpoints.id, webhookDeliveries.endpointId),
        eq(webhookEndpoints.ownerId, params.ownerId),
      ),
    )
    .where(eq(webhookDeliveries.endpointId, params.endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(params.limit);
}

/** A test event for one endpoint, delivered like any other. */
export async function insertTestEvent(
  db: DbExecutor,
  params: { ownerId: string; endpointId: string; type: string; now: Date },
) {
  const [event] = await db
    .insert(webhookEvents)
    .values({
      ownerId: params.ownerId,
      type: params.type,
      dedupeKey: `${params.type}:${crypto.randomUUID()}`,
      payload: { message: 'A test event from MEA Events', endpoint_id: params.endpointId },
      createdAt: params.now,
    })
    .returning({ id: webhookEvents.id });
  if (!event) return null;
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({
      eventId: event.id,
      endpointId: params.endpointId,
      nextAttemptAt: params.now,
      createdAt: params.now,
    })
    .returning({ id: webhookDeliveries.id });
  return delivery ?? null;
}

/** Queues a delivery again now (a new round of attempts); null when it is not the owner's. */
export async function resendDelivery(
  db: DbExecutor,
  params: { ownerId: string; endpointId: string; id: string; now: Date },
) {
  const result = await db.execute(sql`
    update webhook_deliveries d
    set status = 'pending', attempts = 0, next_attempt_at = ${params.now}, locked_until = null
    from webhook_endpoints e
    where d.id = ${params.id} and d.endpoint_id = ${params.endpointId}
      and e.id = d.endpoint_id and e.owner_id = ${params.ownerId}
    returning d.id`);
  return (result.rows[0] as { id: string } | undefined) ?? null;
}

export async function deliveryById(db: DbExecutor, params: { id: string }) {
  const [row] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, params.id));
  return row ?? null;
}

export interface ClaimedDelivery {
  id: string;
  attempts: number;
  endpointId: string;
  url: string;
  secretSealed: string;
  eventId: string;
  type: string;
  payload: Record<string, unknown>;
  eventCreatedAt: string;
}

/**
 * Takes up to `limit` due deliveries of live endpoints for this process: counted as an attempt
 * and held for `holdMs` (SKIP LOCKED: several workers never take the same row; a process that
 * dies mid-send leaves a hold that runs out, and the delivery is tried again).
 */
export async function claimDue(
  db: DbExecutor,
  params: { now: Date; limit: number; holdMs: number },
): Promise<ClaimedDelivery[]> {
  const holdUntil = new Date(params.now.getTime() + params.holdMs);
  const result = await db.execute(sql`
    with due as (
      select d.id from webhook_deliveries d
      join webhook_endpoints e on e.id = d.endpoint_id and e.disabled_at is null
      where d.status = 'pending' and d.next_attempt_at <= ${params.now}
        and (d.locked_until is null or d.locked_until <= ${params.now})
      order by d.next_attempt_at
      limit ${params.limit}
      for update of d skip locked
    )
    update webhook_deliveries d
    set attempts = d.attempts + 1, locked_until = ${holdUntil}
    from due, webhook_endpoints e, webhook_events ev
    where d.id = due.id and e.id = d.endpoint_id and ev.id = d.event_id
    returning d.id, d.attempts, e.id as "endpointId", e.url, e.secret_sealed as "secretSealed",
      ev.id as "eventId", ev.type, ev.payload,
      to_char(ev.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "eventCreatedAt"`);
  return result.rows as unknown as ClaimedDelivery[];
}

/**
 * Records one attempt's outcome and the endpoint's failure streak; answers the endpoint after a
 * failure (null after a success on an endpoint that had no streak).
 */
export async function recordAttempt(
  db: DbExecutor,
  params: {
    id: string;
    endpointId: string;
    now: Date;
    statusCode: number | null;
    error: string | null;
    delivered: boolean;
    /** When failed: the next attempt, or null when they are used up. */
    retryAt: Date | null;
  },
) {
  await db
    .update(webhookDeliveries)
    .set({
      status: params.delivered ? 'succeeded' : params.retryAt ? 'pending' : 'failed',
      nextAttemptAt: params.delivered ? null : params.retryAt,
      lockedUntil: null,
      lastStatusCode: params.statusCode,
      lastError: params.error,
      lastAttemptAt: params.now,
    })
    .where(eq(webhookDeliveries.id, params.id));
  const [endpoint] = await db
    .update(webhookEndpoints)
    .set(
      params.delivered
        ? { consecutiveFailures: 0, failingSince: null }
        : {
            consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1`,
            failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${params.now})`,
          },
    )
    .where(
      and(
        eq(webhookEndpoints.id, params.endpointId),
        // A success on a healthy endpoint writes nothing: concurrent sends to one endpoint
        // would otherwise queue on its row for a no-op update.
        params.delivered
          ? sql`(${webhookEndpoints.consecutiveFailures} <> 0 or ${webhookEndpoints.failingSince} is not null)`
          : undefined,
      ),
    )
    .returning();
  return endpoint ?? null;
}

/** Turns a failing endpoint off once (null when it already was). */
export async function disableFailing(
  db: DbExecutor,
  params: { id: string; now: Date; reason: string },
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ disabledAt: params.now, disabledReason: params.reason })
    .where(and(eq(webhookEndpoints.id, params.id), isNull(webhookEndpoints.disabledAt)))
    .returning();
  return row ?? null;
}
