import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { parseSignedCode, signedCodeMessage } from '../../../contracts/door';
import type { DbExecutor } from '../../db/client';
import { eventSigningKeys } from '../../db/schema/door';
import { openField, sealField } from '../../platform/field-crypto';

// Ticket codes a check-in device verifies without the server (decision 066): Ed25519 with one
// key pair per event. The private key never leaves the server and is sealed at rest; the public
// key goes to the check-in app with the list.

export interface EventKeys {
  eventId: string;
  /** Raw 32-byte public key, base64url. */
  publicKey: string;
  privateKey: KeyObject;
}

/** The sealing key, derived from the ticket-code key for this one purpose. */
const sealKeyOf = (ticketKey: Buffer) =>
  createHmac('sha256', ticketKey).update('field:event-signing-keys').digest();

function open(ticketKey: Buffer, row: typeof eventSigningKeys.$inferSelect): EventKeys {
  const der = Buffer.from(openField(sealKeyOf(ticketKey), row.privateKeySealed), 'base64url');
  return {
    eventId: row.eventId,
    publicKey: row.publicKey,
    privateKey: createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
  };
}

/** The keys of the events that have one (made when the door first prepares for the event). */
export async function findEventKeys(
  db: DbExecutor,
  ticketKey: Buffer,
  eventIds: readonly string[],
): Promise<Map<string, EventKeys>> {
  const ids = [...new Set(eventIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(eventSigningKeys)
    .where(inArray(eventSigningKeys.eventId, ids));
  return new Map(rows.map((row) => [row.eventId, open(ticketKey, row)]));
}

/** The event's keys, made on first use (two devices at once: one pair wins, both read it). */
export async function ensureEventKeys(
  db: DbExecutor,
  ticketKey: Buffer,
  eventId: string,
): Promise<EventKeys> {
  const found = (await findEventKeys(db, ticketKey, [eventId])).get(eventId);
  if (found) return found;
  const pair = generateKeyPairSync('ed25519');
  const jwk = pair.publicKey.export({ format: 'jwk' });
  const der = pair.privateKey.export({ format: 'der', type: 'pkcs8' });
  await db
    .insert(eventSigningKeys)
    .values({
      eventId,
      publicKey: jwk.x ?? '',
      privateKeySealed: sealField(sealKeyOf(ticketKey), der.toString('base64url')),
    })
    .onConflictDoNothing();
  const made = (await findEventKeys(db, ticketKey, [eventId])).get(eventId);
  if (!made) throw new Error('The event signing key could not be stored');
  return made;
}

/** The signed code of a ticket's current version. */
export function signedTicketCode(
  keys: EventKeys,
  ticket: { id: string; codeVersion: number },
): string {
  const message = signedCodeMessage(ticket.id, ticket.codeVersion, keys.eventId);
  const signature = sign(null, Buffer.from(message), keys.privateKey).toString('base64url');
  return `${ticket.id}.${ticket.codeVersion}.${keys.eventId}.${signature}`;
}

/** The ticket id and version of a genuine signed code of this event, else null. */
export function verifySignedCode(
  publicKey: string,
  eventId: string,
  code: string,
): { ticketId: string; version: number } | null {
  const parts = parseSignedCode(code);
  if (!parts || parts.eventId !== eventId) return null;
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' });
  const isGenuine = verify(
    null,
    Buffer.from(parts.message),
    key,
    Buffer.from(parts.signature, 'base64url'),
  );
  return isGenuine ? { ticketId: parts.ticketId, version: parts.version } : null;
}

/** What the check-in list carries for a MAC code: a short hash, enough to look it up. */
export const codeHash = (code: string) =>
  createHash('sha256').update(code).digest('base64url').slice(0, 22);
