import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BlockedUserSchema,
  ChatDetailSchema,
  ChatListQuerySchema,
  ChatListSchema,
  EventChatStatusSchema,
  MESSAGE_IMAGE_MAX_BYTES,
  MESSAGING_MESSAGES,
  MessagePageQuerySchema,
  MessagePageSchema,
  MessageSchema,
  OpenChatSchema,
  PinMessageSchema,
  SendMessageSchema,
} from '../../../contracts/messaging';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { readUploadedFile } from '../../platform/http/uploads';
import { requestedOwner } from '../teams/teams.service';
import { chatActor } from './booking-chat-team';
import * as service from './messaging.service';
import type { MessagingDeps } from './messaging.service';
import { errorResponses } from '../../platform/http/error-responses';

const ChatParams = z.object({ id: z.string().max(64) });
const MessageParams = ChatParams.extend({ messageId: z.string().max(64) });
const UserParams = z.object({ userId: z.string().max(64) });
const EventParams = z.object({ eventId: z.string().max(64) });
const errors = errorResponses(400, 401, 403, 404);
const NoContent = z.null().describe('No content');

/** Issue #8: direct messages, event group chats, booking chats, blocks (spec §2, §3, §7, §8). */
export const messagingRoutes =
  (deps: MessagingDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = { preHandler: requireAuth };
    const tags = ['messaging'];

    app.get(
      '/chats',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Your conversations, most recent activity first, with unread counts',
          querystring: ChatListQuerySchema,
          response: { 200: ChatListSchema, ...errors },
        },
      },
      async (request) => {
        const me = await currentUser(request);
        return service.listChats(deps, me, request.query, requestedOwner(request, me));
      },
    );

    app.post(
      '/chats/open',
      {
        ...signedIn,
        schema: {
          tags,
          summary:
            'Open a chat you are in, or your direct chat with a person (created once per pair)',
          body: OpenChatSchema,
          response: { 200: ChatDetailSchema, ...errors },
        },
      },
      async (request) =>
        service.openChat(
          deps,
          (await chatActor(deps.db, request, request.body.ref)).user,
          request.body.ref,
        ),
    );

    app.get(
      '/chats/:id',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'A conversation: people, read receipts, pinned message, booking context',
          params: ChatParams,
          response: { 200: ChatDetailSchema, ...errors },
        },
      },
      async (request) =>
        service.chatDetail(
          deps,
          (await chatActor(deps.db, request, request.params.id)).user,
          request.params.id,
        ),
    );

    app.get(
      '/chats/:id/messages',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'History, newest first; `before` pages to older messages',
          params: ChatParams,
          querystring: MessagePageQuerySchema,
          response: { 200: MessagePageSchema, ...errors },
        },
      },
      // The page arrives as JSON text built by PostgreSQL (its shape is tested against the
      // schema above); a string with a JSON type is sent as it is.
      async (request, reply) => {
        const { user } = await chatActor(deps.db, request, request.params.id);
        const json = await service.history(deps, user, request.params.id, request.query);
        return reply.type('application/json; charset=utf-8').send(json as never);
      },
    );

    app.post(
      '/chats/:id/messages',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Send a message (the same clientId again returns the first one)',
          params: ChatParams,
          body: SendMessageSchema,
          response: { 200: MessageSchema, 201: MessageSchema, ...errorResponses(429), ...errors },
        },
      },
      async (request, reply) => {
        const { user, writtenBy } = await chatActor(
          deps.db,
          request,
          request.params.id,
          'booking.message',
        );
        const result = await service.sendMessage(deps, user, request.params.id, request.body, {
          writtenBy,
        });
        return reply.code(result.created ? 201 : 200).send(result.message);
      },
    );

    app.post(
      '/chats/:id/attachments',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Upload an image to send (multipart field "image"; 8 MB at most; resized)',
          consumes: ['multipart/form-data'],
          params: ChatParams,
          response: {
            200: z.object({
              imageKey: z.string(),
              url: z.string(),
              width: z.number(),
              height: z.number(),
            }),
            ...errorResponses(413),
            ...errors,
          },
        },
      },
      async (request) => {
        const { user } = await chatActor(deps.db, request, request.params.id);
        const data = await readUploadedFile(request, {
          field: 'image',
          maxBytes: MESSAGE_IMAGE_MAX_BYTES,
          missingMessage: MESSAGING_MESSAGES.imageInvalid,
          tooLargeMessage: MESSAGING_MESSAGES.imageTooLarge,
        });
        return service.uploadImage(deps, user, request.params.id, data);
      },
    );

    app.post(
      '/chats/:id/read',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Mark the conversation read (and its message notifications)',
          params: ChatParams,
          response: { 200: z.object({ readAt: z.string() }), ...errors },
        },
      },
      // A member answering an organizer's booking chats reads it for the account, like a
      // shared inbox.
      async (request) =>
        service.markRead(
          deps,
          (await chatActor(deps.db, request, request.params.id)).user,
          request.params.id,
        ),
    );

    app.post(
      '/chats/:id/typing',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Tell the others you are typing',
          params: ChatParams,
          response: { 204: NoContent, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await chatActor(deps.db, request, request.params.id);
        await service.typing(deps, user, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/chats/:id/messages/:messageId',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Remove a message (your own, or any in a group chat you organize)',
          params: MessageParams,
          response: { 200: MessageSchema, ...errors },
        },
      },
      async (request) =>
        service.deleteMessage(deps, await currentUser(request), {
          chatId: request.params.id,
          messageId: request.params.messageId,
        }),
    );

    app.put(
      '/chats/:id/pin',
      {
        ...signedIn,
        schema: {
          tags,
          summary: "Pin an announcement in an event's group chat (organizer), or unpin with null",
          params: ChatParams,
          body: PinMessageSchema,
          response: { 200: ChatDetailSchema, ...errors },
        },
      },
      async (request) =>
        service.pinMessage(deps, await currentUser(request), {
          chatId: request.params.id,
          messageId: request.body.messageId,
        }),
    );

    app.get(
      '/events/:eventId/chat',
      {
        schema: {
          tags,
          summary: "Whether you may enter the event's group chat, and if not why",
          params: EventParams,
          response: { 200: EventChatStatusSchema, ...errors },
        },
      },
      async (request) =>
        service.eventChatStatus(deps, await request.getUser(), request.params.eventId),
    );

    app.post(
      '/events/:eventId/chat/join',
      {
        ...signedIn,
        schema: {
          tags,
          summary: "Enter the event's group chat (organizer, ticket holders, vendors with access)",
          params: EventParams,
          response: { 200: ChatDetailSchema, ...errors },
        },
      },
      async (request) =>
        service.enterEventChat(deps, await currentUser(request), request.params.eventId),
    );

    app.get(
      '/blocks',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'People you blocked',
          response: { 200: z.object({ items: z.array(BlockedUserSchema) }), ...errors },
        },
      },
      async (request) => ({ items: await service.blockedPeople(deps, await currentUser(request)) }),
    );

    app.put(
      '/blocks/:userId',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Block a person: they can no longer message you',
          params: UserParams,
          response: { 204: NoContent, ...errors },
        },
      },
      async (request, reply) => {
        await service.blockPerson(deps, await currentUser(request), request.params.userId);
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/blocks/:userId',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Unblock a person',
          params: UserParams,
          response: { 204: NoContent, ...errors },
        },
      },
      async (request, reply) => {
        await service.unblockPerson(deps, await currentUser(request), request.params.userId);
        return reply.code(204).send(null);
      },
    );
  };
