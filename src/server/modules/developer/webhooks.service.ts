import { msg } from '@lingui/core/macro';
import { SOURCE_LOCALE } from '../../../contracts/locales';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TEST_TYPE,
  type CreateWebhookInputSchema,
} from '../../../contracts/developer';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { openField, sealField } from '../../platform/field-crypto';
import { AppError } from '../../platform/http/errors';
import { translate } from '../../platform/i18n/translate';
import { OutgoingRefused, postOutgoing, resolveOutgoing } from '../../platform/http/outgoing';
import { derivedKey } from '../../platform/secrets';
import { createNotifications } from '../notifications/notifications.service';
import { mayHoldKeys } from './developer.policy';
import { presentDelivery, presentEndpoint } from './developer.presenter';
import { isDelivered, nextAttemptAt, shouldDisable, signatureHeader } from './webhooks.policy';
import * as q from './webhooks.queries';
import { registerBackgroundWork } from '../../platform/background-work';

export interface WebhookDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'SESSION_SECRET' | 'OUTGOING_ALLOW_LOOPBACK' | 'PUBLIC_URL'>;
}

const sealKey = (deps: { config: Pick<Config, 'SESSION_SECRET'> }) =>
  derivedKey(deps.config, 'field:webhook-secret');
const policy = (deps: WebhookDeps) => ({
  allowLoopback: deps.config.OUTGOING_ALLOW_LOOPBACK,
  timeoutMs: WEBHOOK_LIMITS.timeoutMs,
});

/**
 * This server's own receiver (answers 204, keeps nothing): the demo organizer's endpoint points
 * here (developer.seed.ts). Sending to it may use loopback even where other endpoints may not:
 * it is our own route, which does nothing, so it reaches nothing internal.
 */
export const WEBHOOK_SINK_PATH = '/api/developer/webhook-sink';
const sendPolicy = (deps: WebhookDeps, url: string) =>
  url === `${deps.config.PUBLIC_URL}${WEBHOOK_SINK_PATH}`
    ? { ...policy(deps), allowLoopback: true }
    : policy(deps);

/** Seals a signing secret as createEndpoint does (for the demo seed). */
export const sealWebhookSecret = (config: Pick<Config, 'SESSION_SECRET'>, secret: string) =>
  sealField(sealKey({ config }), secret);

function requireHolder(user: AuthUser) {
  if (!mayHoldKeys(user))
    throw new AppError('FORBIDDEN', msg`Webhooks are for organizers and venues`);
}

/** Saves an endpoint; its URL must pass the outgoing guard now (it is checked again per send). */
export async function createEndpoint(
  deps: WebhookDeps,
  user: AuthUser,
  input: z.output<typeof CreateWebhookInputSchema>,
) {
  requireHolder(user);
  if ((await q.countEndpoints(deps.db, { ownerId: user.id })) >= WEBHOOK_LIMITS.endpointsPerOwner)
    throw new AppError('CONFLICT', WEBHOOK_MESSAGES.tooMany);
  try {
    await resolveOutgoing(input.url, policy(deps));
  } catch (error) {
    if (!(error instanceof OutgoingRefused)) throw error;
    // Why the address was refused is a technical reason, in English.
    const reason = error.message;
    const message = msg`This address cannot receive webhooks (${reason})`;
    throw new AppError('VALIDATION_FAILED', message, {
      fields: [{ field: 'url', message: translate(SOURCE_LOCALE, message) }],
    });
  }
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const row = await q.insertEndpoint(deps.db, {
    ownerId: user.id,
    url: input.url,
    description: input.description,
    eventTypes: [...new Set(input.eventTypes)],
    secretSealed: sealField(sealKey(deps), secret),
    createdAt: deps.clock.now(),
  });
  if (!row) throw new AppError('INTERNAL', msg`The endpoint was not saved`);
  return { endpoint: presentEndpoint(row), secret };
}

export async function listEndpoints(deps: Pick<WebhookDeps, 'db'>, user: AuthUser) {
  requireHolder(user);
  return { endpoints: (await q.listEndpoints(deps.db, { ownerId: user.id })).map(presentEndpoint) };
}

export async function setEnabled(deps: WebhookDeps, user: AuthUser, id: string, enabled: boolean) {
  const row = await q.setEndpointEnabled(deps.db, {
    ownerId: user.id,
    id,
    enabled,
    now: deps.clock.now(),
  });
  if (!row) throw new AppError('NOT_FOUND', msg`Webhook endpoint not found`);
  return presentEndpoint(row);
}

export async function deleteEndpoint(deps: WebhookDeps, user: AuthUser, id: string) {
  const row = await q.deleteEndpoint(deps.db, { ownerId: user.id, id });
  if (!row) throw new AppError('NOT_FOUND', msg`Webhook endpoint not found`);
  return presentEndpoint(row);
}

export async function listDeliveries(deps: WebhookDeps, user: AuthUser, endpointId: string) {
  if (!(await q.endpointOf(deps.db, { ownerId: user.id, id: endpointId })))
    throw new AppError('NOT_FOUND', msg`Webhook endpoint not found`);
  const rows = await q.listDeliveries(deps.db, { ownerId: user.id, endpointId, limit: 50 });
  return { deliveries: rows.map(presentDelivery) };
}

async function presentedDelivery(deps: WebhookDeps, id: string) {
  const row = await q.deliveryById(deps.db, { id });
  if (!row) throw new AppError('NOT_FOUND', msg`Delivery not found`);
  return presentDelivery(row);
}

/** Queues a `webhook.test` event to one endpoint (sent by the dispatcher like any other). */
export async function sendTest(deps: WebhookDeps, user: AuthUser, endpointId: string) {
  const endpoint = await q.endpointOf(deps.db, { ownerId: user.id, id: endpointId });
  if (!endpoint) throw new AppError('NOT_FOUND', msg`Webhook endpoint not found`);
  if (endpoint.disabledAt) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.disabled);
  const delivery = await deps.db.transaction((tx) =>
    q.insertTestEvent(tx, {
      ownerId: user.id,
      endpointId,
      type: WEBHOOK_TEST_TYPE,
      now: deps.clock.now(),
    }),
  );
  if (!delivery) throw new AppError('INTERNAL', msg`The test event was not saved`);
  wakeDispatchers();
  return presentedDelivery(deps, delivery.id);
}

/** Sends a delivery again now, with a fresh round of retries (the "Resend" button). */
export async function resend(
  deps: WebhookDeps,
  user: AuthUser,
  params: { endpointId: string; deliveryId: string },
) {
  const endpoint = await q.endpointOf(deps.db, { ownerId: user.id, id: params.endpointId });
  if (!endpoint) throw new AppError('NOT_FOUND', msg`Delivery not found`);
  if (endpoint.disabledAt) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.disabled);
  const row = await q.resendDelivery(deps.db, {
    ownerId: user.id,
    endpointId: params.endpointId,
    id: params.deliveryId,
    now: deps.clock.now(),
  });
  if (!row) throw new AppError('NOT_FOUND', msg`Delivery not found`);
  wakeDispatchers();
  return presentedDelivery(deps, row.id);
}

/** The body the receiver gets: the event id is the receiver's de-duplication key. */
export function deliveryBody(delivery: q.ClaimedDelivery): string {
  return JSON.stringify({
    id: delivery.eventId,
    type: delivery.type,
    created_at: delivery.eventCreatedAt,
    data: delivery.payload,
  });
}

/** A network failure in words for the delivery log (a refused connection's message is empty). */
function describeFailure(failure: unknown): string {
  if (failure instanceof AggregateError && failure.errors.length)
    return failure.errors.map(describeFailure).join('; ');
  if (!(failure instanceof Error)) return String(failure);
  const code = (failure as NodeJS.ErrnoException).code;
  return failure.message || code || failure.name || 'The request failed';
}

async function attempt(deps: WebhookDeps, delivery: q.ClaimedDelivery) {
  const now = deps.clock.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const body = deliveryBody(delivery);
    const secret = openField(sealKey(deps), delivery.secretSealed);
    const response = await postOutgoing(
      delivery.url,
      {
        headers: {
          'content-type': 'application/json',
          'user-agent': 'MEA-Events-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret, body, now),
          'MEA-Event-Id': delivery.eventId,
          'MEA-Event-Type': delivery.type,
          'MEA-Delivery-Id': delivery.id,
        },
        body,
      },
      sendPolicy(deps, delivery.url),
    );
    statusCode = response.status;
    if (!isDelivered(response.status)) error = response.body.slice(0, 300) || null;
  } catch (failure) {
    error = describeFailure(failure).slice(0, 300);
  }
  const delivered = statusCode !== null && isDelivered(statusCode);
  const doneAt = deps.clock.now();
  // The attempt, the endpoint's failure streak and turning it off commit together: the
  // delivery's lock is released with them, so nothing ever sees a finished attempt whose failure
  // is not yet counted (or an endpoint past its limit still on).
  await deps.db.transaction(async (tx) => {
    const endpoint = await q.recordAttempt(tx, {
      id: delivery.id,
      endpointId: delivery.endpointId,
      now: doneAt,
      statusCode,
      error,
      delivered,
      retryAt: delivered ? null : nextAttemptAt(delivery.attempts, doneAt),
    });
    if (!delivered && endpoint && !endpoint.disabledAt && shouldDisable(endpoint, doneAt))
      await disable(tx, endpoint, doneAt);
  });
}

async function disable(tx: DbExecutor, endpoint: q.WebhookEndpointRow, now: Date) {
  const reason = `Turned off after ${endpoint.consecutiveFailures} failed attempts in a row since ${endpoint.failingSince?.toISOString().slice(0, 10)}`;
  const row = await q.disableFailing(tx, { id: endpoint.id, now, reason });
  if (!row) return;
  const url = endpoint.url;
  // In the owner's language (the notifications module looks it up).
  await createNotifications(tx, [
    {
      userId: endpoint.ownerId,
      type: 'webhook_disabled',
      title: msg`Webhook endpoint turned off`,
      message: msg`${url} failed for days and was turned off. Fix it, then turn it on again on the developer page.`,
      metadata: { endpoint_id: endpoint.id },
      dedupeKey: `webhook_disabled:${endpoint.id}:${now.toISOString()}`,
      createdAt: now,
    },
  ]);
}

/**
 * Sends the deliveries that are due (up to `limit`, `concurrency` at a time) and answers how
 * many it took. Safe to run in any number of processes at once (claimDue).
 */
export async function deliverDue(
  deps: WebhookDeps,
  options: { limit?: number; concurrency?: number } = {},
): Promise<number> {
  const claimed = await q.claimDue(deps.db, {
    now: deps.clock.now(),
    limit: options.limit ?? 50,
    holdMs: WEBHOOK_LIMITS.timeoutMs * 6,
  });
  const queue = [...claimed];
  const workers = Array.from(
    { length: Math.min(options.concurrency ?? 10, queue.length) },
    async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await attempt(deps, next);
    },
  );
  await Promise.all(workers);
  return claimed.length;
}

const dispatchers = new Set<() => void>();
/** Wakes this process's dispatchers (a test event or resend was just queued here). */
function wakeDispatchers() {
  for (const wake of dispatchers) wake();
}

/** Sends in flight per worker process: a slow receiver holds one slot, not a whole batch. */
const DISPATCH_CONCURRENCY = 32;

/**
 * The loop each worker process runs: keeps up to `concurrency` sends in flight, claiming more
 * as slots free up (a quarter of them at a time, so a claim is not one query per delivery), and
 * polls every `idleMs` when nothing is due (or sooner when woken). Answers the function that
 * stops it, which lets the sends in flight finish.
 */
export function startDispatcher(
  deps: WebhookDeps,
  options: { idleMs: number; onError: (error: unknown) => void; concurrency?: number },
): () => Promise<void> {
  const concurrency = options.concurrency ?? DISPATCH_CONCURRENCY;
  const batch = Math.max(1, Math.floor(concurrency / 4));
  const running = new Set<Promise<void>>();
  let stopping = false;
  let wake: (() => void) | undefined;
  const nudge = () => wake?.();
  dispatchers.add(nudge);
  const unregister = registerBackgroundWork(deps.db, {
    name: 'webhook sends',
    busy: () => running.size > 0,
    drain: () => Promise.allSettled([...running]),
  });
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (wake = undefined));
  const done = (async () => {
    while (!stopping) {
      const free = concurrency - running.size;
      // Slots are busy: wait for some to free (each finished send wakes the loop).
      if (free < batch && running.size > 0) {
        await pause(options.idleMs);
        continue;
      }
      let claimed: q.ClaimedDelivery[] = [];
      try {
        claimed = await q.claimDue(deps.db, {
          now: deps.clock.now(),
          limit: free,
          holdMs: WEBHOOK_LIMITS.timeoutMs * 6,
        });
      } catch (error) {
        options.onError(error);
      }
      for (const delivery of claimed) {
        const task: Promise<void> = attempt(deps, delivery)
          .catch(options.onError)
          .finally(() => {
            running.delete(task);
            nudge();
          });
        running.add(task);
      }
      if (!claimed.length && !stopping) await pause(options.idleMs);
    }
  })();
  return async () => {
    stopping = true;
    dispatchers.delete(nudge);
    unregister();
    nudge();
    await done;
    await Promise.allSettled([...running]);
  };
}
