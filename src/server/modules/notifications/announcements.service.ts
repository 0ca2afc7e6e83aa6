import { msg } from '@lingui/core/macro';
import { localeOrSource } from '../../../contracts/locales';
import type { z } from 'zod';
import {
  ANNOUNCEMENTS_PER_HOUR,
  type AnnouncementInputSchema,
} from '../../../contracts/notifications';
import { truncateText } from '../../../contracts/text';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { jobsIn } from '../../platform/jobs/in-transaction';
import { BULK_PRIORITY, enqueueBulkMail } from '../../platform/mail/mail-jobs';
import { lockManagedEvent } from '../events/events.service';
import { requireFeature } from '../entitlements/entitlements.service';
import { wants } from './delivery-rules';
import { PUSH_QUEUE, pushJobsFor } from './dispatch';
import { announcementMail } from './notification-mail';
import { mailable } from './notifications.policy';
import * as q from './notifications.queries';
import type { NotificationDeps } from './notifications.service';

type Announcement = z.output<typeof AnnouncementInputSchema>;

const FORBIDDEN = 'Only the event creator can message its attendees';
const HOUR_MS = 60 * 60 * 1000;

/** The push message of an announcement (preview and send use the same words). */
function announcementPush(event: { id: string; title: string }, input: Announcement) {
  return {
    title: `${event.title}: ${input.subject}`,
    body: truncateText(input.message, 300),
    url: `/event/${event.id}`,
    tag: `announcement-${event.id}`,
  };
}

/** What the attendees would receive, and how many they are, before sending. */
export async function previewAnnouncement(
  deps: Pick<NotificationDeps, 'db' | 'config'>,
  actor: AuthUser,
  params: { eventId: string; input: Announcement },
) {
  const event = await lockManagedEvent(
    deps.db,
    { eventId: params.eventId, actor },
    { lock: false, forbidden: FORBIDDEN, permission: 'announcements' },
  );
  const recipients = await q.listAttendeeIds(deps.db, { eventId: event.id });
  const mail = announcementMail(deps.config, {
    to: 'attendee@example.com',
    name: 'Alex',
    userId: actor.id,
    subject: params.input.subject,
    message: params.input.message,
    eventTitle: event.title,
    eventId: event.id,
  });
  const push = announcementPush(event, params.input);
  return {
    recipients: recipients.length,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    push: { title: push.title, body: push.body },
  };
}

/**
 * spec §7 send-event-notification: push and/or email to every attendee, each by their own
 * settings for organizers' announcements. One transaction: the rate limit count, the record and
 * every queued job commit together (the event row lock serialises two sends of one event).
 */
export async function sendAnnouncement(
  deps: NotificationDeps,
  actor: AuthUser,
  params: { eventId: string; input: Announcement },
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const event = await lockManagedEvent(
      tx,
      { eventId: params.eventId, actor },
      { forbidden: FORBIDDEN, permission: 'announcements', action: 'announcement.send' },
    );
    // spec §6 plan gating: messaging the attendees needs the organizer's plan to include
    // messaging (decision 021), whoever presses send (an admin sends on the organizer's plan).
    await requireFeature(tx, { userId: event.userId, feature: 'messaging' });
    const recent = await q.countAnnouncementsSince(tx, {
      eventId: event.id,
      since: new Date(now.getTime() - HOUR_MS),
    });
    if (recent >= ANNOUNCEMENTS_PER_HOUR)
      throw new AppError(
        'RATE_LIMITED',
        msg`You can send ${ANNOUNCEMENTS_PER_HOUR} messages per event per hour. Please try again later.`,
      );

    const userIds = await q.listAttendeeIds(tx, { eventId: event.id });
    const settings = await q.settingsForUsers(tx, userIds);
    const people = await q.recipientsByIds(tx, userIds);
    const { input } = params;

    const mails = input.sendEmailNotification
      ? userIds.flatMap((userId) => {
          const person = people.get(userId);
          const s = settings.get(userId);
          if (!mailable(person) || !s || !wants(s, 'email', { group: 'events' }, now)) return [];
          return [
            announcementMail(deps.config, {
              to: person.email,
              name: person.name,
              locale: localeOrSource(person.language),
              userId,
              subject: input.subject,
              message: input.message,
              eventTitle: event.title,
              eventId: event.id,
            }),
          ];
        })
      : [];
    const pushUsers = input.sendPushNotification
      ? userIds.filter((userId) => {
          const s = settings.get(userId);
          return s && wants(s, 'push', { group: 'events' }, now);
        })
      : [];
    const pushes = await pushJobsFor(
      tx,
      pushUsers.map((userId) => ({
        userId,
        payload: announcementPush(event, input),
      })),
    );

    await q.insertAnnouncement(tx, {
      eventId: event.id,
      senderId: actor.id,
      subject: input.subject,
      message: input.message,
      sendPush: input.sendPushNotification,
      sendEmail: input.sendEmailNotification,
      recipients: userIds.length,
      createdAt: now,
    });
    const db = jobsIn(tx);
    // The bulk mail lane, paced at MAIL_BULK_RATE: thousands of attendees never delay a reset.
    await enqueueBulkMail(deps.jobs, mails, { priority: BULK_PRIORITY.announcement, db });
    if (pushes.length) await deps.jobs.insert(PUSH_QUEUE, pushes, { db });
    return {
      recipients: userIds.length,
      emailed: mails.length,
      pushed: new Set(pushes.map((p) => p.data?.userId)).size,
    };
  });
}
