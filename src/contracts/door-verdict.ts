import type { DoorTicket } from './door';
import { admissionRefusal, entryDay } from './door-lists';

// The door's verdict for a known ticket, decided on the device offline (decision 066) and
// shared here so the server's tests can hold the device's answers against the merge's: the
// code's own state, a check-in list's rules, and on a one-entry-per-day list the day's entry.

export type Verdict =
  | { kind: 'admitted'; ticket: DoorTicket | null }
  | { kind: 'already'; ticket: DoorTicket; at: string | null; gate: string | null }
  | { kind: 'wrong_event' }
  | { kind: 'not_on_list' }
  | { kind: 'not_yet_valid'; from: string; by: 'list' | 'ticket' }
  | { kind: 'list_closed'; until: string }
  | { kind: 'revoked'; ticket: DoorTicket; reason: 'refunded' | 'replaced' }
  | { kind: 'unknown' }
  | { kind: 'checked_out'; ticket: DoorTicket }
  | { kind: 'not_in'; ticket: DoorTicket | null };

/** Scanning to admit, or (with re-entry) to check a guest out. */
export type DoorMode = 'in' | 'out';

/** A check-in list's rules, as the device applies them offline. */
export interface ListRules {
  /** Indexes into the list's ticket types of those on the list; null: every ticket. */
  typeIndexes: ReadonlySet<number> | null;
  validFrom: string | null;
  validUntil: string | null;
  /** One entry per day: an admission counts for its day in `timeZone` only. */
  perDay?: boolean;
  timeZone?: string;
  /** Each ticket type's validity start, by its place (a ticket's `t`). */
  typeValidFrom?: readonly (string | null | undefined)[];
}

/** What this device did since its last sync, on top of the downloaded list. */
export interface LocalScans {
  /** Admissions on this device not yet in the list (its latest, by ticket). */
  admittedHere: ReadonlyMap<string, { at: string; gate: string }>;
  /** Guests checked out on this device since the last sync (re-entry), with the time. */
  outHere: ReadonlyMap<string, string>;
  /** The organizer's check-in list this device scans for (decision 116); none: no rules. */
  rules?: ListRules;
}

/**
 * What a check-in list says of an admission (null: nothing against it): a ticket of a type not on
 * the list, a scan before the list opens (with the time it does) or after it closes.
 */
export function rulesVerdict(
  rules: ListRules | undefined,
  ticket: DoorTicket | null,
  now: Date,
): Verdict | null {
  if (!rules) return null;
  const refusal = admissionRefusal(
    {
      onList: !rules.typeIndexes || (!!ticket && rules.typeIndexes.has(ticket.t)),
      validFrom: rules.validFrom,
      validUntil: rules.validUntil,
      typeValidFrom: ticket ? rules.typeValidFrom?.[ticket.t] : null,
    },
    now,
  );
  if (!refusal) return null;
  if (refusal.reason === 'not_yet_valid')
    return { kind: 'not_yet_valid', from: refusal.from ?? '', by: refusal.by ?? 'list' };
  if (refusal.reason === 'list_closed') return { kind: 'list_closed', until: refusal.until ?? '' };
  return { kind: 'not_on_list' };
}

/**
 * On a one-entry-per-day list, whether the ticket's entry of today (in the event's zone) is in,
 * as the server keeps it per (code, list, day): this device's own latest scan when it was today
 * (an admission, or a check-out ending it), else the server's word on today (admitted, and not
 * checked out since). Yesterday's entry never counts.
 */
export function dayEntry(
  ticket: DoorTicket,
  timeZone: string,
  local: Pick<LocalScans, 'admittedHere' | 'outHere'>,
  now: Date,
): { in: true; at: string; gate: string | null } | { in: false } {
  const today = entryDay(now, timeZone);
  const isToday = (at: string) => entryDay(new Date(at), timeZone) === today;
  const here = local.admittedHere.get(ticket.id);
  if (here && isToday(here.at)) return { in: true, at: here.at, gate: here.gate || null };
  const out = local.outHere.get(ticket.id);
  if (out && isToday(out)) return { in: false };
  const known = ticket.d?.[today];
  return known && !known.o ? { in: true, at: known.at, gate: known.g } : { in: false };
}

/** On a one-entry-per-day list, the verdict of today's entry: "already" only for today's. */
export function dayVerdict(
  ticket: DoorTicket,
  timeZone: string,
  local: Pick<LocalScans, 'admittedHere' | 'outHere'>,
  mode: DoorMode,
  now: Date,
): Verdict {
  const entry = dayEntry(ticket, timeZone, local, now);
  if (mode === 'out')
    return entry.in ? { kind: 'checked_out', ticket } : { kind: 'not_in', ticket };
  return entry.in
    ? { kind: 'already', ticket, at: entry.at, gate: entry.gate }
    : { kind: 'admitted', ticket };
}

/** What the ticket's own state says, for a code of its `version`. */
export function stateVerdict(
  ticket: DoorTicket,
  version: number,
  admittedHere: LocalScans['admittedHere'],
  outHere: LocalScans['outHere'] = new Map(),
  mode: DoorMode = 'in',
): Verdict {
  if (ticket.s === 'void') return { kind: 'revoked', ticket, reason: 'refunded' };
  if (ticket.s === 'pending' || version !== ticket.v)
    return { kind: 'revoked', ticket, reason: 'replaced' };
  const here = admittedHere.get(ticket.id);
  const isIn = Boolean(here) || (ticket.s === 'checked_in' && !outHere.has(ticket.id));
  if (mode === 'out') return isIn ? { kind: 'checked_out', ticket } : { kind: 'not_in', ticket };
  if (here) return { kind: 'already', ticket, at: here.at, gate: here.gate || null };
  if (isIn) return { kind: 'already', ticket, at: ticket.at, gate: ticket.g };
  return { kind: 'admitted', ticket };
}

/**
 * A known ticket's verdict: a refunded or replaced code says so first (whatever the list), then
 * the list's rules for an admission (a check-out ignores them), then the ticket's state, which
 * on a one-entry-per-day list is today's entry, for a check-in and a check-out alike.
 */
export function ticketVerdict(
  ticket: DoorTicket,
  version: number,
  local: LocalScans,
  mode: DoorMode = 'in',
  now: Date = new Date(),
): Verdict {
  const state = stateVerdict(ticket, version, local.admittedHere, local.outHere, mode);
  if (state.kind === 'revoked') return state;
  const { rules } = local;
  const perDay = rules?.perDay && rules.timeZone ? rules.timeZone : null;
  const entry = perDay ? dayVerdict(ticket, perDay, local, mode, now) : state;
  if (mode === 'out') return entry;
  return rulesVerdict(rules, ticket, now) ?? entry;
}
