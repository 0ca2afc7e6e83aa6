import type { Notification, StreamNotification } from '../../../contracts/notifications';
import { notificationLink } from './notification-links';
import type { NotificationRow, StreamNotificationRow } from './notifications.queries';

// Rows to the response shapes of the notifications' API and realtime events.

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    userId: row.userId,
    type: row.type,
    title: row.title,
    message: row.message,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
    relatedId: row.relatedId,
    relatedType: row.relatedType,
    metadata: row.metadata,
    link: notificationLink(row),
    seq: row.seq,
  };
}

export function presentStreamNotification(row: StreamNotificationRow): StreamNotification {
  return {
    id: row.id,
    eventId: row.eventId,
    eventTitle: row.eventTitle,
    message: row.message,
    notificationType: row.notificationType,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
    metadata: row.metadata,
    seq: row.seq,
  };
}
