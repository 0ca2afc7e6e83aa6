import { msg } from '@lingui/core/macro';
import { randomUUID } from 'node:crypto';
import {
  ACCESS_CODE_MESSAGES as M,
  AccessCodeBulkInputSchema,
  AccessCodeInputSchema,
  AccessCodePatchSchema,
  type AccessCode,
  type AccessCodeBulkInput,
  type AccessCodeInput,
  type AccessCodePatch,
  type AccessCodeProblem,
} from '../../../contracts/access-codes';
import type { DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { csvDocument } from '../../platform/http/csv';
import { lockManagedEvent, type EventDeps } from '../events/events.service';
import {
  codeState,
  generatedCode,
  normalizeCode,
  randomCodePart,
  refusalOf,
  typesNeedingCode,
} from './access-code-rules';
import {
  deleteAccessCodeById,
  findAccessCodeByCode,
  findAccessCodeById,
  findAccessCodesByIds,
  findAccessCodesOfEvent,
  findTypeNames,
  findTypesOfEvent,
  hasAccessCodeOrders,
  hasCodeRevealedTypes,
  insertAccessCodeOrder,
  insertAccessCodes,
  lockAndCountUses,
  replaceRevealedTypes,
  updateAccessCodeById,
  type AccessCodeRow,
} from './access-codes.queries';

type Deps = Pick<EventDeps, 'db' | 'clock'>;

const NOT_FOUND = msg`Access code not found`;
const HAS_USES = msg`Orders used this access code. Turn it off instead of deleting it.`;

const fieldError = (
  field: string,
  message: string,
  code: 'VALIDATION_FAILED' | 'CONFLICT' = 'VALIDATION_FAILED',
) => new AppError(code, message, { fields: [{ field, message }] });

function present(row: AccessCodeRow, now: Date): AccessCode {
  return {
    id: row.id,
    eventId: row.eventId,
    code: row.code,
    ticketTypeIds: row.ticketTypeIds,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    validUntil: row.validUntil?.toISOString() ?? null,
    isActive: row.isActive,
    state: codeState(row, now),
    batchId: row.batchId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The ticket types must be the event's own; the route already checked they are uuids. */
async function checkTypes(db: DbExecutor, eventId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await findTypesOfEvent(db, { eventId, ids: unique });
  if (found.length !== unique.length) throw fieldError('body.ticketTypeIds', M.typesOfEvent);
  return unique;
}

export async function listAccessCodes(deps: Deps, params: { eventId: string; actor: AuthUser }) {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'event.edit' });
  const rows = await findAccessCodesOfEvent(deps.db, { eventId: params.eventId });
  const now = deps.clock.now();
  return rows.map((row) => present(row, now));
}

export async function createAccessCode(
  deps: Deps,
  params: { eventId: string; actor: AuthUser; input: AccessCodeInput },
) {
  const input = AccessCodeInputSchema.parse(params.input);
  return deps.db.transaction(async (tx) => {
    const event = await lockManagedEvent(tx, params, {
      lock: false,
      permission: 'event.edit',
      action: 'access_code.create',
    });
    const typeIds = await checkTypes(tx, event.id, input.ticketTypeIds);
    const [inserted] = await insertAccessCodes(tx, {
      values: [
        {
          eventId: event.id,
          code: normalizeCode(input.code),
          usageLimit: input.usageLimit ?? null,
          validUntil: input.validUntil ? new Date(input.validUntil) : null,
          createdAt: deps.clock.now(),
        },
      ],
    });
    if (!inserted) throw fieldError('body.code', M.codeTaken, 'CONFLICT');
    await replaceRevealedTypes(tx, { ids: [inserted.id], ticketTypeIds: typeIds });
    const row = await findAccessCodeById(tx, { id: inserted.id });
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    return present(row, deps.clock.now());
  });
}

/**
 * `count` codes "PREFIX-XXXXXXXX" in one batch. A random part that happens to repeat an
 * existing code is skipped by the insert and drawn again, so the batch always has `count` codes.
 */
export async function generateAccessCodes(
  deps: Deps,
  params: { eventId: string; actor: AuthUser; input: AccessCodeBulkInput },
) {
  const input = AccessCodeBulkInputSchema.parse(params.input);
  return deps.db.transaction(async (tx) => {
    const event = await lockManagedEvent(tx, params, {
      lock: false,
      permission: 'event.edit',
      action: 'access_code.create',
    });
    const typeIds = await checkTypes(tx, event.id, input.ticketTypeIds);
    const batchId = randomUUID();
    const now = deps.clock.now();
    const ids: string[] = [];
    for (let attempt = 0; ids.length < input.count && attempt < 5; attempt++) {
      const inserted = await insertAccessCodes(tx, {
        values: Array.from({ length: input.count - ids.length }, () => ({
          eventId: event.id,
          code: generatedCode(input.prefix, randomCodePart()),
          usageLimit: input.usageLimit,
          validUntil: input.validUntil ? new Date(input.validUntil) : null,
          batchId,
          createdAt: now,
        })),
      });
      ids.push(...inserted.map((r) => r.id));
    }
    await replaceRevealedTypes(tx, { ids, ticketTypeIds: typeIds });
    const rows = await findAccessCodesByIds(tx, { ids });
    return { batchId, accessCodes: rows.map((row) => present(row, now)) };
  });
}

async function ownedCode(
  deps: Deps,
  tx: DbExecutor,
  params: { id: string; actor: AuthUser },
  action: string,
) {
  const row = await findAccessCodeById(tx, { id: params.id });
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  await lockManagedEvent(
    tx,
    { eventId: row.eventId, actor: params.actor },
    { lock: false, permission: 'event.edit', action },
  );
  return row;
}

export async function updateAccessCode(
  deps: Deps,
  params: { id: string; actor: AuthUser; input: AccessCodePatch },
) {
  const input = AccessCodePatchSchema.parse(params.input);
  return deps.db.transaction(async (tx) => {
    const row = await ownedCode(deps, tx, params, 'access_code.edit');
    if (input.ticketTypeIds) {
      const typeIds = await checkTypes(tx, row.eventId, input.ticketTypeIds);
      await replaceRevealedTypes(tx, { ids: [row.id], ticketTypeIds: typeIds });
    }
    await updateAccessCodeById(tx, {
      id: row.id,
      columns: {
        ...(input.isActive !== undefined && { isActive: input.isActive }),
        ...(input.usageLimit !== undefined && { usageLimit: input.usageLimit }),
        ...(input.validUntil !== undefined && {
          validUntil: input.validUntil ? new Date(input.validUntil) : null,
        }),
      },
    });
    const updated = await findAccessCodeById(tx, { id: row.id });
    if (!updated) throw new AppError('NOT_FOUND', NOT_FOUND);
    return present(updated, deps.clock.now());
  });
}

/** A code some order used stays, so the order keeps naming it; it can be turned off. */
export async function deleteAccessCode(deps: Deps, params: { id: string; actor: AuthUser }) {
  await deps.db.transaction(async (tx) => {
    const row = await ownedCode(deps, tx, params, 'access_code.delete');
    if (await hasAccessCodeOrders(tx, { id: row.id })) throw new AppError('CONFLICT', HAS_USES);
    await deleteAccessCodeById(tx, { id: row.id });
  });
}

/** Header texts of the export, English like the attendee export's. */
const CSV_HEADER = ['Code', 'Link', 'Ticket types', 'Usage limit', 'Used', 'Expires', 'State'];

/** The event's codes (or one batch) as CSV, each with the link that carries it. */
export async function accessCodesCsv(
  deps: Deps,
  params: { eventId: string; actor: AuthUser; batchId?: string; publicUrl: string },
) {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'event.edit' });
  const rows = await findAccessCodesOfEvent(deps.db, params);
  const names = await ticketTypeNames(deps.db, params.eventId, rows);
  const now = deps.clock.now();
  const base = params.publicUrl.replace(/\/$/, '');
  return csvDocument([
    CSV_HEADER,
    ...rows.map((row) => [
      row.code,
      `${base}/event/${params.eventId}?code=${encodeURIComponent(row.code)}`,
      row.ticketTypeIds.map((id) => names.get(id) ?? id).join('; '),
      row.usageLimit,
      row.usedCount,
      row.validUntil?.toISOString() ?? null,
      codeState(row, now),
    ]),
  ]);
}

async function ticketTypeNames(db: DbExecutor, eventId: string, rows: AccessCodeRow[]) {
  const ids = [...new Set(rows.flatMap((r) => r.ticketTypeIds))];
  const types = ids.length ? await findTypeNames(db, { eventId, ids }) : [];
  return new Map(types.map((t) => [t.id, t.name]));
}

// ---------- the buyer's side: revealing types and using a code at checkout ----------

/**
 * The hidden types a typed code reveals at one event now, and why not when it is a code of the
 * event that cannot be used (expired, used up, off). Unknown text reveals nothing, silently.
 */
export async function typesRevealedByCode(
  db: DbExecutor,
  params: { eventId: string; code: string | null | undefined; now: Date },
): Promise<{ ticketTypeIds: Set<string>; problem: AccessCodeProblem | null }> {
  const none = { ticketTypeIds: new Set<string>(), problem: null };
  if (!params.code?.trim()) return none;
  const row = await findAccessCodeByCode(db, {
    eventIds: [params.eventId],
    code: params.code.trim(),
  });
  if (!row) return none;
  const state = codeState(row, params.now);
  return state === 'active'
    ? { ticketTypeIds: new Set(row.ticketTypeIds), problem: null }
    : { ...none, problem: state };
}

/** Whether the event has hidden types that one of its switched-on access codes reveals. */
export function eventHasCodeRevealedTypes(db: DbExecutor, params: { eventId: string }) {
  return hasCodeRevealedTypes(db, params);
}

export interface OrderAccess {
  id: string;
  code: string;
  usageLimit: number | null;
  /** The hidden types this code opened for the order. */
  ticketTypeIds: Set<string>;
}

/**
 * The access code an order needs for its hidden types, checked (exists, on, not expired, not
 * used up, reveals every such type); null when the order needs none or the text is no access
 * code of these events (the hidden types then stay unknown to the buyer). `sweep` expires
 * holds that ran out, so their uses come back before "used up" is said.
 */
export async function checkAccessCodeForOrder<
  T extends { id: string; eventId: string; isHidden: boolean },
>(
  db: DbExecutor,
  params: {
    code: string | null | undefined;
    types: readonly T[];
    openedOtherwise: (type: T) => boolean;
    now: Date;
    sweep: (eventId: string) => Promise<unknown>;
  },
): Promise<OrderAccess | null> {
  const needing = typesNeedingCode(params.types, params.openedOtherwise);
  const typed = params.code?.trim();
  if (!needing.length || !typed) return null;
  const eventIds = [...new Set(needing.map((t) => t.eventId))];
  const find = () => findAccessCodeByCode(db, { eventIds, code: typed });
  let row = await find();
  if (!row) return null;
  if (codeState(row, params.now) === 'used_up') {
    await params.sweep(row.eventId);
    row = (await find()) ?? row;
  }
  const field = 'body.unlockCode';
  const refusal = refusalOf(codeState(row, params.now));
  if (refusal) throw fieldError(field, refusal);
  const revealed = new Set(row.ticketTypeIds);
  if (!needing.every((t) => revealed.has(t.id))) throw fieldError(field, M.notApplicable);
  return { id: row.id, code: row.code, usageLimit: row.usageLimit, ticketTypeIds: revealed };
}

/**
 * Records the order's use of its code inside the order's transaction, so the use and the order
 * commit or roll back together; the code's row lock makes a code with one use left admit one
 * order however many race for it.
 */
export async function recordAccessCodeUse(
  tx: DbExecutor,
  params: { access: OrderAccess; orderId: string; now: Date },
) {
  const { access } = params;
  const used = await lockAndCountUses(tx, { id: access.id });
  if (used === null) throw fieldError('body.unlockCode', M.invalid);
  if (access.usageLimit !== null && used >= access.usageLimit)
    throw fieldError('body.unlockCode', M.usedUp);
  await insertAccessCodeOrder(tx, {
    orderId: params.orderId,
    accessCodeId: access.id,
    code: access.code,
    now: params.now,
  });
}
