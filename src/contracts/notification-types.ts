// Notification types, groups, limits and texts without zod: the browser's live
// notification code imports these; the schemas are in notifications.ts.

/** spec §3 "Types seen", plus `test` (the settings page's Test notification button). */
export const NOTIFICATION_TYPES = [
  'message',
  'event_chat_message',
  'vendor_approved',
  'vendor_request',
  'vendor_request_update',
  'vendor_payment_required',
  'vendor_chat_join',
  'vendor_location_sharing',
  'payment_processing',
  'payment_success',
  'payment_failed',
  // A subscription plan that is about to end or has ended (no money moved).
  'plan_ending',
  'ticket_purchase',
  'ticket_sale',
  'event_registration',
  // Tickets set aside for a place on a waiting list (decision 054); it opens the place.
  'waitlist_offer',
  'ride_request',
  'ride_matched',
  'ride_confirmed',
  'ride_cancelled',
  'signup',
  'signin',
  'test',
  'affiliate_conversion',
  'affiliate_reversal',
  'affiliate_payout',
  // The feedback request after an event and the diary's reminder before one.
  'event_feedback_request',
  'event_reminder',
  // An organizer's webhook endpoint turned off after failing for days (decision 029).
  'webhook_disabled',
  // Live streams: also written to stream_notifications (the unread list of 10).
  'stream_invitation',
  'stream_started',
  'stream_ended',
  // An event called off by its organizer or the admin console: its ticket holders.
  'event_cancelled',
  // An event moved to another organizer from the admin console: both owners.
  'event_transferred',
  // An organizer's long export finished in the background (its link also goes by mail).
  'export_ready',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const RELATED_TYPES = [
  'events',
  'messages',
  'vendor_requests',
  'tickets',
  'payments',
] as const;
export type RelatedType = (typeof RELATED_TYPES)[number];

/**
 * Settings are chosen per group of types, not per type: nobody wants 21 rows of switches.
 * `events` also covers organizers' announcements to their attendees.
 */
export const NOTIFICATION_GROUPS = {
  messages: ['message', 'event_chat_message'],
  tickets: [
    'payment_processing',
    'payment_success',
    'payment_failed',
    'plan_ending',
    'ticket_purchase',
    'ticket_sale',
    'event_registration',
    'waitlist_offer',
    'affiliate_conversion',
    'affiliate_reversal',
    'affiliate_payout',
    'export_ready',
  ],
  vendors: [
    'vendor_approved',
    'vendor_request',
    'vendor_request_update',
    'vendor_payment_required',
    'vendor_chat_join',
    'vendor_location_sharing',
  ],
  rides: ['ride_request', 'ride_matched', 'ride_confirmed', 'ride_cancelled'],
  events: [
    'event_cancelled',
    'event_transferred',
    'event_feedback_request',
    'event_reminder',
    'stream_invitation',
    'stream_started',
    'stream_ended',
  ],
  account: ['signup', 'signin', 'test', 'webhook_disabled'],
} as const satisfies Record<string, readonly NotificationType[]>;
export type NotificationGroup = keyof typeof NOTIFICATION_GROUPS;
export const NOTIFICATION_GROUP_NAMES = Object.keys(NOTIFICATION_GROUPS) as NotificationGroup[];

export const NOTIFICATION_GROUP_LABELS: Record<NotificationGroup, string> = {
  messages: 'Messages and event chats',
  tickets: 'Tickets, registrations and payments',
  vendors: 'Vendor applications and payments',
  rides: 'Rides to events',
  events: 'Event reminders, feedback requests and announcements',
  account: 'Account and sign-in activity',
};

export function groupOfType(type: string): NotificationGroup {
  for (const group of NOTIFICATION_GROUP_NAMES) {
    if ((NOTIFICATION_GROUPS[group] as readonly string[]).includes(type)) return group;
  }
  return 'account';
}

export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_MESSAGE_MAX = 2000;
export const NOTIFICATIONS_PAGE_MAX = 100;
export const ANNOUNCEMENT_SUBJECT_MAX = 150;
export const ANNOUNCEMENT_MESSAGE_MAX = 5000;
/** Announcements an organizer can send per event per hour. */
export const ANNOUNCEMENTS_PER_HOUR = 5;

export const NOTIFICATION_MESSAGES = {
  // spec §8
  loadFailedTitle: 'Notification Error',
  loadFailed: 'Failed to load notifications. Will retry shortly.',
  markReadFailed: 'Failed to mark notification as read',
  markAllReadFailed: 'Failed to mark all notifications as read',
  pushUnsupported: 'Push Notifications Not Supported',
  pushDeniedTitle: 'Permission Denied',
  pushDenied: 'Please enable notifications in your browser settings.',
  pushSaveFailed: 'Subscription Failed',
  pushUnsubscribeFailed: 'Unsubscribe Failed',
  // ours
  metadataInvalid: 'Metadata must be an object or a JSON string of an object',
  quietHoursIncomplete: 'Please give both a start and an end for quiet hours',
  subjectRequired: 'Please enter a subject',
  messageRequired: 'Please enter a message',
  channelRequired: 'Choose push, email or both',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
} as const;

export interface ChannelSettings {
  inApp: boolean;
  email: boolean;
  push: boolean;
}

export const DEFAULT_CHANNELS: Record<NotificationGroup, ChannelSettings> = {
  messages: { inApp: true, email: false, push: true },
  tickets: { inApp: true, email: true, push: true },
  vendors: { inApp: true, email: true, push: true },
  rides: { inApp: true, email: false, push: true },
  events: { inApp: true, email: true, push: true },
  account: { inApp: true, email: false, push: false },
};
