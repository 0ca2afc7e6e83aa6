import { parseSignedCode, type DoorTicket } from '../../../contracts/door';
import {
  rulesVerdict,
  ticketVerdict,
  type DoorMode,
  type LocalScans,
  type Verdict,
} from '../../../contracts/door-verdict';

// The verdict at the door, decided on the device (decision 066): a signed code by its Ed25519
// signature and the event's public key, an older MAC code by its hash in the downloaded list.

export type { DoorMode, ListRules, Verdict } from '../../../contracts/door-verdict';
export { ticketVerdict };

export interface DoorContext extends LocalScans {
  eventId: string;
  /** The event's public key, imported for WebCrypto. */
  key: CryptoKey;
  /** The list's chosen ticket types (empty: every ticket of the event). */
  types: readonly string[];
  byId: ReadonlyMap<string, DoorTicket>;
  /** A MAC code's hash: its ticket and the code version it was (older ones were replaced). */
  byHash: ReadonlyMap<string, { id: string; v: number }>;
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
