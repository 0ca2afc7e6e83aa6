import { msg } from '@lingui/core/macro';
import {
  DOOR_ANSWER_MAX,
  type DoorEvent,
  type DoorQuestion,
  type DoorList,
  type DoorScanResult,
  type DoorSettings,
  type DoorSyncResult,
  type DoorTicket,
} from '../../../contracts/door';
import type { DoorSyncInputSchema } from '../../../contracts/door';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { isAdmin } from '../../platform/auth/guards';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { lockManagedEvent } from '../events/events.service';
import {
  macCodeHash,
  prepareDoorKeys,
  resolveTicketCodes,
  type TicketDeps,
} from '../tickets/tickets.service';
import { actAsTeamMember } from '../teams/teams.service';
import { checkInListOf } from './door-lists.service';
import { entryKey, mergeScans, type Admission, type IncomingScan } from './door-merge';
import { entryDay, type DoorRefusal } from '../../../contracts/door-lists';
import {
  admitTickets,
  checkOutTickets,
  findReEntry,
  saveDoorSettings,
  findAdmissions,
  findDayAdmissions,
  findChangedTicketIds,
  findCounters,
  findDoorAnswers,
  findDoorEventCandidates,
  findDoorQuestions,
  findDoorTickets,
  findSectionNames,
  findEventForDoor,
  findSafeCursor,
  findScansOfDevice,
  findTicketTypesOfEvents,
  insertScans,
  lockTickets,
  type DoorTicketRow,
} from './door.queries';

export interface DoorDeps {
  db: Database;
  clock: Clock;
  tickets: TicketDeps;
}

/** Changes sent with one sync at most; a device behind by more gets the rest next time. */
const CHANGES_PER_SYNC = 5000;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The events the person may check guests in at: their own, and their teams' in scope. */
export async function listDoorEvents(deps: DoorDeps, actor: AuthUser): Promise<DoorEvent[]> {
  const candidates = await findDoorEventCandidates(deps.db, {
    userId: actor.id,
    now: deps.clock.now(),
  });
  const allowed = [];
  for (const event of candidates) {
    const isOwn = event.userId === actor.id || isAdmin(actor);
    const mayCheckIn =
      isOwn ||
      (await actAsTeamMember(deps.db, {
        actor,
        ownerId: event.userId,
        eventId: event.id,
        permission: 'check_in',
      }).catch(() => false));
    if (mayCheckIn) allowed.push(event);
  }
  const types = await findTicketTypesOfEvents(
    deps.db,
    allowed.map((e) => e.id),
  );
  return allowed.map((event) => ({
    id: event.id,
    title: event.title,
    startsAt: event.startsAt.toISOString(),
    endsAt: iso(event.endsAt),
    ticketTypes: types
      .filter((type) => type.eventId === event.id)
      .map((type) => ({ id: type.id, name: type.name })),
  }));
}

async function doorEvent(deps: DoorDeps, params: { eventId: string; actor: AuthUser }) {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'check_in' });
  const event = await findEventForDoor(deps.db, params.eventId);
  if (!event) throw new AppError('NOT_FOUND', msg`Event not found`);
  const ticketTypes = (await findTicketTypesOfEvents(deps.db, [event.id])).map((type) => ({
    id: type.id,
    name: type.name,
    validFrom: iso(type.validFrom),
  }));
  const door: DoorEvent = {
    id: event.id,
    title: event.title,
    startsAt: event.startsAt.toISOString(),
    endsAt: iso(event.endsAt),
    ticketTypes,
  };
  return { event: door, timeZone: event.timeZone };
}

function checkTypes(event: DoorEvent, typeIds: readonly string[]) {
  const known = new Set(event.ticketTypes.map((type) => type.id));
  if (typeIds.every((id) => known.has(id))) return;
  throw new AppError('VALIDATION_FAILED', msg`Please choose ticket types of this event`, {
    fields: [{ field: 'types', message: 'Please choose ticket types of this event' }],
  });
}

// A ticket passed on more often than this is rare; older printouts then read "unknown".
const REPLACED_CODES_KEPT = 3;

type DoorAnswer = NonNullable<DoorTicket['a']>[string];

/** An answer as the door reads it: a file by its name, long text cut short. */
function doorAnswer(value: unknown): DoorAnswer | null {
  const cut = (text: string) =>
    text.length > DOOR_ANSWER_MAX ? `${text.slice(0, DOOR_ANSWER_MAX - 1)}\u2026` : text;
  if (typeof value === 'string') return cut(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((item) => cut(String(item)));
  if (value && typeof value === 'object' && 'name' in value) return cut(String(value.name));
  return null;
}

/**
 * The answers to the door's questions for these tickets (or the whole event), each keyed by the
 * question's place in `questionIds`: a digit or two instead of a uuid, 50,000 times over.
 */
async function doorAnswers(
  deps: DoorDeps,
  params: { eventId: string; questionIds: readonly string[]; ticketIds?: readonly string[] },
) {
  const place = new Map(params.questionIds.map((id, index) => [id, String(index)]));
  const byTicket = new Map<string, Record<string, DoorAnswer>>();
  for (const row of await findDoorAnswers(deps.db, params)) {
    const key = place.get(row.questionId);
    const value = doorAnswer(row.value);
    if (key === undefined || value === null) continue;
    const answers = byTicket.get(row.ticketId) ?? {};
    answers[key] = value;
    byTicket.set(row.ticketId, answers);
  }
  return byTicket;
}

type DayEntries = NonNullable<DoorTicket['d']>;

/** Each ticket's admissions by day on a one-entry-per-day list. */
async function dayAdmissions(
  deps: DoorDeps,
  params: { listId: string; ticketIds?: readonly string[] },
) {
  const byTicket = new Map<string, DayEntries>();
  for (const row of await findDayAdmissions(deps.db, params)) {
    const days = byTicket.get(row.ticketId) ?? {};
    days[row.day] = {
      at: row.at.toISOString(),
      g: row.gate || null,
      ...(row.out ? { o: true } : {}),
    };
    byTicket.set(row.ticketId, days);
  }
  return byTicket;
}

function presenter(
  deps: DoorDeps,
  event: DoorEvent,
  answers: ReadonlyMap<string, Record<string, DoorAnswer>>,
  days?: ReadonlyMap<string, DayEntries>,
) {
  const typeIndex = new Map(event.ticketTypes.map((type, index) => [type.id, index]));
  return (row: DoorTicketRow): DoorTicket => ({
    id: row.id,
    v: row.codeVersion,
    h: macCodeHash(deps.tickets, row.id, row.codeVersion),
    ...(row.codeVersion > 0
      ? {
          r: Array.from({ length: Math.min(row.codeVersion, REPLACED_CODES_KEPT) }, (_, i) =>
            macCodeHash(deps.tickets, row.id, row.codeVersion - 1 - i),
          ),
        }
      : {}),
    n: row.holderName,
    t: typeIndex.get(row.ticketTypeId) ?? -1,
    s: row.transferPending ? 'pending' : row.status,
    at: iso(row.checkedInAt),
    g: row.status === 'checked_in' ? row.gate : null,
    ...(row.seat ? { st: row.seat } : {}),
    ...(answers.has(row.id) ? { a: answers.get(row.id) } : {}),
    ...(days ? { d: days.get(row.id) ?? {} } : {}),
  });
}

/**
 * A check-in list: every ticket of the event (or of the chosen types) with what a device needs
 * to decide at the door offline, and the event's public key for signed codes.
 */
export async function downloadList(
  deps: DoorDeps,
  params: { eventId: string; actor: AuthUser; typeIds: readonly string[]; listId?: string },
): Promise<DoorList> {
  const { event, timeZone } = await doorEvent(deps, params);
  checkTypes(event, params.typeIds);
  // With a list, every ticket comes: one of another type then reads "not on this list".
  const list = params.listId
    ? await checkInListOf(deps, { eventId: event.id, id: params.listId })
    : null;
  const typeIds = list ? [] : params.typeIds;
  const keys = await prepareDoorKeys(deps.tickets, event.id);
  // Read before the tickets: a change made meanwhile comes again with the first sync.
  const cursor = await findSafeCursor(deps.db, { eventId: event.id, since: 0 });
  const [rows, questions, sections] = await Promise.all([
    findDoorTickets(deps.db, { eventId: event.id, typeIds }),
    findDoorQuestions(deps.db, event.id),
    findSectionNames(deps.db, event.id),
  ]);
  const answers = await doorAnswers(deps, {
    eventId: event.id,
    questionIds: questions.map((question) => question.id),
  });
  const days = list?.perDay ? await dayAdmissions(deps, { listId: list.id }) : undefined;
  return {
    event,
    publicKey: keys.publicKey,
    types: [...typeIds],
    list,
    timeZone,
    tickets: rows.map(presenter(deps, event, answers, days)),
    questions: questions satisfies DoorQuestion[],
    sections,
    cursor: String(cursor),
    counters: await findCounters(deps.db, {
      eventId: event.id,
      typeIds: list?.types ?? typeIds,
      day: list?.perDay
        ? { listId: list.id, day: entryDay(deps.clock.now(), timeZone) }
        : undefined,
    }),
    reEntry: await findReEntry(deps.db, event.id),
  };
}

/** The event's door settings, for whoever works its door. */
export async function getDoorSettings(
  deps: DoorDeps,
  params: { eventId: string; actor: AuthUser },
): Promise<DoorSettings> {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'check_in' });
  return { allowReEntry: await findReEntry(deps.db, params.eventId) };
}

/** The organizer (or a team member who edits the event) chooses whether guests may come back. */
export async function updateDoorSettings(
  deps: DoorDeps,
  params: { eventId: string; actor: AuthUser; input: DoorSettings },
): Promise<DoorSettings> {
  await lockManagedEvent(deps.db, params, { lock: false, permission: 'event.edit' });
  await saveDoorSettings(deps.db, {
    eventId: params.eventId,
    allowReEntry: params.input.allowReEntry,
    now: deps.clock.now(),
  });
  return params.input;
}

type SyncInput = z.output<typeof DoorSyncInputSchema>;

/**
 * The admissions the merge checks against, by `entryKey`: each ticket's latest admission, and
 * on this one-entry-per-day list each (ticket, day) entry still in (a check-out ends it).
 */
function admissionsOf(
  rows: Awaited<ReturnType<typeof findAdmissions>>,
  listId: string | undefined,
) {
  const admissions = new Map<string, Admission>();
  for (const row of rows) {
    const admission = { deviceId: row.deviceId, gate: row.gate, at: row.scannedAt };
    if (row.result === 'admitted') admissions.set(row.ticketId, admission);
    if (!row.day || row.listId !== listId) continue;
    const key = entryKey(row.ticketId, row.day);
    if (row.result === 'admitted') admissions.set(key, admission);
    else admissions.delete(key);
  }
  return admissions;
}
type Result = DoorSyncResult['results'][number];

const presentFirst = (first: Admission | null | undefined) =>
  first ? { at: first.at.toISOString(), gate: first.gate, deviceId: first.deviceId } : null;

/**
 * A device's scans merged with every other device's (first scan wins, a batch sent twice
 * changes nothing), then what changed since its cursor and the live counters.
 */
export async function syncScans(
  deps: DoorDeps,
  params: { eventId: string; actor: AuthUser; input: SyncInput },
): Promise<DoorSyncResult> {
  const { input } = params;
  const { event, timeZone } = await doorEvent(deps, params);
  checkTypes(event, input.types);
  // The list the device scanned for: its rules are re-checked here, not taken on trust.
  const list = input.listId
    ? await checkInListOf(deps, { eventId: event.id, id: input.listId }).catch(() => {
        throw new AppError('VALIDATION_FAILED', msg`Please choose a check-in list of this event`, {
          fields: [{ field: 'listId', message: 'Please choose a check-in list of this event' }],
        });
      })
    : null;
  const typeValidFrom = new Map(
    event.ticketTypes.map((type) => [type.id, type.validFrom ? new Date(type.validFrom) : null]),
  );
  const reEntry = await findReEntry(deps.db, event.id);
  const since = Number(input.cursor ?? 0);
  const resolved = await resolveTicketCodes(
    deps.tickets,
    event.id,
    input.scans.filter((scan) => !scan.ticketId).map((scan) => scan.code),
  );
  // A ticket chosen by name: any of the event's tickets (the lock below finds it or not).
  const found = (scan: SyncInput['scans'][number]) =>
    scan.ticketId ? { ticketId: scan.ticketId, version: null } : resolved.get(scan.code);
  const keyOf = (ticketId: string, at: Date) => `${ticketId}|${at.getTime()}`;
  const incoming = new Map<string, IncomingScan>();
  for (const scan of input.scans) {
    const named = found(scan);
    if (!named) continue;
    const scannedAt = new Date(scan.scannedAt);
    incoming.set(keyOf(named.ticketId, scannedAt), {
      ...named,
      scannedAt,
      gate: scan.gate,
      kind: scan.kind,
      day: list?.perDay ? entryDay(scannedAt, timeZone) : null,
    });
  }
  const ticketIds = [...new Set([...incoming.values()].map((scan) => scan.ticketId))];

  const decided = new Map<
    string,
    { result: DoorScanResult; first: Admission | null; reason?: DoorRefusal }
  >();
  if (ticketIds.length) {
    await deps.db.transaction(async (tx) => {
      const earlier = await findScansOfDevice(tx, {
        eventId: event.id,
        deviceId: input.deviceId,
        ticketIds,
      });
      const seen = new Set(earlier.map((row) => keyOf(row.ticketId, row.scannedAt)));
      const fresh = [...incoming.entries()]
        .filter(([key]) => !seen.has(key))
        .map(([, scan]) => scan);
      const locked = await lockTickets(tx, {
        eventId: event.id,
        ticketIds: [...new Set(fresh.map((scan) => scan.ticketId))],
      });
      const admissions = admissionsOf(await findAdmissions(tx, { ticketIds }), list?.id);
      const merged = mergeScans({
        deviceId: input.deviceId,
        scans: fresh,
        tickets: new Map(
          locked.map((row) => [
            row.id,
            { ...row, typeValidFrom: typeValidFrom.get(row.ticketTypeId) },
          ]),
        ),
        admissions,
        reEntry,
        rules: list
          ? {
              types: list.types.length ? new Set(list.types) : null,
              validFrom: list.validFrom ? new Date(list.validFrom) : null,
              validUntil: list.validUntil ? new Date(list.validUntil) : null,
            }
          : undefined,
      });
      await insertScans(
        tx,
        merged.outcomes.map(({ scan, result, reason }) => ({
          eventId: event.id,
          ticketId: scan.ticketId,
          deviceId: input.deviceId,
          gate: scan.gate,
          scannedAt: scan.scannedAt,
          receivedAt: deps.clock.now(),
          codeVersion: scan.version ?? -1,
          result,
          reason: reason ?? null,
          listId: list?.id ?? null,
          day: scan.day ?? null,
          scannedBy: params.actor.id,
        })),
      );
      await admitTickets(tx, { admissions: merged.admit, by: params.actor.id });
      await checkOutTickets(tx, merged.checkOut);
      for (const { scan, result, first, reason } of merged.outcomes)
        decided.set(keyOf(scan.ticketId, scan.scannedAt), { result, first, reason });
      // A batch sent again: each scan keeps the answer it had, with the admission it lost to.
      for (const row of earlier) {
        const key = keyOf(row.ticketId, row.scannedAt);
        if (!incoming.has(key)) continue;
        const result = row.result as DoorScanResult;
        const scan = incoming.get(key);
        const first =
          result === 'admitted' || row.reason
            ? null
            : (admissions.get(entryKey(row.ticketId, scan?.day)) ?? null);
        decided.set(key, {
          result,
          first,
          reason: (row.reason as DoorRefusal | null) ?? undefined,
        });
      }
    });
  }

  const results: Result[] = input.scans.map((scan) => {
    const named = found(scan);
    const outcome = named ? decided.get(keyOf(named.ticketId, new Date(scan.scannedAt))) : null;
    return {
      code: scan.code,
      scannedAt: scan.scannedAt,
      result: outcome?.result ?? 'invalid',
      first: presentFirst(outcome?.first),
      ...(outcome?.reason ? { reason: outcome.reason } : {}),
    };
  });

  const cursor = await findSafeCursor(deps.db, { eventId: event.id, since });
  const changed = await findChangedTicketIds(deps.db, {
    eventId: event.id,
    since,
    limit: CHANGES_PER_SYNC,
  });
  const changes = changed.length
    ? await findDoorTickets(deps.db, {
        eventId: event.id,
        typeIds: input.types,
        ticketIds: changed,
      })
    : [];
  // Keyed by the device's own questions, so its stored answers and the new ones agree; when
  // those are no longer the event's door questions, every ticket's answers come again, keyed by
  // the current ones (decision 099).
  // The same questions in another order keep the device's order (its stored keys stay right).
  const current = await findDoorQuestions(deps.db, event.id);
  const byId = new Map(current.map((question) => [question.id, question]));
  const held = input.questions;
  const renewed =
    held !== undefined && (held.length !== current.length || held.some((id) => !byId.has(id)));
  const questions = held && !renewed ? held.flatMap((id) => byId.get(id) ?? []) : current;
  const questionIds = questions.map((question) => question.id);
  const all = renewed ? await doorAnswers(deps, { eventId: event.id, questionIds }) : null;
  const answers = changes.length
    ? await doorAnswers(deps, {
        eventId: event.id,
        questionIds,
        ticketIds: changes.map((row) => row.id),
      })
    : new Map<string, Record<string, DoorAnswer>>();
  // The rule turned on after the device's download: it lacks every ticket's days. Only tickets
  // with an entry by day come (the rest have none), so the answer stays small.
  const allDays =
    list?.perDay && input.days === false ? await dayAdmissions(deps, { listId: list.id }) : null;
  const days =
    list?.perDay && changes.length
      ? await dayAdmissions(deps, { listId: list.id, ticketIds: changes.map((row) => row.id) })
      : undefined;
  return {
    results,
    ticketTypes: event.ticketTypes,
    changes: changes.map(presenter(deps, event, answers, days)),
    cursor: String(cursor),
    counters: await findCounters(deps.db, {
      eventId: event.id,
      typeIds: list?.types ?? input.types,
      day: list?.perDay
        ? { listId: list.id, day: entryDay(deps.clock.now(), timeZone) }
        : undefined,
    }),
    reEntry,
    ...(list ? { list } : {}),
    ...(held ? { questions: questions satisfies DoorQuestion[] } : {}),
    ...(all ? { answers: Object.fromEntries(all) } : {}),
    ...(allDays ? { days: Object.fromEntries(allDays) } : {}),
  };
}
