import { z } from 'zod';
import {
  NOTIFICATION_GROUP_NAMES,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPES,
  RELATED_TYPES,
  ANNOUNCEMENT_MESSAGE_MAX,
  ANNOUNCEMENT_SUBJECT_MAX,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_TITLE_MAX,
  NOTIFICATIONS_PAGE_MAX,
  type NotificationGroup,
} from './notification-types';

// The zod-free half (types, groups, texts) lives in notification-types.ts, so the browser's
// first load and live notifications can use it without zod.
export * from './notification-types';

// Notifications, their delivery settings, web push and organizer announcements.

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
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

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

export const UnsubscribeInputSchema = z.object({ token: z.string().min(10).max(500) });
export const UnsubscribeSchema = z.object({ group: z.string(), label: z.string() });

export const VapidKeySchema = z.object({ key: z.string() });
export type VapidKey = z.infer<typeof VapidKeySchema>;

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
  /** What phones show for the push message. */
  push: z.object({ title: z.string(), body: z.string() }),
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
