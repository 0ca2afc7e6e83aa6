import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import {
  DiaryEntryInputSchema,
  DiaryFeedSchema,
  DiaryResponseSchema,
} from '../../../contracts/diary';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { readUploadedFile } from '../../platform/http/uploads';
import type { ModuleContext } from '../module';
import {
  addPhoto,
  createFeed,
  deleteEntry,
  feedCalendar,
  getFeed,
  listDiary,
  myCalendar,
  revokeFeed,
  saveEntry,
} from './diary.service';
import { errorResponses } from '../../platform/http/error-responses';
import { idParams } from '../../../contracts/ids';

const errors = errorResponses(400, 401, 404, 409);
const EntryParams = idParams('Diary entry not found');

export const diaryRoutes =
  (deps: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Everything here is the signed-in person's own diary; nothing is public or shared. The
    // one exception is the calendar feed, whose unguessable secret in the URL is the access.
    const own = { onRequest: requireAuth };

    app.get(
      '/',
      {
        ...own,
        schema: {
          tags: ['diary'],
          summary: 'My diary: events I hold tickets for, with my notes, mood, rating and photos',
          response: { 200: DiaryResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ items: await listDiary(deps, { actor: await currentUser(request) }) }),
    );

    app.get(
      '/export.json',
      {
        ...own,
        schema: {
          tags: ['diary'],
          summary: 'Download my diary as JSON',
          response: { 200: DiaryResponseSchema, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        const items = await listDiary(deps, { actor: await currentUser(request) });
        reply.header('content-disposition', 'attachment; filename="my-event-diary.json"');
        return { items };
      },
    );

    app.put(
      '/events/:eventId',
      {
        ...own,
        schema: {
          tags: ['diary'],
          summary: 'Write my entry for an event I hold a ticket for',
          params: z.object({ eventId: z.uuid({ error: 'Event not found' }) }),
          body: DiaryEntryInputSchema,
          response: { 200: z.object({ id: z.uuid() }), ...errors },
        },
      },
      async (request) => {
        const actor = await currentUser(request);
        const row = await saveEntry(deps, {
          actor,
          eventId: request.params.eventId,
          input: request.body,
        });
        return { id: row.id };
      },
    );

    app.post(
      '/entries/:id/photos',
      {
        ...own,
        schema: {
          tags: ['diary'],
          summary: 'Add a photo to my entry (multipart field "photo")',
          params: EntryParams,
          consumes: ['multipart/form-data'],
          response: {
            201: z.object({ id: z.uuid(), url: z.string() }),
            ...errors,
            ...errorResponses(413),
          },
        },
      },
      async (request, reply) => {
        const actor = await currentUser(request);
        const data = await readUploadedFile(request, {
          field: 'photo',
          maxBytes: 10 * 1024 * 1024,
          missingMessage: 'Please choose a photo to upload',
          tooLargeMessage: 'Photos must be 10 MB or smaller',
        });
        return reply
          .status(201)
          .send(await addPhoto(deps, { actor, entryId: request.params.id, data }));
      },
    );

    app.delete(
      '/entries/:id',
      {
        ...own,
        schema: {
          tags: ['diary'],
          summary: 'Delete my entry and its photos',
          params: EntryParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await deleteEntry(deps, { actor: await currentUser(request), id: request.params.id });
        return { ok: true as const };
      },
    );

    const calendarHeaders = (reply: FastifyReply, filename: string) =>
      reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store');

    app.get(
      '/calendar.ics',
      {
        ...own,
        schema: {
          tags: ['diary'],
          summary: 'Download my diary’s events as a calendar file (.ics)',
          response: { 200: z.string(), ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        const ics = await myCalendar(deps, { actor: await currentUser(request) });
        return calendarHeaders(reply, 'my-events.ics').send(ics);
      },
    );

    app.get(
      '/feed',
      {
        ...own,
        schema: {
          tags: ['diary'],
          summary: 'Whether my private calendar feed is on',
          response: { 200: DiaryFeedSchema, ...errorResponses(401) },
        },
      },
      async (request) => getFeed(deps, { actor: await currentUser(request) }),
    );

    app.post(
      '/feed',
      {
        ...own,
        schema: {
          tags: ['diary'],
          summary: 'Create a new private calendar feed URL (any earlier one stops working)',
          response: { 201: DiaryFeedSchema, ...errorResponses(401) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createFeed(deps, { actor: await currentUser(request) })),
    );

    app.delete(
      '/feed',
      {
        ...own,
        schema: {
          tags: ['diary'],
          summary: 'Turn my private calendar feed off (its URL answers 404 from now on)',
          response: { 200: OkSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        await revokeFeed(deps, { actor: await currentUser(request) });
        return { ok: true as const };
      },
    );

    app.get(
      '/feed/:token/diary.ics',
      {
        schema: {
          tags: ['diary'],
          summary: 'A private calendar feed (the secret in the URL is the access)',
          params: z.object({ token: z.string().max(100) }),
          response: { 200: z.string(), ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
        const ics = await feedCalendar(deps, { token: request.params.token });
        return calendarHeaders(reply, 'my-events.ics').send(ics);
      },
    );
  };
