import { msg } from '@lingui/core/macro';
import type { z } from 'zod';
import {
  DOOR_REFUSALS,
  type DoorCheckInList,
  type DoorCheckInListInputSchema,
  type DoorConflict,
  type DoorRefusal,
} from '../../../contracts/door-lists';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { lockManagedEvent } from '../events/events.service';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { findTicketTypesOfEvents } from './door.queries';
import {
  deleteCheckInList,
  findCheckInList,
  findCheckInLists,
  findConflicts,
  insertCheckInList,
  updateCheckInListRow,
  type CheckInListRow,
} from './door-lists.queries';

// Check-in lists by day or gate and the organizer's view of conflicts (decision 116). Door staff
// read the lists (they pick one to download); the organizer, or a team member who edits the
// event, defines them.

/** The part of the door's deps the lists need (the door service imports this file). */
type DoorDeps = { db: Database; clock: Clock };

const isRefusal = (value: string | null): value is DoorRefusal =>
  (DOOR_REFUSALS as readonly (string | null)[]).includes(value);

type ListInput = z.output<typeof DoorCheckInListInputSchema>;

/** The conflicts the page lists at most: the newest ones. */
const CONFLICTS_SHOWN = 500;

export const presentList = (row: CheckInListRow): DoorCheckInList => ({
  id: row.id,
  name: row.name,
  types: row.ticketTypeIds,
  gate: row.gate,
  validFrom: row.validFrom?.toISOString() ?? null,
  validUntil: row.validUntil?.toISOString() ?? null,
  perDay: row.perDay,
});

type Params = { eventId: string; actor: AuthUser };

export async function listCheckInLists(deps: DoorDeps, params: Params) {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'check_in' });
  const [rows, types] = await Promise.all([
    findCheckInLists(deps.db, params.eventId),
    findTicketTypesOfEvents(deps.db, [params.eventId]),
  ]);
  return {
    lists: rows.map(presentList),
    ticketTypes: types.map((type) => ({ id: type.id, name: type.name })),
  };
}

/** A list of the event, for a download (404 when it is not the event's). */
export async function checkInListOf(deps: DoorDeps, params: { eventId: string; id: string }) {
  const row = await findCheckInList(deps.db, params);
  if (!row) throw new AppError('NOT_FOUND', msg`Check-in list not found`);
  return presentList(row);
}

/** The list's row from the input, its types checked to be the event's. */
async function listRow(deps: DoorDeps, params: Params & { input: ListInput }) {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'event.edit' });
  const known = new Set(
    (await findTicketTypesOfEvents(deps.db, [params.eventId])).map((type) => type.id),
  );
  if (params.input.types.some((id) => !known.has(id)))
    throw new AppError('VALIDATION_FAILED', msg`Please choose ticket types of this event`, {
      fields: [{ field: 'types', message: 'Please choose ticket types of this event' }],
    });
  const { input } = params;
  return {
    name: input.name,
    ticketTypeIds: [...new Set(input.types)],
    gate: input.gate,
    validFrom: input.validFrom ? new Date(input.validFrom) : null,
    validUntil: input.validUntil ? new Date(input.validUntil) : null,
    perDay: input.perDay,
  };
}

export async function createCheckInList(deps: DoorDeps, params: Params & { input: ListInput }) {
  const row = await listRow(deps, params);
  return presentList(
    await insertCheckInList(deps.db, {
      ...row,
      eventId: params.eventId,
      createdAt: deps.clock.now(),
    }),
  );
}

/**
 * A list changed in place: devices holding it keep its old rules until they download it again,
 * and the server re-checks their scans by the new ones (conflicts the organizer sees).
 */
export async function updateCheckInList(
  deps: DoorDeps,
  params: Params & { listId: string; input: ListInput },
) {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'event.edit' });
  // Another event's list is not found, whatever the input says.
  if (!(await findCheckInList(deps.db, { eventId: params.eventId, id: params.listId })))
    throw new AppError('NOT_FOUND', msg`Check-in list not found`);
  const row = await listRow(deps, params);
  const changed = await updateCheckInListRow(deps.db, {
    eventId: params.eventId,
    id: params.listId,
    row,
  });
  if (!changed) throw new AppError('NOT_FOUND', msg`Check-in list not found`);
  return presentList(changed);
}

export async function removeCheckInList(deps: DoorDeps, params: Params & { listId: string }) {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'event.edit' });
  if (!(await deleteCheckInList(deps.db, { eventId: params.eventId, id: params.listId })))
    throw new AppError('NOT_FOUND', msg`Check-in list not found`);
}

/** Offline scans that lost to another device's admission, with the admission that stands. */
export async function listConflicts(deps: DoorDeps, params: Params): Promise<DoorConflict[]> {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'check_in' });
  const rows = await findConflicts(deps.db, { eventId: params.eventId, limit: CONFLICTS_SHOWN });
  const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
  return rows.map((row) => ({
    ticketId: row.ticketId,
    holderName: row.holderName,
    ticketType: row.ticketType,
    deviceId: row.deviceId,
    gate: row.gate,
    scannedAt: row.scannedAt.toISOString(),
    reason: isRefusal(row.reason) ? row.reason : null,
    // No device's admission before it: the ticket was checked in at the online desk.
    first: row.reason
      ? { deviceId: null, gate: null, at: null }
      : row.firstAt
        ? { deviceId: row.firstDevice, gate: row.firstGate || null, at: iso(row.firstAt) }
        : { deviceId: null, gate: null, at: iso(row.checkedInAt) },
  }));
}
