import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../../contracts/ids';
import { CheckoutAnswersSchema } from '../../../contracts/questions';
import { OrderSchema } from '../../../contracts/tickets';
import {
  MyWaitlistPlacesSchema,
  WaitlistAvailabilitySchema,
  WaitlistEntrySchema,
  WaitlistJoinInputSchema,
  WaitlistJoinResultSchema,
  WaitlistOverviewSchema,
  WaitlistPageQuerySchema,
  WaitlistPlaceSchema,
  WaitlistSettingsSchema,
  WaitlistTokenParamsSchema,
} from '../../../contracts/waitlist';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import { rateLimit } from '../../platform/http/rate-limits';
import { requestLocale } from '../../platform/i18n/request-locale';
import type { ModuleContext } from '../module';
import {
  claimOffer,
  confirmPlace,
  declineOffer,
  getEventWaitlist,
  getPlace,
  getWaitlistAvailability,
  joinWaitlist,
  leavePlace,
  listMyPlaces,
  offerNow,
  removeEntry,
  updateWaitlistSettings,
} from './waitlist.service';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 503);
const EventParams = idParams('Event not found');
const EntryParams = idParams('Waiting list place not found');
const tags = ['waitlist'];
// The claim is a checkout: it carries the answers to the event's checkout questions.
const ClaimBodySchema = z.object({ answers: CheckoutAnswersSchema.nullish() }).nullish();

export const waitlistRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, clock: ctx.clock, jobs: ctx.jobs, config: ctx.config };

    app.get(
      '/waitlist/events/:id/availability',
      {
        schema: {
          tags,
          summary: 'Which ticket types of an event offer "Join waiting list"',
          params: EventParams,
          response: { 200: WaitlistAvailabilitySchema, ...errors },
        },
      },
      async (request) => getWaitlistAvailability(deps, { eventId: request.params.id }),
    );

    app.post(
      '/waitlist',
      {
        config: rateLimit('newsletter', ctx.config),
        schema: {
          tags,
          summary:
            'Join the waiting list of a sold-out ticket type (signed out: a confirmation link is mailed)',
          body: WaitlistJoinInputSchema,
          response: { 201: WaitlistJoinResultSchema, 202: WaitlistJoinResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        const result = await joinWaitlist(deps, {
          actor: await request.getUser(),
          input: request.body,
          locale: await requestLocale(request),
        });
        return reply.status(result.outcome === 'joined' ? 201 : 202).send(result);
      },
    );

    app.get(
      '/waitlist/mine',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'My places on waiting lists',
          response: { 200: MyWaitlistPlacesSchema, ...errors },
        },
      },
      async (request) => listMyPlaces(deps, { actor: await currentUser(request) }),
    );

    app.get(
      '/waitlist/places/:token',
      {
        schema: {
          tags,
          summary: 'A place on a waiting list, by the link mailed to its holder',
          params: WaitlistTokenParamsSchema,
          response: { 200: WaitlistPlaceSchema, ...errors },
        },
      },
      async (request) => getPlace(deps, request.params),
    );

    app.post(
      '/waitlist/places/:token/confirm',
      {
        schema: {
          tags,
          summary: 'Confirm a place taken signed out: it enters the line',
          params: WaitlistTokenParamsSchema,
          response: { 200: WaitlistPlaceSchema, ...errors },
        },
      },
      async (request) => confirmPlace(deps, request.params),
    );

    app.post(
      '/waitlist/places/:token/leave',
      {
        schema: {
          tags,
          summary: 'Leave the waiting list (an offer held goes to the next in line)',
          params: WaitlistTokenParamsSchema,
          response: { 200: WaitlistPlaceSchema, ...errors },
        },
      },
      async (request) => leavePlace(deps, request.params),
    );

    app.post(
      '/waitlist/places/:token/decline',
      {
        schema: {
          tags,
          summary: 'Decline an offer: its tickets go to the next in line at once',
          params: WaitlistTokenParamsSchema,
          response: { 200: WaitlistPlaceSchema, ...errors },
        },
      },
      async (request) => declineOffer(deps, request.params),
    );

    app.post(
      '/waitlist/places/:token/claim',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Buy the offered tickets: an order for exactly them, paid at the checkout',
          params: WaitlistTokenParamsSchema,
          body: ClaimBodySchema,
          response: { 201: OrderSchema, ...errors },
        },
      },
      async (request, reply) => {
        const order = await claimOffer(
          { ...deps, orders: ctx.ticketing.orders },
          {
            token: request.params.token,
            actor: await currentUser(request),
            answers: request.body?.answers ?? null,
          },
        );
        return reply.status(201).send(order);
      },
    );

    app.get(
      '/waitlist/events/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary:
            "The organizer's waiting list of an event: a page of places in order, offers, setting",
          params: EventParams,
          querystring: WaitlistPageQuerySchema,
          response: { 200: WaitlistOverviewSchema, ...errors },
        },
      },
      async (request) =>
        getEventWaitlist(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
          page: request.query,
        }),
    );

    app.put(
      '/waitlist/events/:id/settings',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'How long an offer holds its tickets for this event (hours)',
          params: EventParams,
          body: WaitlistSettingsSchema,
          response: { 200: WaitlistSettingsSchema, ...errors },
        },
      },
      async (request) =>
        updateWaitlistSettings(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
          input: request.body,
        }),
    );

    app.post(
      '/waitlist/entries/:id/offer',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Offer free tickets to this place now (organizer)',
          params: EntryParams,
          response: { 200: WaitlistEntrySchema, ...errors },
        },
      },
      async (request) =>
        offerNow(deps, { id: request.params.id, actor: await currentUser(request) }),
    );

    app.post(
      '/waitlist/entries/:id/remove',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Take a place off the list (organizer); an offer held goes to the next',
          params: EntryParams,
          response: { 200: WaitlistEntrySchema, ...errors },
        },
      },
      async (request) =>
        removeEntry(deps, { id: request.params.id, actor: await currentUser(request) }),
    );
  };
