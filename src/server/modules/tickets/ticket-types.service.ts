import { msg } from '@lingui/core/macro';
import { chargeStep, minorToDecimalString } from '../../../contracts/currency';
import {
  TICKET_MESSAGES,
  TicketTypeInputSchema,
  type ManagedTicketType,
  type TicketAvailability,
  type TicketType,
  type TicketTypeInput,
  type TicketTypePatch,
} from '../../../contracts/tickets';
import type { DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { parseInput } from '../../platform/http/validation';
import { getEvent, type EventDeps } from '../events/events.service';
import { expireHolds, poolLimitsOfEvent } from '../orders/holds.queries';
import { lockManagedEvent } from '../events/events.service';
import { must } from '../../platform/must';
import { requireAttendeeCapacity } from '../entitlements/entitlements.service';
import {
  eventHasCodeRevealedTypes,
  typesRevealedByCode,
} from '../access-codes/access-codes.service';
import {
  deleteTicketTypeById,
  findTicketTypesOfEvent,
  hasOrderItemsOfType,
  insertFreeAdmissionIfNone,
  insertTicketType,
  lockTicketTypeById,
  sumAllocatedQuantity,
  sumHeldByType,
  updateTicketTypeById,
  type TicketTypeRow,
} from './tickets.queries';

export function availabilityOf(row: TicketTypeRow, now: Date): TicketAvailability {
  if (row.remaining <= 0) return 'sold_out';
  if (row.salesStart && row.salesStart > now) return 'not_started';
  if (row.salesEnd && row.salesEnd <= now) return 'ended';
  return 'on_sale';
}

export const sameCode = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.trim().toUpperCase() === b.trim().toUpperCase());

/** Hidden types show only to a buyer who typed their unlock code. */
export const isRevealed = (row: TicketTypeRow, unlockCode?: string | null) =>
  !row.isHidden || sameCode(row.unlockCode, unlockCode);

function presentTicketType(
  row: TicketTypeRow,
  now: Date,
  unlockCode?: string | null,
  revealedByCode?: ReadonlySet<string>,
): TicketType {
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    description: row.description,
    priceCents: row.priceCents,
    currency: row.currency as TicketType['currency'],
    isFree: row.priceCents === 0,
    remaining: row.remaining,
    salesStart: row.salesStart?.toISOString() ?? null,
    salesEnd: row.salesEnd?.toISOString() ?? null,
    minPerOrder: row.minPerOrder,
    maxPerOrder: row.maxPerOrder,
    maxPerPerson: row.maxPerPerson,
    availability: availabilityOf(row, now),
    unlocked:
      row.isHidden &&
      (sameCode(row.unlockCode, unlockCode) || Boolean(revealedByCode?.has(row.id))),
  };
}

export async function listTicketTypesForBuyer(
  deps: EventDeps,
  params: { eventId: string; actor: AuthUser | null; unlockCode?: string; accessToken?: string },
) {
  await getEvent(deps, {
    id: params.eventId,
    actor: params.actor,
    accessToken: params.accessToken,
  });
  // Holds that ran out go back on sale before anyone is told "sold out".
  await expireHolds(deps.db, deps.clock.now(), { eventId: params.eventId });
  const own = await findTicketTypesOfEvent(deps.db, { eventId: params.eventId });
  // A type in a capacity pool sells no more than the pool has left (decision 052).
  const limits = await poolLimitsOfEvent(deps.db, { eventId: params.eventId });
  const rows = own.map((row) => {
    const limit = limits.get(row.id);
    return limit === undefined ? row : { ...row, remaining: Math.min(row.remaining, limit) };
  });
  const now = deps.clock.now();
  // Access codes reveal hidden types too (decision 053); a type's own unlock code still works.
  const byCode = rows.some((row) => row.isHidden)
    ? await typesRevealedByCode(deps.db, { eventId: params.eventId, code: params.unlockCode, now })
    : { ticketTypeIds: new Set<string>(), problem: null };
  const revealed = (row: TicketTypeRow) =>
    isRevealed(row, params.unlockCode) || byCode.ticketTypeIds.has(row.id);
  const locked = rows.filter((row) => !revealed(row));
  return {
    ticketTypes: rows
      .filter(revealed)
      .map((row) => presentTicketType(row, now, params.unlockCode, byCode.ticketTypeIds)),
    hasLocked:
      locked.some((row) => row.unlockCode) ||
      (locked.length > 0 &&
        (await eventHasCodeRevealedTypes(deps.db, { eventId: params.eventId }))),
    codeProblem: byCode.problem,
  };
}

async function heldByType(db: DbExecutor, typeIds: string[]) {
  if (!typeIds.length) return new Map<string, number>();
  const rows = await sumHeldByType(db, { typeIds });
  return new Map(rows.map((r) => [r.ticketTypeId, r.held]));
}

async function presentManaged(db: DbExecutor, rows: TicketTypeRow[], now: Date) {
  const held = await heldByType(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row): ManagedTicketType => ({
    ...presentTicketType(row, now),
    quantity: row.quantity,
    held: held.get(row.id) ?? 0,
    sold: row.quantity - row.remaining - (held.get(row.id) ?? 0),
    unlockCode: row.unlockCode,
    isHidden: row.isHidden,
    validFrom: row.validFrom?.toISOString() ?? null,
  }));
}

export async function listManagedTicketTypes(
  deps: EventDeps,
  params: { eventId: string; actor: AuthUser },
) {
  const event = await lockManagedEvent(deps.db, params, { lock: false, permission: 'event.edit' });
  await expireHolds(deps.db, deps.clock.now(), { eventId: params.eventId });
  const rows = await findTicketTypesOfEvent(deps.db, { eventId: params.eventId });
  return {
    ticketTypes: await presentManaged(deps.db, rows, deps.clock.now()),
    capacity: event.capacity,
    allocated: rows.reduce((sum, r) => sum + r.quantity, 0),
  };
}

const capacityError = () =>
  new AppError('VALIDATION_FAILED', TICKET_MESSAGES.capacityExceeded, {
    fields: [{ field: 'body.quantity', message: TICKET_MESSAGES.capacityExceeded }],
  });

/**
 * spec §6 plan gating: the tickets an event offers are its attendees, so raising their total
 * needs the organizer's plan to allow it (an event without a capacity is held here; a total kept
 * from a bigger plan may stay or shrink: decision 021).
 */
async function requirePlanAllows(
  tx: DbExecutor,
  ownerId: string,
  params: { total: number; allocated: number },
) {
  if (params.total <= params.allocated) return;
  await requireAttendeeCapacity(tx, {
    userId: ownerId,
    count: params.total,
    previous: params.allocated,
    field: 'body.quantity',
  });
}

function columnsOf(input: ReturnType<typeof TicketTypeInputSchema.parse>) {
  return {
    name: input.name,
    description: input.description,
    priceCents: input.priceCents,
    currency: input.currency,
    salesStart: input.salesStart ? new Date(input.salesStart) : null,
    salesEnd: input.salesEnd ? new Date(input.salesEnd) : null,
    validFrom: input.validFrom ? new Date(input.validFrom) : null,
    minPerOrder: input.minPerOrder,
    maxPerOrder: input.maxPerOrder,
    maxPerPerson: input.maxPerPerson ?? null,
    unlockCode: input.unlockCode || null,
    // A type with an unlock code is hidden by definition.
    isHidden: input.isHidden || Boolean(input.unlockCode),
  };
}

export async function createTicketType(
  deps: EventDeps,
  params: { eventId: string; actor: AuthUser; input: TicketTypeInput },
) {
  const input = TicketTypeInputSchema.parse(params.input);
  return deps.db.transaction(async (tx) => {
    // The event row lock serializes ticket-type changes of one event, so two organizers' tabs
    // cannot together allocate past the capacity.
    const event = await lockManagedEvent(tx, params, {
      permission: 'event.edit',
      action: 'ticket_type.create',
    });
    requireChargeablePrice(input.priceCents, event.currency);
    const allocated = await sumAllocatedQuantity(tx, { eventId: event.id });
    if (event.capacity !== null && allocated + input.quantity > event.capacity)
      throw capacityError();
    await requirePlanAllows(tx, event.userId, { total: allocated + input.quantity, allocated });
    const row = await insertTicketType(tx, {
      eventId: event.id,
      // A ticket type is priced in its event's currency, so no order can mix currencies.
      columns: { ...columnsOf(input), currency: event.currency },
      quantity: input.quantity,
      remaining: input.quantity,
      now: deps.clock.now(),
    });
    const [managed] = await presentManaged(tx, [must(row, 'ticket type')], deps.clock.now());
    return must(managed, 'ticket type');
  });
}

/**
 * A price the currency can be charged in: three-decimal currencies in steps of 10 fils, so every
 * order total is an amount Stripe takes as it is (decision 074). Products and fixed discounts are
 * held to it too, each naming its own field.
 */
export function requireChargeablePrice(
  priceCents: number,
  currency: string,
  field = 'body.priceCents',
) {
  const step = chargeStep(currency);
  if (priceCents % step === 0) return;
  const stepText = minorToDecimalString(step, currency);
  const message = msg`Prices in ${currency} go in steps of ${stepText}`;
  const english = new AppError('VALIDATION_FAILED', message).message;
  throw new AppError('VALIDATION_FAILED', message, { fields: [{ field, message: english }] });
}

async function lockOwnedType(
  tx: DbExecutor,
  params: { id: string; actor: AuthUser },
  action: string,
) {
  const current = await lockTicketTypeById(tx, { id: params.id });
  if (!current) throw new AppError('NOT_FOUND', msg`Ticket type not found`);
  const event = await lockManagedEvent(
    tx,
    { eventId: current.eventId, actor: params.actor },
    { permission: 'event.edit', action },
  );
  return { current, event };
}

export async function updateTicketType(
  deps: EventDeps,
  params: { id: string; actor: AuthUser; input: TicketTypePatch },
) {
  return deps.db.transaction(async (tx) => {
    const { current, event } = await lockOwnedType(tx, params, 'ticket_type.edit');
    const merged = parseInput(TicketTypeInputSchema, {
      ...presentTicketType(current, deps.clock.now()),
      quantity: current.quantity,
      unlockCode: current.unlockCode,
      isHidden: current.isHidden,
      validFrom: current.validFrom?.toISOString() ?? null,
      ...params.input,
    });
    requireChargeablePrice(merged.priceCents, event.currency);
    const remaining = current.remaining + (merged.quantity - current.quantity);
    if (remaining < 0)
      throw new AppError('VALIDATION_FAILED', TICKET_MESSAGES.quantityBelowSold, {
        fields: [{ field: 'body.quantity', message: TICKET_MESSAGES.quantityBelowSold }],
      });
    const allocated = await sumAllocatedQuantity(tx, { eventId: event.id, exceptId: current.id });
    if (event.capacity !== null && allocated + merged.quantity > event.capacity)
      throw capacityError();
    await requirePlanAllows(tx, event.userId, {
      total: allocated + merged.quantity,
      allocated: allocated + current.quantity,
    });
    const row = await updateTicketTypeById(tx, {
      id: current.id,
      columns: { ...columnsOf(merged), currency: event.currency },
      quantity: merged.quantity,
      remaining,
      now: deps.clock.now(),
    });
    const [managed] = await presentManaged(tx, [must(row, 'ticket type')], deps.clock.now());
    return must(managed, 'ticket type');
  });
}

export async function deleteTicketType(deps: EventDeps, params: { id: string; actor: AuthUser }) {
  await deps.db.transaction(async (tx) => {
    const { current } = await lockOwnedType(tx, params, 'ticket_type.delete');
    const used = await hasOrderItemsOfType(tx, { ticketTypeId: current.id });
    if (used || current.remaining !== current.quantity)
      throw new AppError('CONFLICT', TICKET_MESSAGES.hasSales);
    await deleteTicketTypeById(tx, { id: current.id });
  });
}

/** A free event with no ticket types gets one on its first registration (capacity or 100). */
export async function ensureFreeAdmission(db: DbExecutor, eventId: string) {
  await insertFreeAdmissionIfNone(db, { eventId });
}
