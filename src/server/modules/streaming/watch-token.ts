import { createHmac, timingSafeEqual } from 'node:crypto';

// The short-lived token on every playlist and segment URL (decision 030): stream id, viewer and
// expiry, signed with a key derived from the session secret. It is bound to the viewer: a token
// naming a user only works on requests signed in as that user, so a copied link does not play.

export interface WatchClaims {
  streamId: string;
  /** A user id, or `anon-<random>` for a signed-out viewer of a public stream. */
  viewer: string;
  expiresAt: number;
}

const sign = (key: Buffer, body: string) =>
  createHmac('sha256', key).update(body).digest('base64url');

export function issueWatchToken(key: Buffer, claims: WatchClaims): string {
  const body = `${claims.streamId}.${claims.viewer}.${claims.expiresAt.toString(36)}`;
  return `${Buffer.from(body).toString('base64url')}.${sign(key, body)}`;
}

export type TokenCheck =
  | { ok: true; claims: WatchClaims }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'stream' };

export function checkWatchToken(
  key: Buffer,
  token: string,
  params: { streamId: string; now: number },
): TokenCheck {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) return { ok: false, reason: 'malformed' };
  const body = Buffer.from(encoded, 'base64url').toString();
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'signature' };
  const [streamId, viewer, expires] = body.split('.');
  const expiresAt = parseInt(expires ?? '', 36);
  if (!streamId || !viewer || !Number.isFinite(expiresAt))
    return { ok: false, reason: 'malformed' };
  if (streamId !== params.streamId) return { ok: false, reason: 'stream' };
  if (expiresAt <= params.now) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { streamId, viewer, expiresAt } };
}
