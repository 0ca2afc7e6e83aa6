import type { ApiScope } from '../../../contracts/developer';

// API keys look like `mea_<prefix>_<secret>`: the prefix finds the row (unique index), the
// SHA-256 of the whole key proves it. Both parts are base64url.
const KEY_FORMAT = /^mea_([A-Za-z0-9_-]{10})_([A-Za-z0-9_-]{32,64})$/;

/** The key from an `Authorization: Bearer …` header, or null when there is none or it is malformed. */
export function parseBearer(header: string | undefined): { key: string; prefix: string } | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const key = match?.[1];
  if (!key) return null;
  const parts = KEY_FORMAT.exec(key);
  return parts?.[1] ? { key, prefix: parts[1] } : null;
}

export interface KeyState {
  revokedAt: Date | null;
  expiresAt: Date | null;
}

/** A key works until it is revoked or expires. */
export const keyIsLive = (key: KeyState, now: Date) =>
  !key.revokedAt && (!key.expiresAt || key.expiresAt > now);

export const keyHasScope = (key: { scopes: readonly string[] }, scope: ApiScope) =>
  key.scopes.includes(scope);

/** Who may hold keys: people who run events (organizers, venues) and admins. */
export const mayHoldKeys = (user: { userType: string; roles: readonly string[] }) =>
  ['organizer', 'venue'].includes(user.userType) || user.roles.includes('admin');
