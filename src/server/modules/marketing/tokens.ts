import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links in campaign mail (unsubscribe, confirm, open pixel, click redirect): the link
 * carries what it acts on and an HMAC with SESSION_SECRET, so no token table grows with every
 * recipient and a link cannot be forged for another address or campaign.
 */
export type TokenPurpose =
  | 'unsubscribe'
  | 'confirm'
  | 'open'
  | 'click'
  /** The manage-preferences link: [owner id, address]. */
  | 'preferences'
  /** The funnel attribution cookie: [funnel id, step, event id, time of the click]. */
  | 'funnel';

const mac = (secret: string, purpose: string, payload: string) =>
  createHmac('sha256', secret).update(`${purpose}\n${payload}`).digest().subarray(0, 16);

export function signToken(secret: string, purpose: TokenPurpose, parts: string[]): string {
  const payload = Buffer.from(JSON.stringify(parts)).toString('base64url');
  return `${payload}.${mac(secret, purpose, payload).toString('base64url')}`;
}

/** The signed parts, or null for anything tampered with or malformed. */
export function readToken(secret: string, purpose: TokenPurpose, token: string): string[] | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = mac(secret, purpose, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parts: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString());
    return Array.isArray(parts) && parts.every((p) => typeof p === 'string') ? parts : null;
  } catch {
    return null;
  }
}
