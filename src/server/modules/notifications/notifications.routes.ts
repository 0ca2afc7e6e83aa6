import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AnnouncementInputSchema,
  AnnouncementPreviewSchema,
  AnnouncementResultSchema,
  CreateNotificationInputSchema,
  MarkAllReadInputSchema,
  MarkAllReadSchema,
  NotificationListQuerySchema,
  NotificationListSchema,
  NotificationSchema,
  NotificationSettingsSchema,
  PushSubscriptionInputSchema,
  PushSubscriptionListSchema,
  PushUnsubscribeInputSchema,
  SendNotificationEmailInputSchema,
  SendNotificationEmailSchema,
  StreamNotificationListSchema,
  StreamNotificationSchema,
  UnreadCountQuerySchema,
  UnreadCountSchema,
  UnsubscribeInputSchema,
  UnsubscribeSchema,
  VapidKeySchema,
} from '../../../contracts/notifications';
import type { AppDeps } from '../../app-deps';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { rateLimit } from '../../platform/http/rate-limits';
import { previewAnnouncement, sendAnnouncement } from './announcements.service';
import * as service from './notifications.service';
import type { NotificationDeps } from './notifications.service';
import { errorResponses } from '../../platform/http/error-responses';
import { idParams } from '../../../contracts/ids';

const IdParams = z.object({ id: z.string().max(64) });
const errors = errorResponses(401, 403, 404);
const NoContent = z.null().describe('No content');

/** spec §7 notification calls, rpc equivalents, push subscriptions and announcements. */
export const notificationRoutes =
  (deps: NotificationDeps & Pick<AppDeps, 'config'>): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = { preHandler: requireAuth };
    const tags = ['notifications'];

    app.get(
      '/notifications',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Your notifications, newest first (cursor pages), with the unread count',
          querystring: NotificationListQuerySchema,
          response: { 200: NotificationListSchema, ...errors },
        },
      },
      async (request) => service.listForUser(deps, await currentUser(request), request.query),
    );

    app.get(
      '/notifications/unread-count',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'How many are unread (type=message: the chat badge)',
          querystring: UnreadCountQuerySchema,
          response: { 200: UnreadCountSchema, ...errors },
        },
      },
      async (request) => service.unreadCount(deps, await currentUser(request), request.query),
    );

    app.post(
      '/notifications',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'create_notification: admins for anyone, others for themselves',
          body: CreateNotificationInputSchema,
          response: { 201: NotificationSchema, ...errorResponses(400), ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.createForUser(deps, await currentUser(request), request.body)),
    );

    app.post(
      '/notifications/test',
      {
        ...signedIn,
        config: rateLimit('selfNotify', deps.config),
        schema: {
          tags,
          summary: 'Send yourself a test notification through every channel you have on',
          response: { 201: NotificationSchema, ...errorResponses(429), ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.createTestNotification(deps, await currentUser(request))),
    );

    app.post(
      '/notifications/read-all',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'mark_all_notifications_read (optionally one type)',
          body: MarkAllReadInputSchema.nullish(),
          response: { 200: MarkAllReadSchema, ...errors },
        },
      },
      async (request) =>
        service.markAllReadFor(deps, await currentUser(request), request.body?.type),
    );

    app.post(
      '/notifications/:id/read',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'mark_notification_read (404 unless it is yours)',
          params: IdParams,
          response: { 200: NotificationSchema, ...errors },
        },
      },
      async (request) => service.markOneRead(deps, await currentUser(request), request.params.id),
    );

    app.get(
      '/notifications/settings',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Your delivery settings',
          response: { 200: NotificationSettingsSchema, ...errors },
        },
      },
      async (request) => service.getSettingsFor(deps, await currentUser(request)),
    );

    app.put(
      '/notifications/settings',
      {
        ...signedIn,
        schema: {
          tags,
          summary:
            'Save your delivery settings (per group: in-app, email, push; quiet hours; sound)',
          body: NotificationSettingsSchema,
          response: { 200: NotificationSettingsSchema, ...errorResponses(400), ...errors },
        },
      },
      async (request) => service.updateSettingsFor(deps, await currentUser(request), request.body),
    );

    app.post(
      '/notifications/unsubscribe',
      {
        config: rateLimit('unsubscribe', deps.config),
        schema: {
          tags,
          summary: "An email's unsubscribe link: turns that group's email off (no sign-in)",
          body: UnsubscribeInputSchema,
          response: { 200: UnsubscribeSchema, ...errorResponses(404, 429) },
        },
      },
      async (request) => service.unsubscribe(deps, request.body.token),
    );

    app.post(
      '/notifications/email',
      {
        ...signedIn,
        config: rateLimit('selfNotify', deps.config),
        schema: {
          tags,
          summary:
            'send-notification-email: to yourself, or anyone as an admin; honours their settings',
          body: SendNotificationEmailInputSchema,
          response: {
            202: SendNotificationEmailSchema,
            ...errorResponses(400, 429),
            ...errors,
          },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(
            await service.sendNotificationEmail(deps, await currentUser(request), request.body),
          ),
    );

    app.get(
      '/push/public-key',
      {
        schema: {
          tags,
          summary: 'The VAPID public key browsers subscribe with',
          response: { 200: VapidKeySchema },
        },
      },
      async () => ({ key: deps.config.VAPID_PUBLIC_KEY ?? '' }),
    );

    app.get(
      '/push/subscriptions',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Your push subscriptions',
          response: { 200: PushSubscriptionListSchema, ...errors },
        },
      },
      async (request) => service.listPushFor(deps, await currentUser(request)),
    );

    app.post(
      '/push/subscriptions',
      {
        ...signedIn,
        config: rateLimit('pushSubscribe', deps.config),
        schema: {
          tags,
          summary: 'Save this browser’s push subscription (upsert on user and endpoint)',
          body: PushSubscriptionInputSchema,
          response: { 204: NoContent, ...errorResponses(400, 429), ...errors },
        },
      },
      async (request, reply) => {
        await service.subscribePush(deps, await currentUser(request), request.body);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/push/subscriptions',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Forget this browser’s push subscription',
          body: PushUnsubscribeInputSchema,
          response: { 204: NoContent, ...errors },
        },
      },
      async (request, reply) => {
        await service.unsubscribePush(deps, await currentUser(request), request.body.endpoint);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/stream-notifications',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Unread stream notifications, newest first (at most 10)',
          response: { 200: StreamNotificationListSchema, ...errors },
        },
      },
      async (request) => service.listStreamFor(deps, await currentUser(request)),
    );

    app.post(
      '/stream-notifications/:id/read',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Dismiss a stream notification',
          params: IdParams,
          response: { 200: StreamNotificationSchema, ...errors },
        },
      },
      async (request) =>
        service.markStreamRead(deps, await currentUser(request), request.params.id),
    );

    const EventParams = idParams();
    app.post(
      '/events/:id/announcements/preview',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Preview an announcement to the attendees and count them (owner or admin)',
          params: EventParams,
          body: AnnouncementInputSchema,
          response: { 200: AnnouncementPreviewSchema, ...errorResponses(400), ...errors },
        },
      },
      async (request) =>
        previewAnnouncement(deps, await currentUser(request), {
          eventId: request.params.id,
          input: request.body,
        }),
    );

    app.post(
      '/events/:id/announcements',
      {
        ...signedIn,
        schema: {
          tags,
          summary:
            'send-event-notification: push and/or email every attendee (owner or admin, 5 per hour)',
          params: EventParams,
          body: AnnouncementInputSchema,
          response: {
            201: AnnouncementResultSchema,
            ...errorResponses(400, 429),
            ...errors,
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await sendAnnouncement(deps, await currentUser(request), {
            eventId: request.params.id,
            input: request.body,
          }),
        ),
    );
  };
