import { msg } from '@lingui/core/macro';
import type { DeviceSession } from '../../../contracts/devices';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { announceSessionChange, type SessionEvents } from '../../platform/auth/session-events';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { maskAddress, parseUserAgent } from './device-names';
import { deleteOtherSessions, deleteOwnSession, findActiveSessions } from './devices.queries';

export interface DevicesDeps {
  db: Database;
  clock: Clock;
  /** Ended sessions reach every process's cache and open sockets (decision 013). */
  sessionEvents: SessionEvents;
}

/** "Where you're signed in": every live session of the person, this one marked. */
export async function listDeviceSessions(
  deps: Pick<DevicesDeps, 'db' | 'clock'>,
  user: AuthUser,
): Promise<DeviceSession[]> {
  const rows = await findActiveSessions(deps.db, { userId: user.id, now: deps.clock.now() });
  return rows.map((row) => ({
    id: row.id,
    ...parseUserAgent(row.userAgent),
    place: maskAddress(row.ipAddress),
    firstSeenAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === user.sessionId,
  }));
}

/** Signs one of the person's sessions out; another person's session is not found. */
export async function endDeviceSession(
  deps: DevicesDeps,
  params: { user: AuthUser; sessionId: string },
): Promise<void> {
  const notice = await deps.db.transaction(async (tx) => {
    const ended = await deleteOwnSession(tx, {
      userId: params.user.id,
      sessionId: params.sessionId,
    });
    return ended ? announceSessionChange(tx, { userId: params.user.id }) : null;
  });
  if (!notice) throw new AppError('NOT_FOUND', msg`This session is not signed in any more`);
  // Answers once every process has forgotten it: the other browser's next request is refused.
  await deps.sessionEvents.settle(notice);
}

/** Signs every other session of the person out, this one stays. */
export async function endOtherDeviceSessions(deps: DevicesDeps, user: AuthUser): Promise<number> {
  const { count, notice } = await deps.db.transaction(async (tx) => {
    const ended = await deleteOtherSessions(tx, { userId: user.id, keepSessionId: user.sessionId });
    return {
      count: ended,
      notice: ended ? await announceSessionChange(tx, { userId: user.id }) : null,
    };
  });
  if (notice) await deps.sessionEvents.settle(notice);
  return count;
}
