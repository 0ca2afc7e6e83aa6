// Shared test data for the notification feature's unit tests.
import { DEFAULT_CHANNELS } from '../../../contracts/notification-types';
import type { Notification, NotificationSettings } from '../../../contracts/notifications';

/** The settings a user has before changing anything (as the server answers). */
export function testSettings(overrides: Partial<NotificationSettings> = {}): NotificationSettings {
  return {
    groups: structuredClone(DEFAULT_CHANNELS),
    quietHours: null,
    timeZone: 'UTC',
    sound: true,
    ...overrides,
  };
}

/** An unread ticket_sale notification created now. */
export function testNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n1',
    userId: 'u1',
    type: 'ticket_sale',
    title: 'Ticket sold',
    message: 'Someone bought a ticket',
    read: false,
    createdAt: new Date().toISOString(),
    relatedId: null,
    relatedType: null,
    metadata: {},
    link: null,
    seq: 1,
    ...overrides,
  };
}
