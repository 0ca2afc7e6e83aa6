import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import { idParams } from '../../../contracts/ids';
import {
  BestSeatsInputSchema,
  BestSeatsSchema,
  OrderSeatsSchema,
  EventSeatingInputSchema,
  EventSeatingSchema,
  SEATING_MESSAGES,
  SeatingPlanInputSchema,
  SeatingPlanListSchema,
  SeatingPlanSchema,
  SeatChangesAnswerSchema,
  SeatMoveInputSchema,
  SeatMoveSchema,
  SeatOrderInputSchema,
} from '../../../contracts/seating';
import { OrderSchema } from '../../../contracts/tickets';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { actorFor } from '../teams/teams.service';
import { errorResponses } from '../../platform/http/error-responses';
import { AppError } from '../../platform/http/errors';
import { getEvent } from '../events/events.service';
import type { ModuleContext } from '../module';
import { moveSeat } from './seat-exchange';
import { SeatPolls } from './seat-polls';
import { SeatWatch } from './seat-watch';
import {
  createPlan,
  createSeatOrder,
  findBestSeats,
  getEventSeating,
  getPlan,
  listPlans,
  removeEventSeating,
  savePlan,
  seatsOfOrder,
  setEventSeating,
} from './seating.service';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const EventParams = idParams('Event not found');
const PlanParams = idParams(SEATING_MESSAGES.planNotFound);
const OrderParams = idParams('Order not found');
// The version is read by the service: a version that is not a number does not exist (404).
const VersionParams = PlanParams.extend({ version: z.string().max(40) });

/** Seating plans (their owners') and an event's seats (everyone who may see the event). */
export const seatingRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, clock: ctx.clock };
    const orderDeps = ctx.ticketing.orders;
    const tags = ['seating'];
    // Plans are the account's: a member switched to a team whose role edits events (a manager,
    // over all the owner's events) draws and reads the owner's plans (decision 072).
    const planActor = (request: FastifyRequest, action?: string) =>
      actorFor(ctx.db, request, { permission: 'event.edit', action });

    // The live seat map: a page follows an event's map on the realtime socket it holds, and gets
    // the seats that change; the map re-reads over HTTP only while the socket is down.
    const seatWatch = new SeatWatch(deps, ctx.logError);
    const seatPolls = new SeatPolls(seatWatch);
    app.addHook('onClose', async () => {
      seatPolls.close();
      await seatWatch.close();
    });
    ctx.socketMessages.handle('seat_map_watch', async (message, peer) => {
      const eventId = typeof message.eventId === 'string' ? message.eventId : '';
      const access = typeof message.access === 'string' ? message.access.slice(0, 100) : undefined;
      if (!EventParams.safeParse({ id: eventId }).success)
        return peer.send({ type: 'seat_map_refused', eventId, message: 'Event not found' });
      try {
        await getEvent(deps, { id: eventId, actor: peer.user, accessToken: access });
      } catch (error) {
        if (error instanceof AppError)
          return peer.send({ type: 'seat_map_refused', eventId, message: error.message });
        throw error;
      }
      await seatWatch.watch(peer, eventId);
    });
    ctx.socketMessages.handle('seat_map_unwatch', (message, peer) => {
      if (typeof message.eventId === 'string') seatWatch.unwatch(peer, message.eventId);
    });

    app.get(
      '/seating/plans',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'My seating plans',
          response: { 200: SeatingPlanListSchema, ...errors },
        },
      },
      async (request) => ({ plans: await listPlans(deps, { actor: await planActor(request) }) }),
    );

    app.post(
      '/seating/plans',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Draw a seating plan (organizer and venue accounts); it starts at version 1',
          body: SeatingPlanInputSchema,
          response: { 201: SeatingPlanSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await createPlan(deps, {
            actor: await planActor(request, 'seating.plan.create'),
            input: request.body,
          }),
        ),
    );

    app.get(
      '/seating/plans/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'A seating plan at its current version (owner or admin)',
          params: PlanParams,
          response: { 200: SeatingPlanSchema, ...errors },
        },
      },
      async (request) =>
        getPlan(deps, { actor: await planActor(request), planId: request.params.id }),
    );

    app.get(
      '/seating/plans/:id/versions/:version',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'One saved version of a seating plan (owner or admin)',
          params: VersionParams,
          response: { 200: SeatingPlanSchema, ...errors },
        },
      },
      async (request) =>
        getPlan(deps, {
          actor: await planActor(request),
          planId: request.params.id,
          version: Number(request.params.version),
        }),
    );

    app.put(
      '/seating/plans/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Save a seating plan as its next version (events keep the version they link)',
          params: PlanParams,
          body: SeatingPlanInputSchema,
          response: { 200: SeatingPlanSchema, ...errors },
        },
      },
      async (request) =>
        savePlan(deps, {
          actor: await planActor(request, 'seating.plan.save'),
          planId: request.params.id,
          input: request.body,
        }),
    );

    app.get(
      '/events/:id/seating',
      {
        schema: {
          tags,
          summary: "An event's seat plan, its categories' prices and which seats are held or sold",
          description: 'null when the event is sold by count, without a seat plan.',
          params: EventParams,
          querystring: z.object({ access: z.string().max(100).optional() }),
          response: { 200: EventSeatingSchema.nullable(), ...errors },
        },
      },
      async (request) =>
        getEventSeating(deps, {
          actor: await request.getUser(),
          eventId: request.params.id,
          accessToken: request.query.access,
        }),
    );

    app.get(
      '/events/:id/seating/changes',
      {
        schema: {
          tags,
          summary:
            "The seats of an event's map that changed since a cursor (the live map, signed out)",
          description:
            'Without `after`: the cursor to start from. With it: the changes since, answered when there are some or after 20 s with none; `reset` asks to read the map again.',
          params: EventParams,
          querystring: z.object({
            after: z.string().max(40).optional(),
            access: z.string().max(100).optional(),
          }),
          response: { 200: SeatChangesAnswerSchema, ...errors },
        },
      },
      async (request) => {
        await getEvent(deps, {
          id: request.params.id,
          actor: await request.getUser(),
          accessToken: request.query.access,
        });
        const gone = new AbortController();
        request.raw.once('close', () => gone.abort());
        return seatPolls.poll(request.params.id, request.query.after, gone.signal);
      },
    );

    app.put(
      '/events/:id/seating',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Sell the event on a seating plan version, each category as a ticket type',
          params: EventParams,
          body: EventSeatingInputSchema,
          response: { 200: EventSeatingSchema, ...errors },
        },
      },
      async (request) =>
        setEventSeating(deps, {
          actor: await currentUser(request),
          eventId: request.params.id,
          input: request.body,
        }),
    );

    app.delete(
      '/events/:id/seating',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Stop selling the event by seat (only while no seat is held or sold)',
          params: EventParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await removeEventSeating(deps, {
          actor: await currentUser(request),
          eventId: request.params.id,
        });
        return { ok: true as const };
      },
    );

    app.post(
      '/events/:id/seating/best',
      {
        schema: {
          tags,
          summary: 'The best free seats of a category, together in one row where possible',
          params: EventParams,
          body: BestSeatsInputSchema,
          response: { 200: BestSeatsSchema, ...errors },
        },
      },
      async (request) =>
        findBestSeats(deps, {
          actor: await request.getUser(),
          eventId: request.params.id,
          ...request.body,
        }),
    );

    app.post(
      '/events/:id/seat-orders',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary:
            'Buy chosen seats: holds them with an order of their categories’ ticket types (10 minutes, like any order)',
          params: EventParams,
          headers: z.object({ 'idempotency-key': z.string().trim().min(8).max(100).optional() }),
          body: SeatOrderInputSchema,
          response: {
            201: z.object({ order: OrderSchema, seatIds: z.array(z.string()) }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const eventId = request.params.id;
        try {
          return reply.status(201).send(
            await createSeatOrder(orderDeps, {
              actor: await currentUser(request),
              eventId,
              seatIds: request.body.seatIds,
              idempotencyKey: request.headers['idempotency-key'],
            }),
          );
        } finally {
          // Held, or given back after a refusal: the people watching the map see it now.
          seatWatch.changed(eventId);
        }
      },
    );

    app.post(
      '/events/:id/seat-moves',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary:
            'Move a sold ticket to another free seat of its category (the organizer, a team member who handles orders, an admin)',
          description:
            'The old seat is freed and the new one taken in one step; sent again, it changes nothing.',
          params: EventParams,
          body: SeatMoveInputSchema,
          response: { 200: SeatMoveSchema, ...errors },
        },
      },
      async (request) => {
        const eventId = request.params.id;
        try {
          return await moveSeat(deps, {
            actor: await currentUser(request),
            eventId,
            ...request.body,
          });
        } finally {
          seatWatch.changed(eventId);
        }
      },
    );

    app.get(
      '/orders/:id/seats',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'The seats of an order (its buyer, the event’s owner or an admin)',
          params: OrderParams,
          response: { 200: OrderSeatsSchema, ...errors },
        },
      },
      async (request) => ({
        seatIds: await seatsOfOrder(orderDeps, {
          actor: await currentUser(request),
          orderId: request.params.id,
        }),
      }),
    );
  };
