import { z } from 'zod';

// Notifications, their delivery settings, web push and organizer announcements (issue #6).

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
  'ticket_purchase',
  'ticket_sale',
  'event_registration',
  'ride_request',
  'ride_matched',
  'ride_confirmed',
  'ride_cancelled',
  'signup',
  'signin',
  'test',
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
    'ticket_purchase',
    'ticket_sale',
    'event_registration',
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
  events: [],
  account: ['signup', 'signin', 'test'],
} as const satisfies Record<string, readonly NotificationType[]>;
export type NotificationGroup = keyof typeof NOTIFICATION_GROUPS;
export const NOTIFICATION_GROUP_NAMES = Object.keys(NOTIFICATION_GROUPS) as NotificationGroup[];

export const NOTIFICATION_GROUP_LABELS: Record<NotificationGroup, string> = {
  messages: 'Messages and event chats',
  tickets: 'Tickets, registrations and payments',
  vendors: 'Vendor applications and payments',
  rides: 'Rides to events',
  events: 'Announcements from organizers',
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

/** spec §3: metadata is an object, or a JSON string of one (older clients send strings). */
export const NotificationMetadataSchema = z
  .union([z.record(z.string(), z.unknown()), z.string()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return {};
    if (typeof value !== 'string') return value;
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return parsed as Record<string, unknown>;
      }
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: NOTIFICATION_MESSAGES.metadataInvalid });
    return z.NEVER;
  });

export const NotificationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  relatedId: z.string().nullable(),
  relatedType: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  /** Where clicking it leads (the related event, chat, ticket, receipt or applications), or null. */
  link: z.string().nullable(),
  /** Grows on every insert or update; the realtime socket's catch-up cursor. */
  seq: z.number(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(50),
  /** Cursor from the previous page's `nextCursor`. */
  before: z.string().max(200).optional(),
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  group: z.enum(NOTIFICATION_GROUP_NAMES as [NotificationGroup, ...NotificationGroup[]]).optional(),
  type: z.string().max(40).optional(),
});
export type NotificationListQuery = z.input<typeof NotificationListQuerySchema>;

export const NotificationListSchema = z.object({
  items: z.array(NotificationSchema),
  nextCursor: z.string().nullable(),
  unreadCount: z.number(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const UnreadCountQuerySchema = z.object({ type: z.string().max(40).optional() });
export const UnreadCountSchema = z.object({ count: z.number() });

export const MarkAllReadInputSchema = z.object({
  /** Only this type (the chat badge marks `message` notifications read). */
  type: z.string().max(40).optional(),
});
export const MarkAllReadSchema = z.object({ updated: z.number() });

/** spec §7 create_notification. Admins may notify anyone; everyone else only themselves. */
export const CreateNotificationInputSchema = z.object({
  userId: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string().trim().min(1).max(NOTIFICATION_TITLE_MAX),
  message: z.string().trim().min(1).max(NOTIFICATION_MESSAGE_MAX),
  relatedId: z.string().max(200).nullish(),
  relatedType: z.enum(RELATED_TYPES).nullish(),
  metadata: NotificationMetadataSchema,
});
export type CreateNotificationInput = z.input<typeof CreateNotificationInputSchema>;

/** spec §7 send-notification-email. */
export const SendNotificationEmailInputSchema = z.object({
  user_id: z.uuid(),
  notification_title: z.string().trim().min(1).max(NOTIFICATION_TITLE_MAX),
  notification_message: z.string().trim().min(1).max(NOTIFICATION_MESSAGE_MAX),
  notification_type: z.enum(NOTIFICATION_TYPES),
  related_id: z.string().max(200).nullish(),
  metadata: NotificationMetadataSchema,
});
export const SendNotificationEmailSchema = z.object({ queued: z.boolean() });

const channels = z.object({ inApp: z.boolean(), email: z.boolean(), push: z.boolean() });
export type ChannelSettings = z.infer<typeof channels>;

/** Minutes after local midnight, e.g. 22:00 → 1320. */
const minuteOfDay = z.number().int().min(0).max(1439);

export const NotificationSettingsSchema = z.object({
  groups: z.object(
    Object.fromEntries(NOTIFICATION_GROUP_NAMES.map((g) => [g, channels])) as Record<
      NotificationGroup,
      typeof channels
    >,
  ),
  /** Push is held back between these local times (the in-app row still arrives). */
  quietHours: z.object({ start: minuteOfDay, end: minuteOfDay }).nullable(),
  /** IANA time zone the quiet hours are read in. */
  timeZone: z.string().min(1).max(64),
  /** The two-tone sound on live notifications. */
  sound: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const DEFAULT_CHANNELS: Record<NotificationGroup, ChannelSettings> = {
  messages: { inApp: true, email: false, push: true },
  tickets: { inApp: true, email: true, push: true },
  vendors: { inApp: true, email: true, push: true },
  rides: { inApp: true, email: false, push: true },
  events: { inApp: true, email: true, push: true },
  account: { inApp: true, email: false, push: false },
};

export const UnsubscribeInputSchema = z.object({ token: z.string().min(10).max(500) });
export const UnsubscribeSchema = z.object({ group: z.string(), label: z.string() });

export const VapidKeySchema = z.object({ key: z.string() });

export const PushSubscriptionInputSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2000),
  keys: z.object({ p256dh: z.string().min(10).max(200), auth: z.string().min(4).max(100) }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;
export const PushUnsubscribeInputSchema = z.object({ endpoint: z.string().max(2000) });
export const PushSubscriptionListSchema = z.object({
  subscriptions: z.array(z.object({ endpoint: z.string(), createdAt: z.string() })),
});

/** What the service worker receives in a push message. */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string().optional(),
  notificationId: z.string().optional(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

/** spec §7 send-event-notification: an organizer writes to everyone holding a ticket. */
export const AnnouncementInputSchema = z
  .object({
    subject: z.string().trim().max(ANNOUNCEMENT_SUBJECT_MAX).default(''),
    message: z.string().trim().max(ANNOUNCEMENT_MESSAGE_MAX).default(''),
    sendPushNotification: z.boolean().default(false),
    sendEmailNotification: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (!value.subject)
      ctx.addIssue({
        code: 'custom',
        path: ['subject'],
        message: NOTIFICATION_MESSAGES.subjectRequired,
      });
    if (!value.message)
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message: NOTIFICATION_MESSAGES.messageRequired,
      });
    if (!value.sendPushNotification && !value.sendEmailNotification)
      ctx.addIssue({
        code: 'custom',
        path: ['sendEmailNotification'],
        message: NOTIFICATION_MESSAGES.channelRequired,
      });
  });
export type AnnouncementInput = z.input<typeof AnnouncementInputSchema>;

export const AnnouncementPreviewSchema = z.object({
  recipients: z.number(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export const AnnouncementResultSchema = z.object({
  recipients: z.number(),
  emailed: z.number(),
  pushed: z.number(),
});

export const StreamNotificationSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  message: z.string(),
  notificationType: z.enum(['stream_invitation', 'stream_started', 'stream_ended']),
  read: z.boolean(),
  createdAt: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  seq: z.number(),
});
export type StreamNotification = z.infer<typeof StreamNotificationSchema>;
export const StreamNotificationListSchema = z.object({ items: z.array(StreamNotificationSchema) });
