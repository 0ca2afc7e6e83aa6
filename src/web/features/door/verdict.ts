import { parseSignedCode, type DoorTicket } from '../../../contracts/door';
import { admissionRefusal, entryDay } from '../../../contracts/door-lists';

// The verdict at the door, decided on the device (decision 066): a signed code by its Ed25519
// signature and the event's public key, an older MAC code by its hash in the downloaded list.

export type Verdict =
  | { kind: 'admitted'; ticket: DoorTicket | null }
  | { kind: 'already'; ticket: DoorTicket; at: string | null; gate: string | null }
  | { kind: 'wrong_event' }
  | { kind: 'not_on_list' }
  | { kind: 'not_yet_valid'; from: string }
  | { kind: 'list_closed'; until: string }
  | { kind: 'revoked'; ticket: DoorTicket; reason: 'refunded' | 'replaced' }
  | { kind: 'unknown' }
  | { kind: 'checked_out'; ticket: DoorTicket }
  | { kind: 'not_in'; ticket: DoorTicket | null };

/** Scanning to admit, or (with re-entry) to check a guest out. */
export type DoorMode = 'in' | 'out';

export interface DoorContext {
  eventId: string;
  /** The event's public key, imported for WebCrypto. */
  key: CryptoKey;
  /** The list's chosen ticket types (empty: every ticket of the event). */
  types: readonly string[];
  byId: ReadonlyMap<string, DoorTicket>;
  /** A MAC code's hash: its ticket and the code version it was (older ones were replaced). */
  byHash: ReadonlyMap<string, { id: string; v: number }>;
  /** Admissions on this device not yet in the list (scans since the last sync). */
  admittedHere: ReadonlyMap<string, { at: string; gate: string }>;
  /** Guests checked out on this device since the last sync (re-entry). */
  outHere: ReadonlySet<string>;
  /** The organizer's check-in list this device scans for (decision 116); none: no rules. */
  rules?: ListRules;
}

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
    return { kind: 'not_yet_valid', from: refusal.from ?? '' };
  if (refusal.reason === 'list_closed') return { kind: 'list_closed', until: refusal.until ?? '' };
  return { kind: 'not_on_list' };
}

/**
 * On a one-entry-per-day list, what the ticket's entry of today says: "already" when it was
 * admitted today on this list (here or as the server knows), else in; yesterday does not count.
 */
export function dayVerdict(
  ticket: DoorTicket,
  rules: ListRules & { timeZone: string },
  admittedHere: DoorContext['admittedHere'],
  now: Date,
): Verdict {
  const today = entryDay(now, rules.timeZone);
  const here = admittedHere.get(ticket.id);
  if (here && entryDay(new Date(here.at), rules.timeZone) === today)
    return { kind: 'already', ticket, at: here.at, gate: here.gate || null };
  const known = ticket.d?.[today];
  if (known) return { kind: 'already', ticket, at: known.at, gate: known.g };
  return { kind: 'admitted', ticket };
}

const fromBase64Url = (text: string) => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

const toBase64Url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export function importPublicKey(publicKey: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', fromBase64Url(publicKey), { name: 'Ed25519' }, false, [
    'verify',
  ]);
}

/** The short hash the list carries of a MAC code. */
export async function codeHash(code: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code));
  return toBase64Url(digest).slice(0, 22);
}

/**
 * The hashes of a list's MAC codes: each ticket's current one, and the ones it replaced (any
 * version below the current one reads "code replaced").
 */
export function hashEntries(tickets: Iterable<DoorTicket>) {
  const entries: [string, { id: string; v: number }][] = [];
  for (const ticket of tickets) {
    for (const old of ticket.r ?? []) entries.push([old, { id: ticket.id, v: -1 }]);
    entries.push([ticket.h, { id: ticket.id, v: ticket.v }]);
  }
  return entries;
}

/** What the ticket's own state says, for a code of its `version`. */
export function stateVerdict(
  ticket: DoorTicket,
  version: number,
  admittedHere: DoorContext['admittedHere'],
  outHere: DoorContext['outHere'] = new Set(),
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

export async function decide(
  raw: string,
  context: DoorContext,
  mode: DoorMode = 'in',
  now: Date = new Date(),
): Promise<Verdict> {
  const code = raw.trim();
  const signed = parseSignedCode(code);
  if (signed) {
    if (signed.eventId !== context.eventId) return { kind: 'wrong_event' };
    const isGenuine = await crypto.subtle.verify(
      { name: 'Ed25519' },
      context.key,
      fromBase64Url(signed.signature),
      new TextEncoder().encode(signed.message),
    );
    if (!isGenuine) return { kind: 'unknown' };
    const ticket = context.byId.get(signed.ticketId);
    // Bought after the download: genuine, so in, unless this list is of chosen types only.
    if (!ticket) {
      if (context.types.length) return { kind: 'not_on_list' };
      if (mode === 'out') return { kind: 'not_in', ticket: null };
      return rulesVerdict(context.rules, null, now) ?? { kind: 'admitted', ticket: null };
    }
    return ticketVerdict(ticket, signed.version, context, mode, now);
  }
  const entry = context.byHash.get(await codeHash(code));
  const ticket = entry ? context.byId.get(entry.id) : undefined;
  if (!entry || !ticket) return { kind: 'unknown' };
  return ticketVerdict(ticket, entry.v, context, mode, now);
}

/**
 * A known ticket's verdict: a refunded or replaced code says so first (whatever the list), then
 * the list's rules for an admission, then the ticket's state.
 */
export function ticketVerdict(
  ticket: DoorTicket,
  version: number,
  context: DoorContext,
  mode: DoorMode = 'in',
  now: Date = new Date(),
): Verdict {
  const state = stateVerdict(ticket, version, context.admittedHere, context.outHere, mode);
  if (mode === 'out' || state.kind === 'revoked') return state;
  const { rules } = context;
  const today =
    rules?.perDay && rules.timeZone
      ? dayVerdict(ticket, { ...rules, timeZone: rules.timeZone }, context.admittedHere, now)
      : state;
  return rulesVerdict(rules, ticket, now) ?? today;
}
