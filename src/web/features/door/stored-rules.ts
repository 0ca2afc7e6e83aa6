import type { DoorSyncResult, DoorTicket } from '../../../contracts/door';
import type { StoredList } from './store';
import type { ListRules } from './verdict';

// The rules a device's offline verdict follows, from its stored list, and how a sync's answer
// renews them: an organizer's edits reach the door without a new download.

/** A check-in list's rules by the list's ticket types' places (a ticket's `t`). */
export function rulesOf(list: StoredList): ListRules | undefined {
  const chosen = list.checkInList;
  const typeValidFrom = list.event.ticketTypes.map((type) => type.validFrom ?? null);
  // No list: a ticket type's validity start still says "not yet valid".
  if (!chosen)
    return typeValidFrom.some(Boolean)
      ? { typeIndexes: null, validFrom: null, validUntil: null, typeValidFrom }
      : undefined;
  const wanted = new Set(chosen.types);
  const typeIndexes = chosen.types.length
    ? new Set(list.event.ticketTypes.flatMap((type, index) => (wanted.has(type.id) ? [index] : [])))
    : null;
  return {
    typeIndexes,
    validFrom: chosen.validFrom,
    validUntil: chosen.validUntil,
    perDay: chosen.perDay,
    timeZone: list.timeZone,
    typeValidFrom,
  };
}

/**
 * The device's ticket types (in its order: tickets' `t`) renewed by the server's: each keeps its
 * place and takes the server's validity start and name; a type created after the download goes
 * last, so a ticket of it sold since reads by its type. A type deleted keeps its place.
 */
function placedTypes(event: StoredList['event'], now: DoorSyncResult['ticketTypes']) {
  const byId = new Map(now.map((type) => [type.id, type]));
  const held = new Set(event.ticketTypes.map((type) => type.id));
  return {
    ...event,
    ticketTypes: [
      ...event.ticketTypes.map((type) => {
        const current = byId.get(type.id);
        return current
          ? { ...type, name: current.name, validFrom: current.validFrom ?? null }
          : type;
      }),
      ...now.filter((type) => !held.has(type.id)),
    ],
  };
}

/**
 * The answer's changed tickets with `t` placed in the device's table (`list`, already renewed by
 * `syncedList`): the server numbers types in its order now, which a type created or moved since
 * the download changes.
 */
export function syncedChanges(list: StoredList, answer: DoorSyncResult): DoorTicket[] {
  const place = new Map(list.event.ticketTypes.map((type, index) => [type.id, index]));
  return answer.changes.map((ticket) => {
    const id = answer.ticketTypes[ticket.t]?.id;
    return { ...ticket, t: (id !== undefined ? place.get(id) : undefined) ?? -1 };
  });
}

/** The stored list renewed by one sync's answer. */
export function syncedList(list: StoredList, answer: DoorSyncResult): StoredList {
  const held = list.checkInList;
  const edited = answer.list;
  // "One entry per day" turned on needs each ticket's admissions by day: the answer brings them
  // when the device said it has none (`days`), else the device keeps deciding by a ticket's
  // overall state until they come (the server re-checks by day either way).
  const hasDays = Boolean(held?.perDay) || answer.days !== undefined;
  return {
    ...list,
    cursor: answer.cursor,
    counters: answer.counters,
    reEntry: answer.reEntry,
    // A type's validity start changed by the organizer reaches the verdict at once.
    event: placedTypes(list.event, answer.ticketTypes),
    // A question newly shown at the door (or relabelled) arrives without a download.
    ...(answer.questions ? { questions: answer.questions } : {}),
    // The list as the organizer has it now: its types, gate, window and once-a-day rule.
    ...(held && edited?.id === held.id
      ? { checkInList: { ...edited, perDay: edited.perDay && hasDays } }
      : {}),
  };
}
