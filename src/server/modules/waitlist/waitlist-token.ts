import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../../contracts/ids';

// A place's link carries its id plus a MAC under a key derived from SESSION_SECRET: only the
// mailbox the link was sent to (or the signed-in owner, who is shown it) can open the place,
// and nothing secret is stored, so every mail can carry the same link again.
const MAC_LENGTH = 22;

const mac = (key: Buffer, entryId: string) =>
  createHmac('sha256', key).update(`waitlist:${entryId}`).digest('base64url').slice(0, MAC_LENGTH);

export function placeToken(key: Buffer, entryId: string): string {
  return `${entryId}.${mac(key, entryId)}`;
}

/** The place id inside a genuine token, else null. */
export function verifyPlaceToken(key: Buffer, token: string): string | null {
  const [id, given] = token.trim().split('.');
  if (!id || !given || !isUuid(id)) return null;
  const expected = Buffer.from(mac(key, id.toLowerCase()));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected)
    ? id.toLowerCase()
    : null;
}
