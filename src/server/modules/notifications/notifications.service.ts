import { msg } from '@lingui/core/macro';
import { localeOrSource } from '../../../contracts/locales';
import {
  NOTIFICATION_GROUP_LABELS,
  NOTIFICATION_MESSAGES,
  type CreateNotificationInputSchema,
  type NotificationListQuerySchema,
  type NotificationSettings,
  type NotificationType,
  type PushSubscriptionInput,
  type RelatedType,
  type SendNotificationEmailInputSchema,
} from '../../../contracts/notifications';
import { STREAM_NOTIFICATIONS_LIMIT } from '../../../contracts/limits';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import type { JobQueue } from '../../platform/jobs/jobs';
import { must } from '../../platform/must';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { wants } from './delivery-rules';
import { notificationLink } from './notification-links';
import { notificationMail } from './notification-mail';
import { presentNotification, presentStreamNotification } from './notifications.presenter';
import * as q from './notifications.queries';
import { mailable, notifiesFor } from './notifications.policy';
import { NOTIFICATIONS_SOURCE, STREAM_NOTIFICATIONS_SOURCE } from './realtime-sources';
import { readUnsubscribeToken } from './unsubscribe-token';
import { isUuid } from '../../../contracts/ids';
import {
  inRecipientLanguages,
  recipientLocales,
  textIn,
  type NotificationText,
} from './notification-text';

// The realtime source name other modules wake after writing notifications in their own SQL,
// and the words such statements write (notification-copy.ts).
export { NOTIFICATIONS_SOURCE };
export { notificationCopy } from './notification-copy';
export { sqlCopy } from './notifications.queries';
export { moneyIn, type NotificationText } from './notification-text';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  /** A `msg` descriptor is written in the recipient's language (notification-text.ts). */
  title: NotificationText;
  message: NotificationText;
  relatedId?: string | null;
  relatedType?: RelatedType | null;
  metadata?: Record<string, unknown>;
  /** One notification per (user, key): a repeated call creates nothing. */
  dedupeKey?: string;
  createdAt?: Date;
}

/**
 * spec §7 create_notification, the one way rows are written. Works inside the caller's
 * transaction; live delivery, push and email follow from the row itself (the realtime hub reads
 * new rows by sequence and starts their dispatch), so nothing is lost if the caller rolls back
 * and nothing is sent twice. Returns how many rows were new.
 */
export async function createNotifications(
  db: DbExecutor,
  rows: NewNotification[],
): Promise<number> {
  if (!rows.length) return 0;
  return q.insertNotifications(db, { rows: await inRecipientLanguages(db, rows) });
}

/**
 * A notification that repeats (a sign-in from the same kind of device) folds into the unread
 * one of its group instead of adding a row each time, so repeats cannot fill the list. Once the
 * person has read it, the next repeat is a new row, and so is pushed and mailed again.
 */
export async function createGroupedNotification(
  db: DbExecutor,
  row: Omit<NewNotification, 'dedupeKey'> & {
    groupKey: string;
    /** The words for a group of `count` (2 and more). */
    repeatedMessage: (count: number) => NotificationText;
    createdAt: Date;
  },
): Promise<void> {
  const { groupKey, repeatedMessage, ...fields } = row;
  const locale = (await recipientLocales(db, [row.userId]))(row.userId);
  const folded = await q.foldIntoUnread(db, {
    userId: row.userId,
    groupKey,
    message: (count) => textIn(locale, repeatedMessage(count)),
    now: row.createdAt,
  });
  if (folded) return;
  await q.insertNotifications(db, {
    rows: [
      {
        ...fields,
        title: textIn(locale, fields.title),
        message: textIn(locale, fields.message),
        metadata: { ...fields.metadata, group_key: groupKey, count: 1 },
      },
    ],
  });
}

export type StreamNotificationType = 'stream_invitation' | 'stream_started' | 'stream_ended';

export interface NewStreamNotification {
  userIds: string[];
  type: StreamNotificationType;
  eventId: string;
  eventTitle: string;
  streamId: string;
  title: NotificationText;
  message: NotificationText;
  createdAt: Date;
}

/**
 * Stream notices: a row in stream_notifications (the unread list of 10 and its
 * realtime frame) plus a regular notification of the same type, so push and email follow the
 * person's settings through the usual dispatch. One per (user, stream, type): a repeat writes
 * nothing. Runs in the caller's transaction; wake both sources after it commits.
 */
export async function createStreamNotifications(
  db: DbExecutor,
  input: NewStreamNotification,
): Promise<number> {
  if (!input.userIds.length) return 0;
  const dedupeKey = `${input.type}:${input.streamId}`;
  const localeOf = await recipientLocales(db, input.userIds);
  const messageOf = (userId: string) => textIn(localeOf(userId), input.message);
  const fresh = await q.insertNotificationsReturningUsers(db, {
    rows: input.userIds.map((userId) => ({
      userId,
      type: input.type,
      title: textIn(localeOf(userId), input.title),
      message: messageOf(userId),
      relatedId: input.eventId,
      relatedType: 'events' as const,
      metadata: { stream_id: input.streamId, event_id: input.eventId },
      dedupeKey,
      createdAt: input.createdAt,
    })),
  });
  if (!fresh.length) return 0;
  await q.insertStreamNotifications(db, {
    rows: fresh.map(({ userId }) => ({
      userId,
      eventId: input.eventId,
      eventTitle: input.eventTitle,
      message: messageOf(userId),
      notificationType: input.type,
      metadata: { stream_id: input.streamId },
      createdAt: input.createdAt,
    })),
  });
  return fresh.length;
}

/** The realtime sources a stream notice writes to (poke them after the commit). */
export const STREAM_NOTICE_SOURCES = [NOTIFICATIONS_SOURCE, STREAM_NOTIFICATIONS_SOURCE] as const;

export interface NotificationDeps {
  db: Database;
  jobs: JobQueue;
  clock: Clock;
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'SESSION_SECRET'>;
  /** Wakes the realtime hub so a row this process wrote goes out at once (from these sources). */
  realtime: { poke(tellOthers?: boolean, sources?: readonly string[]): void };
}

const notFound = () => new AppError('NOT_FOUND', msg`Notification not found`);

export async function listForUser(
  deps: Pick<NotificationDeps, 'db'>,
  user: AuthUser,
  query: z.output<typeof NotificationListQuerySchema>,
) {
  const [page, unreadCount] = await Promise.all([
    q.listNotifications(deps.db, { userId: user.id, ...query }),
    q.countUnread(deps.db, { userId: user.id }),
  ]);
  return { items: page.items.map(presentNotification), nextCursor: page.nextCursor, unreadCount };
}

/** The unread badge: all kinds, or one (`message` for the chat badge). */
export async function unreadCount(
  deps: Pick<NotificationDeps, 'db'>,
  user: AuthUser,
  query: { type?: string },
) {
  return { count: await q.countUnread(deps.db, { userId: user.id, type: query.type }) };
}

export async function markOneRead(
  deps: Pick<NotificationDeps, 'db' | 'realtime'>,
  user: AuthUser,
  id: string,
) {
  if (!isUuid(id)) throw notFound();
  const row = await q.markRead(deps.db, { userId: user.id, id });
  if (!row) throw notFound();
  deps.realtime.poke(true, [NOTIFICATIONS_SOURCE]);
  return presentNotification(row);
}

export async function markAllReadFor(
  deps: Pick<NotificationDeps, 'db' | 'realtime'>,
  user: AuthUser,
  type?: string,
) {
  const updated = await q.markAllRead(deps.db, { userId: user.id, type });
  if (updated) deps.realtime.poke(true, [NOTIFICATIONS_SOURCE]);
  return { updated };
}

/** Admins may notify anyone (support, tests); everyone else only themselves. */
export async function createForUser(
  deps: NotificationDeps,
  actor: AuthUser,
  input: z.output<typeof CreateNotificationInputSchema>,
) {
  if (!notifiesFor(actor, input.userId))
    throw new AppError('FORBIDDEN', msg`You can only create notifications for yourself`);
  // notifications.user_id is not a foreign key (migration 0014), so an admin's unknown id is
  // looked up here: the same answer as any unknown id.
  if (input.userId !== actor.id && !(await q.userExists(deps.db, input.userId)))
    throw new AppError('NOT_FOUND', msg`User not found`);
  const row = await q.insertNotification(deps.db, {
    row: { ...input, relatedId: input.relatedId ?? null, relatedType: input.relatedType ?? null },
  });
  deps.realtime.poke(true, [NOTIFICATIONS_SOURCE]);
  return presentNotification(must(row, 'inserted notification'));
}

/** The settings page's "Test notification": goes through every channel the user has on. */
export async function createTestNotification(deps: NotificationDeps, user: AuthUser) {
  const locale = localeOrSource(user.language);
  return createForUser(deps, user, {
    userId: user.id,
    type: 'test',
    title: textIn(locale, msg`Test notification`),
    message: textIn(
      locale,
      msg`Notifications are working. This is how new activity will reach you.`,
    ),
    relatedId: null,
    relatedType: null,
    metadata: {},
  });
}

export async function getSettingsFor(deps: Pick<NotificationDeps, 'db'>, user: AuthUser) {
  return q.getSettings(deps.db, user.id);
}

export async function updateSettingsFor(
  deps: Pick<NotificationDeps, 'db' | 'clock'>,
  user: AuthUser,
  settings: NotificationSettings,
) {
  if (!isTimeZone(settings.timeZone))
    throw new AppError('VALIDATION_FAILED', msg`Please choose a valid time zone`, {
      fields: [{ field: 'timeZone', message: 'Please choose a valid time zone' }],
    });
  await q.saveSettings(deps.db, { userId: user.id, settings, now: deps.clock.now() });
  return q.getSettings(deps.db, user.id);
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The link in notification mail: turns that group's email off, no sign-in needed. */
export async function unsubscribe(
  deps: Pick<NotificationDeps, 'db' | 'clock' | 'config'>,
  token: string,
) {
  const found = readUnsubscribeToken(deps.config, token);
  if (!found) throw new AppError('NOT_FOUND', NOTIFICATION_MESSAGES.unsubscribeInvalid);
  const settings = await q.getSettings(deps.db, found.userId);
  settings.groups[found.group].email = false;
  await q.saveSettings(deps.db, { userId: found.userId, settings, now: deps.clock.now() });
  return { group: found.group, label: NOTIFICATION_GROUP_LABELS[found.group] };
}

/** spec §7 send-notification-email, honouring the recipient's email setting for the type. */
export async function sendNotificationEmail(
  deps: NotificationDeps,
  actor: AuthUser,
  input: z.output<typeof SendNotificationEmailInputSchema>,
) {
  if (!notifiesFor(actor, input.user_id))
    throw new AppError('FORBIDDEN', msg`You can only email yourself`);
  const recipient = (await q.recipientsByIds(deps.db, [input.user_id])).get(input.user_id);
  if (!recipient) throw new AppError('NOT_FOUND', msg`User not found`);
  const settings = await q.getSettings(deps.db, input.user_id);
  if (
    !mailable(recipient) ||
    !wants(settings, 'email', { type: input.notification_type }, deps.clock.now())
  )
    return { queued: false };
  const link = notificationLink({
    type: input.notification_type,
    relatedId: input.related_id ?? null,
    relatedType: null,
    metadata: input.metadata,
  });
  await enqueueMail(
    deps.jobs,
    notificationMail(deps.config, {
      to: recipient.email,
      name: recipient.name,
      locale: localeOrSource(recipient.language),
      notification: {
        userId: input.user_id,
        type: input.notification_type,
        title: input.notification_title,
        message: input.notification_message,
        link,
      },
    }),
  );
  return { queued: true };
}

export async function subscribePush(
  deps: Pick<NotificationDeps, 'db'>,
  user: AuthUser,
  input: PushSubscriptionInput,
) {
  await q.upsertPushSubscription(deps.db, {
    userId: user.id,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
  });
}

export async function unsubscribePush(
  deps: Pick<NotificationDeps, 'db'>,
  user: AuthUser,
  endpoint: string,
) {
  await q.deletePushSubscription(deps.db, { userId: user.id, endpoint });
}

export async function listPushFor(deps: Pick<NotificationDeps, 'db'>, user: AuthUser) {
  const rows = await q.listPushSubscriptions(deps.db, [user.id]);
  return {
    subscriptions: rows.map((r) => ({
      endpoint: r.endpoint,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

export async function listStreamFor(deps: Pick<NotificationDeps, 'db'>, user: AuthUser) {
  const rows = await q.listUnreadStreamNotifications(deps.db, {
    userId: user.id,
    limit: STREAM_NOTIFICATIONS_LIMIT,
  });
  return { items: rows.map(presentStreamNotification) };
}

export async function markStreamRead(
  deps: Pick<NotificationDeps, 'db' | 'realtime'>,
  user: AuthUser,
  id: string,
) {
  if (!isUuid(id)) throw notFound();
  const row = await q.markStreamNotificationRead(deps.db, { userId: user.id, id });
  if (!row) throw notFound();
  deps.realtime.poke(true, [STREAM_NOTIFICATIONS_SOURCE]);
  return presentStreamNotification(row);
}
