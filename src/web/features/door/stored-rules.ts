import type { DoorSyncResult } from '../../../contracts/door';
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

/** The list's ticket types (in its order: tickets' `t`) with the server's validity starts. */
function withValidFrom(event: StoredList['event'], now: DoorSyncResult['ticketTypes']) {
  const validFrom = new Map(now.map((type) => [type.id, type.validFrom ?? null]));
  return {
    ...event,
    ticketTypes: event.ticketTypes.map((type) =>
      validFrom.has(type.id) ? { ...type, validFrom: validFrom.get(type.id) } : type,
    ),
  };
}

/** The stored list renewed by one sync's answer. */
export function syncedList(list: StoredList, answer: DoorSyncResult): StoredList {
  const held = list.checkInList;
  const edited = answer.list;
  return {
    ...list,
    cursor: answer.cursor,
    counters: answer.counters,
    reEntry: answer.reEntry,
    // A type's validity start changed by the organizer reaches the verdict at once.
    event: withValidFrom(list.event, answer.ticketTypes),
    // A question newly shown at the door (or relabelled) arrives without a download.
    ...(answer.questions ? { questions: answer.questions } : {}),
    // The list as the organizer has it now: its types, gate and window. "One entry per day"
    // turned on needs each ticket's admissions by day, which only a download brings: until
    // then the device keeps deciding by a ticket's overall state (the server re-checks).
    ...(held && edited?.id === held.id
      ? { checkInList: { ...edited, perDay: edited.perDay && held.perDay } }
      : {}),
  };
}
