import type { ServerFrame } from '../../../contracts/realtime';
import type { Database } from '../../db/client';
import { notifications, streamNotifications } from '../../db/schema/notifications';
import type { RealtimeSource } from '../../platform/realtime/hub';
import { maxSeq, readBySeq } from '../../platform/realtime/seq-table';
import {
  liveNotificationFrame,
  liveNotificationFrameJson,
  liveNotificationsFor,
  readLiveNotifications,
  type LiveNotification,
} from './live-notifications';
import { presentStreamNotification } from './notifications.presenter';
import { streamChangesSince, type StreamNotificationRow } from './notifications.queries';

/** Source names, for pokes that say which tables have news (RealtimeHub.poke). */
export const NOTIFICATIONS_SOURCE = 'notifications';
export const STREAM_NOTIFICATIONS_SOURCE = 'stream_notifications';

export const streamNotificationFrame = (rows: StreamNotificationRow[]): ServerFrame => ({
  type: 'stream_notifications',
  events: rows.map((row) => ({
    op: row.updatedAt ? 'UPDATE' : 'INSERT',
    notification: presentStreamNotification(row),
  })),
});

export function notificationSource(
  db: Database,
  onNew: () => void,
): RealtimeSource<LiveNotification> {
  return {
    name: NOTIFICATIONS_SOURCE,
    read: (after, gaps, limit) => readLiveNotifications(db, after, gaps, limit),
    maxSeq: () => maxSeq(db, notifications),
    seqOf: (row) => row.seq,
    usersOf: (row) => [row.userId],
    frame: liveNotificationFrame,
    serialize: liveNotificationFrameJson,
    changesFor: (userId, since, limit) => liveNotificationsFor(db, userId, since, limit),
    // New rows still waiting for push and email: start their dispatch now rather than at the sweep.
    onFresh: (rows) => {
      if (rows.some((row) => !row.dispatched)) onNew();
    },
  };
}

export function streamNotificationSource(db: Database): RealtimeSource<StreamNotificationRow> {
  return {
    name: STREAM_NOTIFICATIONS_SOURCE,
    read: (after, gaps, limit) => readBySeq(db, streamNotifications, after, gaps, limit),
    maxSeq: () => maxSeq(db, streamNotifications),
    seqOf: (row) => row.seq,
    usersOf: (row) => [row.userId],
    frame: streamNotificationFrame,
    changesFor: (userId, since, limit) => streamChangesSince(db, { userId, since, limit }),
  };
}
