import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_GROUP_NAMES, type NotificationGroup } from '../../../contracts/notifications';
import type { Config } from '../../config';
import { derivedKey } from '../../platform/secrets';

// The unsubscribe link in notification mail works without signing in, so it carries its own
// proof: the user and the group, signed with a key derived from the session secret.

function signature(config: Pick<Config, 'SESSION_SECRET'>, body: string): Buffer {
  return createHmac('sha256', derivedKey(config, 'notification-unsubscribe'))
    .update(body)
    .digest()
    .subarray(0, 16);
}

export function unsubscribeToken(
  config: Pick<Config, 'SESSION_SECRET'>,
  params: { userId: string; group: NotificationGroup },
): string {
  const body = `${params.userId}.${params.group}`;
  return `${Buffer.from(body).toString('base64url')}.${signature(config, body).toString('base64url')}`;
}

export function readUnsubscribeToken(
  config: Pick<Config, 'SESSION_SECRET'>,
  token: string,
): { userId: string; group: NotificationGroup } | null {
  const [encoded, sig] = token.split('.');
  if (!encoded || !sig) return null;
  const body = Buffer.from(encoded, 'base64url').toString();
  const expected = signature(config, body);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, group] = body.split('.');
  if (!userId || !NOTIFICATION_GROUP_NAMES.includes(group as NotificationGroup)) return null;
  return { userId, group: group as NotificationGroup };
}
