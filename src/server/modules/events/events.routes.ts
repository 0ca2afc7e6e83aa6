import { msg } from '@lingui/core/macro';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import {
  CategoryListSchema,
  CreateEventInputSchema,
  EventDetailSchema,
  EventListQuerySchema,
  EventListResponseSchema,
  EventSchema,
  FeaturedEventSchema,
  MyEventsResponseSchema,
  OwnedEventSchema,
  MyTimelineSchema,
  SeriesInputSchema,
  SuggestionListSchema,
  UpdateEventInputSchema,
} from '../../../contracts/events';
import type { AppDeps } from '../../app-deps';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { createResponseCache } from '../../platform/http/response-cache';
import { readUploadedFile } from '../../platform/http/uploads';
import { eventToIcs } from './calendar';
import { presentEvent, presentEventFor, presentOwnedEvent } from './events.presenter';
import {
  cancelEvent,
  createEvent,
  createExpiryRunner,
  createSeries,
  deleteEvent,
  getEvent,
  getFeaturedEvent,
  getMyTimeline,
  listCategories,
  listEvents,
  listMyEvents,
  publishEvent,
  setCoverImage,
  suggest,
  updateEvent,
} from './events.service';
import { errorResponses } from '../../platform/http/error-responses';
import { DuplicateEventInputSchema } from '../../../contracts/duplication';
import { duplicateEvent } from './event-duplication';
import { idParams } from '../../../contracts/ids';
import { actorFor, switchedView } from '../teams/teams.service';

const COVER_MAX_BYTES = 10 * 1024 * 1024;
const errors = errorResponses(400, 401, 403, 404, 409);
const IdParams = idParams('Event not found');
// The upload helper takes English; the error handler reads it in the request's language.
const UPLOAD_TEXT = {
  missing: msg`Please choose an image to upload`,
  tooLarge: msg`Images must be 10 MB or smaller`,
};

export const eventRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const expireEvents = createExpiryRunner(deps);
    // Public lists are the same for every visitor: serialized once a second at most, and
    // dropped as soon as an event changes through this instance.
    const publicCache = createResponseCache({ ttlMs: 1000, clock: deps.clock });
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && reply.statusCode < 400) publicCache.clear();
    });
    const cachedJson = async (
      key: string,
      reply: FastifyReply,
      compute: () => Promise<unknown>,
    ) => {
      const body = await publicCache.get(key, async () => {
        await expireEvents();
        return JSON.stringify(await compute());
      });
      return reply.type('application/json; charset=utf-8').send(body);
    };

    app.get(
      '/events',
      {
        schema: {
          tags: ['events'],
          summary:
            'Upcoming public events, newest first (spec §7 filters; cursor pagination; `search` ranks by relevance)',
          querystring: EventListQuerySchema,
          response: { 200: EventListResponseSchema, ...errorResponses(400) },
        },
      },
      async (request, reply) =>
        cachedJson(request.url, reply, async () => {
          const { rows, nextCursor } = await listEvents(deps, request.query);
          return EventListResponseSchema.parse({ events: rows.map(presentEvent), nextCursor });
        }),
    );

    app.get(
      '/events/search',
      {
        schema: {
          tags: ['events'],
          summary: 'Search results with highlighted description fragments',
          querystring: EventListQuerySchema.extend({ q: z.string().trim().max(200).default('') }),
          response: {
            200: z.object({
              events: z.array(EventSchema.extend({ headline: z.string() })),
              nextCursor: z.string().nullable(),
            }),
          },
        },
      },
      async (request) => {
        const { q, ...filters } = request.query;
        // A blank search does nothing (spec §2): no results, never the unfiltered list.
        if (!q) return { events: [], nextCursor: null };
        await expireEvents();
        const { rows, nextCursor } = await listEvents(deps, { ...filters, search: q });
        return {
          events: rows.map((row) => ({
            ...presentEvent(row),
            headline: 'headline' in row ? String(row.headline) : '',
          })),
          nextCursor,
        };
      },
    );

    app.get(
      '/events/suggest',
      {
        schema: {
          tags: ['events'],
          summary: 'Title suggestions for the header search box',
          querystring: z.object({ q: z.string().max(200).default('') }),
          response: { 200: SuggestionListSchema },
        },
      },
      async (request) => ({ suggestions: await suggest(deps, request.query) }),
    );

    app.get(
      '/events/featured',
      {
        schema: {
          tags: ['events'],
          summary: 'spec §7 featured event: the newest listed event',
          response: { 200: FeaturedEventSchema },
        },
      },
      async (request, reply) =>
        cachedJson(request.url, reply, async () => {
          const event = await getFeaturedEvent(deps);
          return { event: event ? presentEvent(event) : null };
        }),
    );

    app.get(
      '/events/mine',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['events'],
          summary:
            "My events in every state, with counters (switched to a team: the owner's events in the member's scope)",
          response: { 200: MyEventsResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        const actor = await currentUser(request);
        const team = await switchedView(deps.db, request, actor);
        return { events: (await listMyEvents(deps, { actor, team })).map(presentOwnedEvent) };
      },
    );

    app.get(
      '/events/:id',
      {
        schema: {
          tags: ['events'],
          summary:
            'One event (drafts and private events only for the owner, admins, or the secret link)',
          params: IdParams,
          querystring: z.object({ access: z.string().max(100).optional() }),
          response: { 200: EventDetailSchema, ...errors },
        },
      },
      async (request) => {
        const actor = await request.getUser();
        const event = await getEvent(deps, {
          id: request.params.id,
          actor,
          accessToken: request.query.access,
        });
        return presentEventFor(actor, event);
      },
    );

    app.get(
      '/events/:id/calendar.ics',
      {
        schema: {
          tags: ['events'],
          summary: 'Add to calendar (.ics)',
          params: IdParams,
          querystring: z.object({ access: z.string().max(100).optional() }),
        },
      },
      async (request, reply) => {
        const event = presentEvent(
          await getEvent(deps, {
            id: request.params.id,
            actor: await request.getUser(),
            accessToken: request.query.access,
          }),
        );
        const ics = eventToIcs(event, {
          url: `${deps.config.PUBLIC_URL}/event/${event.id}`,
          now: deps.clock.now(),
          productName: deps.config.APP_NAME,
        });
        return reply
          .type('text/calendar; charset=utf-8')
          .header('content-disposition', `attachment; filename="event-${event.id}.ics"`)
          .send(ics);
      },
    );

    app.post(
      '/events',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['events'],
          summary: 'Create an event (a draft)',
          body: CreateEventInputSchema,
          response: { 201: OwnedEventSchema, ...errors },
        },
      },
      async (request, reply) => {
        // Switched to a team, a manager over all the owner's events creates it for the owner.
        const event = await createEvent(deps, {
          actor: await actorFor(deps.db, request, {
            permission: 'event.edit',
            action: 'event.create',
          }),
          input: request.body,
        });
        return reply.status(201).send(presentOwnedEvent(event));
      },
    );

    app.patch(
      '/events/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['events'],
          summary: 'Edit an event (owner or admin)',
          params: IdParams,
          body: UpdateEventInputSchema,
          response: { 200: OwnedEventSchema, ...errors },
        },
      },
      async (request) =>
        presentOwnedEvent(
          await updateEvent(deps, {
            id: request.params.id,
            actor: await currentUser(request),
            input: request.body,
          }),
        ),
    );

    app.post(
      '/events/:id/publish',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['events'],
          summary: 'Publish a draft',
          params: IdParams,
          response: { 200: OwnedEventSchema, ...errors },
        },
      },
      async (request) =>
        presentOwnedEvent(
          await publishEvent(deps, { id: request.params.id, actor: await currentUser(request) }),
        ),
    );

    app.post(
      '/events/:id/cancel',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['events'],
          summary: 'Cancel an event',
          params: IdParams,
          response: { 200: OwnedEventSchema, ...errors },
        },
      },
      async (request) =>
        presentOwnedEvent(
          await cancelEvent(deps, { id: request.params.id, actor: await currentUser(request) }),
        ),
    );

    app.delete(
      '/events/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['events'],
          summary: 'Delete an event without registrations (owner or admin)',
          params: IdParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await deleteEvent(deps, { id: request.params.id, actor: await currentUser(request) });
        return { ok: true as const };
      },
    );

    app.post(
      '/events/:id/cover',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['events'],
          summary:
            'Upload a cover image (multipart field "cover"; 16:9 WebP in 400, 800 and 1600 px)',
          params: IdParams,
          consumes: ['multipart/form-data'],
          response: { 200: OwnedEventSchema, ...errors, ...errorResponses(413) },
        },
      },
      async (request) => {
        const actor = await currentUser(request);
        const data = await readUploadedFile(request, {
          field: 'cover',
          maxBytes: COVER_MAX_BYTES,
          missingMessage: UPLOAD_TEXT.missing.message ?? '',
          tooLargeMessage: UPLOAD_TEXT.tooLarge.message ?? '',
        });
        return presentOwnedEvent(await setCoverImage(deps, { id: request.params.id, actor, data }));
      },
    );

    app.post(
      '/events/:id/series',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['events'],
          summary: 'Repeat an event weekly or monthly (dated drafts at the same local time)',
          params: IdParams,
          body: SeriesInputSchema,
          response: { 201: z.object({ events: z.array(OwnedEventSchema) }), ...errors },
        },
      },
      async (request, reply) => {
        const created = await createSeries(deps, {
          id: request.params.id,
          actor: await currentUser(request),
          input: request.body,
        });
        return reply.status(201).send({ events: created.map(presentOwnedEvent) });
      },
    );

    app.post(
      '/events/:id/duplicate',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['events'],
          summary:
            'Copy an event as a draft with new dates (ticket types, codes, settings; no sales)',
          params: IdParams,
          body: DuplicateEventInputSchema,
          response: { 201: OwnedEventSchema, ...errors },
        },
      },
      async (request, reply) => {
        const created = await duplicateEvent(deps, {
          id: request.params.id,
          actor: await currentUser(request),
          input: request.body,
        });
        return reply.status(201).send(presentOwnedEvent(created));
      },
    );

    app.get(
      '/me/events',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['events'],
          summary: 'My upcoming and past events: created by me or by organizers I follow',
          response: { 200: MyTimelineSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        const { upcoming, past } = await getMyTimeline(deps, { actor: await currentUser(request) });
        return { upcoming: upcoming.map(presentEvent), past: past.map(presentEvent) };
      },
    );

    app.get(
      '/categories',
      {
        schema: {
          tags: ['events'],
          summary: 'spec §3 categories ordered by name, with upcoming event counts',
          response: { 200: CategoryListSchema },
        },
      },
      async (request, reply) =>
        cachedJson(request.url, reply, async () => ({ categories: await listCategories(deps) })),
    );
  };
