import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NotificationGroup } from '../../../contracts/notifications';

// The contracts' English texts (NOTIFICATION_GROUP_LABELS, NOTIFICATION_MESSAGES) said in the
// page's language: the server keeps its own copies for mail and push.
export const GROUP_LABELS: Record<NotificationGroup, MessageDescriptor> = {
  messages: msg`Messages and event chats`,
  tickets: msg`Tickets, registrations and payments`,
  vendors: msg`Vendor applications and payments`,
  rides: msg`Rides to events`,
  events: msg`Event reminders, feedback requests and announcements`,
  account: msg`Account and sign-in activity`,
};

export const NOTICES = {
  pushUnsupported: msg`Push Notifications Not Supported`,
  pushDeniedTitle: msg`Permission Denied`,
  pushDenied: msg`Please enable notifications in your browser settings.`,
  pushSaveFailed: msg`Subscription Failed`,
  unsubscribeInvalid: msg`This unsubscribe link is not valid`,
  pushUnsubscribeFailed: msg`Unsubscribe Failed`,
  loadFailedTitle: msg`Notification Error`,
  loadFailed: msg`Failed to load notifications. Will retry shortly.`,
  markReadFailed: msg`Failed to mark notification as read`,
  markAllReadFailed: msg`Failed to mark all notifications as read`,
};
