import { msg } from '@lingui/core/macro';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import {
  API_KEY_LIMIT,
  API_KEYS_PER_OWNER,
  DEVELOPER_MESSAGES as TEXT,
  IDEMPOTENCY_MESSAGES,
  snakeCaseField,
  type ApiScope,
  type CreateApiKeyInputSchema,
} from '../../../contracts/developer';
import type { CreateEventInput, UpdateEventInput } from '../../../contracts/events';
import type { Database, DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { keyHasScope, keyIsLive, mayHoldKeys, parseBearer } from './developer.policy';
import {
  presentAttendee,
  presentEvent,
  presentKey,
  presentOrder,
  presentVendor,
} from './developer.presenter';
import * as q from './developer.queries';
import * as iq from './idempotency.queries';
import { cachedKeyByPrefix, countRequest, forgetKey } from './key-cache';
import { checkIn, type TicketDeps } from '../tickets/tickets.service';
import { createEvent, updateEvent, type EventDeps } from '../events/events.service';
import { transfersOfEvent } from '../transfers/transfers.service';
import { toV1Transfer } from '../../../contracts/transfers';
import { isUuid } from '../../../contracts/ids';

export interface DeveloperDeps {
  db: Database;
  clock: Clock;
  config: { RATE_LIMIT_MULTIPLIER: number; PUBLIC_URL: string };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function requireHolder(user: AuthUser) {
  if (!mayHoldKeys(user))
    throw new AppError('FORBIDDEN', msg`API keys are for organizers and venues`);
}

const present = async (db: DbExecutor, row: q.ApiKeyRow) =>
  presentKey(row, await q.creatorName(db, row.createdBy));

export async function createKey(
  deps: DeveloperDeps,
  user: AuthUser,
  input: z.output<typeof CreateApiKeyInputSchema>,
  /** Who made it: the owner, or a team member acting for the owner's account. */
  made: { createdBy: string } = { createdBy: user.id },
) {
  requireHolder(user);
  const now = deps.clock.now();
  if ((await q.countLiveKeys(deps.db, { ownerId: user.id, now })) >= API_KEYS_PER_OWNER)
    throw new AppError('CONFLICT', TEXT.tooMany);
  const prefix = randomBytes(8).toString('base64url').slice(0, 10);
  const secret = `mea_${prefix}_${randomBytes(32).toString('base64url')}`;
  const row = await q.insertKey(deps.db, {
    ownerId: user.id,
    createdBy: made.createdBy,
    name: input.name,
    prefix,
    keyHash: sha256(secret),
    scopes: [...new Set(input.scopes)],
    expiresAt: input.expiresInDays
      ? new Date(now.getTime() + input.expiresInDays * 86_400_000)
      : null,
    createdAt: now,
  });
  if (!row) throw new AppError('INTERNAL', msg`The key was not saved`);
  return { key: await present(deps.db, row), secret };
}

export async function listKeys(deps: Pick<DeveloperDeps, 'db'>, user: AuthUser) {
  requireHolder(user);
  const rows = await q.listKeys(deps.db, { ownerId: user.id });
  return { keys: rows.map((row) => presentKey(row, row.creatorName)) };
}

/** Sets the browser origins a key may be called from (CORS); the owner's keys only. */
export async function setKeyOrigins(
  deps: DeveloperDeps,
  user: AuthUser,
  params: { id: string; allowedOrigins: string[] },
) {
  const row = await q.setAllowedOrigins(deps.db, {
    ownerId: user.id,
    id: params.id,
    origins: [...new Set(params.allowedOrigins)],
  });
  if (!row) throw new AppError('NOT_FOUND', msg`API key not found`);
  await forgetKey(deps, row.prefix);
  return present(deps.db, row);
}

/** A CORS preflight to /api/v1 from `origin`: allowed when some live key allows the origin. */
export function preflightAllowed(deps: DeveloperDeps, origin: string) {
  return q.originAllowedByAnyKey(deps.db, { origin, now: deps.clock.now() });
}

export async function revokeKey(deps: DeveloperDeps, user: AuthUser, id: string) {
  const row = await q.revokeKey(deps.db, { ownerId: user.id, id, now: deps.clock.now() });
  if (!row) throw new AppError('NOT_FOUND', msg`API key not found`);
  await forgetKey(deps, row.prefix);
  return present(deps.db, row);
}

export interface KeyHolder {
  keyId: string;
  ownerId: string;
  ownerType: string;
  scopes: string[];
}

/**
 * The key behind an `Authorization: Bearer` header, checked in constant time against its hash,
 * live, holding `scope`, and within its per-key rate (counted in this process and added to the
 * PostgreSQL window once a second, so every instance counts together; key-cache.ts). Sets the RateLimit headers through `header`. A browser request from another
 * site (`origin`) must come from one of the key's allowed origins, and then gets the CORS headers.
 */
export async function authenticateKey(
  deps: DeveloperDeps,
  params: {
    authorization: string | undefined;
    scope: ApiScope;
    header: (name: string, value: string | number) => void;
    origin?: string | undefined;
  },
): Promise<KeyHolder> {
  const parsed = parseBearer(params.authorization);
  const now = deps.clock.now();
  // The row may be up to a second old (KEY_CACHE_MS): a revocation or origin change anywhere
  // forgets it in every process as soon as they hear of it (forgetKey).
  const row = parsed ? await cachedKeyByPrefix(deps, parsed.prefix) : null;
  const matches =
    parsed && row && timingSafeEqual(Buffer.from(sha256(parsed.key)), Buffer.from(row.keyHash));
  if (!row || !matches || !keyIsLive(row, now))
    throw new AppError('UNAUTHENTICATED', TEXT.keyInvalid);
  const origin = params.origin;
  if (origin && origin !== new URL(deps.config.PUBLIC_URL).origin) {
    // Closed by default: a key allows no browser origin until its owner adds one.
    if (!row.allowedOrigins.includes(origin))
      throw new AppError('FORBIDDEN', TEXT.originRefused(origin));
    params.header('Access-Control-Allow-Origin', origin);
    params.header('Vary', 'Origin');
    params.header(
      'Access-Control-Expose-Headers',
      'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After',
    );
  }
  const limit = API_KEY_LIMIT.perMinute * deps.config.RATE_LIMIT_MULTIPLIER;
  const hit = await countRequest(deps.db, { key: `api-key:${row.id}`, windowMs: 60_000, now });
  const resetSeconds = Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000));
  params.header('RateLimit-Limit', limit);
  params.header('RateLimit-Remaining', Math.max(0, limit - hit.count));
  params.header('RateLimit-Reset', resetSeconds);
  if (hit.count > limit)
    throw new AppError('RATE_LIMITED', TEXT.rateLimited, { retryAfterSeconds: resetSeconds });
  if (!keyHasScope(row, params.scope))
    throw new AppError('FORBIDDEN', TEXT.scopeMissing(params.scope));
  // Written at most once a minute per key: the (shared, cached) row remembers this process's
  // last write, and the guarded UPDATE skips one another process made in the last minute.
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= 60_000) {
    row.lastUsedAt = now;
    void q.touchKey(deps.db, { id: row.id, now }).catch(() => {
      // Last-used time is informative; a failed write must not fail the request.
    });
  }
  return { keyId: row.id, ownerId: row.ownerId, ownerType: row.ownerType, scopes: row.scopes };
}

/**
 * The key's owner as the services see a signed-in person, without their roles: a key acts only
 * within its owner's own events, even an admin's.
 */
export function keyActor(holder: KeyHolder): AuthUser {
  return {
    id: holder.ownerId,
    email: '',
    emailConfirmedAt: null,
    fullName: '',
    userType: holder.ownerType as AuthUser['userType'],
    roles: [],
    avatarUrl: null,
    language: null,
    createdAt: new Date(0),
    sessionId: `api-key:${holder.keyId}`,
  };
}

export async function requireOwnEvent(
  deps: Pick<DeveloperDeps, 'db'>,
  holder: KeyHolder,
  id: string,
) {
  if (!(await q.ownsEvent(deps.db, { ownerId: holder.ownerId, eventId: id })))
    throw new AppError('NOT_FOUND', msg`Event not found`);
}

function decodeCursor(cursor: string | undefined) {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || !/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(at) || !isUuid(id))
    throw new AppError('VALIDATION_FAILED', msg`The cursor is not valid`, {
      fields: [{ field: 'querystring.cursor', message: 'The cursor is not valid' }],
    });
  return { at, id };
}

const encodeCursor = (row: Record<string, unknown>) =>
  Buffer.from(`${String(row.cursor_at)}|${String(row.id ?? row.ticket_id)}`).toString('base64url');

function paged<T>(rows: Record<string, unknown>[], limit: number, present: (r: never) => T) {
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: page.map((row) => present(row as never)),
    next_cursor: more && last ? encodeCursor(last) : null,
  };
}

interface ListParams {
  limit: number;
  cursor?: string;
  updated_since?: string;
}

export async function listEvents(deps: DeveloperDeps, holder: KeyHolder, query: ListParams) {
  const rows = await q.ownerEvents(deps.db, {
    ownerId: holder.ownerId,
    limit: query.limit,
    after: decodeCursor(query.cursor),
    updatedSince: query.updated_since ? new Date(query.updated_since) : null,
  });
  return paged(rows, query.limit, presentEvent);
}

export async function listOrders(
  deps: DeveloperDeps,
  holder: KeyHolder,
  eventId: string,
  query: ListParams,
) {
  await requireOwnEvent(deps, holder, eventId);
  const rows = await q.ownerOrders(deps.db, {
    ownerId: holder.ownerId,
    eventId,
    limit: query.limit,
    after: decodeCursor(query.cursor),
    updatedSince: query.updated_since ? new Date(query.updated_since) : null,
  });
  return paged(rows, query.limit, presentOrder);
}

export async function listVendors(
  deps: DeveloperDeps,
  holder: KeyHolder,
  eventId: string,
  query: ListParams,
) {
  await requireOwnEvent(deps, holder, eventId);
  const rows = await q.ownerVendors(deps.db, {
    ownerId: holder.ownerId,
    eventId,
    limit: query.limit,
    after: decodeCursor(query.cursor),
    updatedSince: query.updated_since ? new Date(query.updated_since) : null,
  });
  return paged(rows, query.limit, presentVendor);
}

/** The app's field names in a validation error become v1's snake_case ones (`body.starts_at`). */
async function withSnakeCaseFields<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const details = error instanceof AppError ? error.details : undefined;
    const fields = (details as { fields?: { field: string; message: string }[] } | undefined)
      ?.fields;
    if (!(error instanceof AppError) || !fields) throw error;
    throw new AppError(error.code, error.message, {
      ...(details as object),
      fields: fields.map((f) => ({ ...f, field: snakeCaseField(f.field) })),
    });
  }
}

async function presentOwnEvent(deps: Pick<DeveloperDeps, 'db'>, holder: KeyHolder, id: string) {
  const row = await q.ownerEvent(deps.db, { ownerId: holder.ownerId, eventId: id });
  if (!row) throw new AppError('NOT_FOUND', msg`Event not found`);
  return presentEvent(row);
}

export function getEventWithKey(deps: DeveloperDeps, holder: KeyHolder, eventId: string) {
  return presentOwnEvent(deps, holder, eventId);
}

/** Creates a draft event for the key's owner through the events service (its rules, its errors). */
export async function createEventWithKey(
  deps: DeveloperDeps & { events: EventDeps },
  holder: KeyHolder,
  input: CreateEventInput,
) {
  const event = await withSnakeCaseFields(() =>
    createEvent(deps.events, { actor: keyActor(holder), input }),
  );
  return presentOwnEvent(deps, holder, event.id);
}

/** Changes the fields sent of one of the owner's events through the events service. */
export async function updateEventWithKey(
  deps: DeveloperDeps & { events: EventDeps },
  holder: KeyHolder,
  params: { eventId: string; input: UpdateEventInput },
) {
  // Another organizer's event is "not found", never "forbidden" (nothing about it leaks).
  await requireOwnEvent(deps, holder, params.eventId);
  await withSnakeCaseFields(() =>
    updateEvent(deps.events, { id: params.eventId, actor: keyActor(holder), input: params.input }),
  );
  return presentOwnEvent(deps, holder, params.eventId);
}

export async function listAttendees(
  deps: DeveloperDeps,
  holder: KeyHolder,
  eventId: string,
  query: ListParams,
) {
  await requireOwnEvent(deps, holder, eventId);
  const rows = await q.ownerAttendees(deps.db, {
    ownerId: holder.ownerId,
    eventId,
    limit: query.limit,
    after: decodeCursor(query.cursor),
    updatedSince: query.updated_since ? new Date(query.updated_since) : null,
  });
  return paged(rows, query.limit, presentAttendee);
}

/** One of the holder's events' ticket transfers, newest first (decision 055). */
export async function listTransfers(deps: DeveloperDeps, holder: KeyHolder, eventId: string) {
  await requireOwnEvent(deps, holder, eventId);
  return { data: (await transfersOfEvent(deps.db, eventId)).map(toV1Transfer) };
}

/**
 * Runs a v1 write once per `Idempotency-Key` (per API key): the same key with the same request
 * gets the first answer again; with another request, 422; while the first is running, 409. A
 * failure frees the key. Without the header the write simply runs.
 */
export async function idempotent<T>(
  deps: DeveloperDeps,
  params: { holder: KeyHolder; key: string | undefined; request: unknown; status: number },
  run: () => Promise<T>,
): Promise<{ status: number; body: T }> {
  if (!params.key) return { status: params.status, body: await run() };
  if (params.key.length > 200 || !/^[\x21-\x7e]+$/.test(params.key))
    throw new AppError('VALIDATION_FAILED', msg`Idempotency-Key must be 1-200 visible characters`, {
      fields: [
        {
          field: 'headers.idempotency-key',
          message: 'Idempotency-Key must be 1-200 visible characters',
        },
      ],
    });
  const ids = { keyId: params.holder.keyId, idempotencyKey: params.key };
  const requestHash = sha256(JSON.stringify(params.request));
  if (!(await iq.claim(deps.db, { ...ids, requestHash, now: deps.clock.now() }))) {
    const previous = await iq.read(deps.db, ids);
    if (previous && previous.requestHash !== requestHash)
      throw new AppError('UNPROCESSABLE', IDEMPOTENCY_MESSAGES.reused);
    if (!previous || previous.statusCode === null)
      throw new AppError('CONFLICT', IDEMPOTENCY_MESSAGES.inProgress);
    return { status: previous.statusCode, body: previous.response as T };
  }
  try {
    const body = await run();
    await iq.store(deps.db, { ...ids, statusCode: params.status, response: body });
    return { status: params.status, body };
  } catch (error) {
    await iq.release(deps.db, ids);
    throw error;
  }
}

/** Checks a ticket in at one of the key owner's events, acting as the owner without roles. */
export async function checkInWithKey(
  deps: DeveloperDeps & { tickets: TicketDeps },
  holder: KeyHolder,
  params: { eventId: string; code: string },
) {
  await requireOwnEvent(deps, holder, params.eventId);
  const outcome = await checkIn(deps.tickets, { ...params, actor: keyActor(holder) });
  return {
    result: outcome.result,
    ticket_id: outcome.ticket.id,
    status: outcome.ticket.status,
    checked_in_at: outcome.ticket.checkedInAt,
    ticket_type: outcome.ticket.ticketTypeName,
    holder_name: outcome.ticket.holderName,
  };
}
