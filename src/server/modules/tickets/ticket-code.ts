import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../../contracts/ids';

// A ticket's code is its id plus a MAC: printable, scannable, and impossible to guess or forge
// without the server's key (ids alone are random but not secret: they appear in URLs).
// A transferred ticket gets a new code: from version 1 on the MAC covers the version too, while
// version 0 (never transferred) keeps the codes already printed and mailed (decision 055).
const MAC_LENGTH = 22;

const mac = (key: Buffer, ticketId: string, version: number) =>
  createHmac('sha256', key)
    .update(version === 0 ? ticketId : `${ticketId}:${version}`)
    .digest('base64url')
    .slice(0, MAC_LENGTH);

export function ticketCode(key: Buffer, ticketId: string, version = 0): string {
  return `${ticketId}.${mac(key, ticketId, version)}`;
}

/** The ticket id a code names (not yet checked), else null. */
export function ticketIdOfCode(code: string): string | null {
  const [id, given] = code.trim().split('.');
  return id && given && isUuid(id) ? id.toLowerCase() : null;
}

/**
 * Which version of the ticket's code this is (0 … `current`), or null when it is none of them
 * (forged, or another ticket's). A version below `current` is a code the ticket had before a
 * transfer.
 */
export function codeVersionOf(key: Buffer, code: string, current: number): number | null {
  const id = ticketIdOfCode(code);
  const given = Buffer.from(code.trim().split('.')[1] ?? '');
  if (!id) return null;
  for (let version = current; version >= 0; version--) {
    const expected = Buffer.from(mac(key, id, version));
    if (given.length === expected.length && timingSafeEqual(given, expected)) return version;
  }
  return null;
}

/** The ticket id inside a genuine code of its first version, else null. */
export function verifyTicketCode(key: Buffer, code: string): string | null {
  const id = ticketIdOfCode(code);
  return id && codeVersionOf(key, code, 0) === 0 ? id : null;
}
