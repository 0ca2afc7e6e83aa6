import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../../contracts/ids';

// A ticket's code is its id plus a MAC: printable, scannable, and impossible to guess or forge
// without the server's key (ids alone are random but not secret: they appear in URLs).
const MAC_LENGTH = 22;

const mac = (key: Buffer, ticketId: string) =>
  createHmac('sha256', key).update(ticketId).digest('base64url').slice(0, MAC_LENGTH);

export function ticketCode(key: Buffer, ticketId: string): string {
  return `${ticketId}.${mac(key, ticketId)}`;
}

/** The ticket id inside a genuine code, else null. */
export function verifyTicketCode(key: Buffer, code: string): string | null {
  const [id, given] = code.trim().split('.');
  if (!id || !given || !isUuid(id)) return null;
  const expected = Buffer.from(mac(key, id.toLowerCase()));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected)
    ? id.toLowerCase()
    : null;
}
