import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../platform/i18n/request-locale';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import {
  AttendeeListQuerySchema,
  AttendeeListSchema,
  EventOrderListQuerySchema,
  EventOrderListSchema,
  CheckInInputSchema,
  CheckInResultSchema,
  DiscountCodeInputSchema,
  DiscountCodeListSchema,
  DiscountCodeSchema,
  ManagedTicketTypeListSchema,
  ManagedTicketTypeSchema,
  OrderSchema,
  PublicAttendingSchema,
  SalesSchema,
  TicketListSchema,
  TicketSchema,
  TicketTypeInputSchema,
  TicketTypePatchSchema,
  TicketTypeListSchema,
} from '../../../contracts/tickets';
import type { AppDeps } from '../../app-deps';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import type { Ticketing } from '../payments/ticketing';
import { announceStockReturned } from '../orders/stock-returned';
import {
  createDiscountCode,
  deleteDiscountCode,
  listDiscountCodes,
  setDiscountCodeActive,
} from './discount-codes.service';
import { registerForEvent } from './registration.service';
import { ticketPdf, ticketQrSvg } from './ticket-documents';
import {
  createTicketType,
  deleteTicketType,
  listManagedTicketTypes,
  listTicketTypesForBuyer,
  updateTicketType,
} from './ticket-types.service';
import {
  checkIn,
  getEventSales,
  getTicket,
  listAttendees,
  listEventOrders,
  listMyTickets,
  publicAttending,
} from './tickets.service';
import { errorResponses } from '../../platform/http/error-responses';
import { CheckoutAnswersSchema } from '../../../contracts/questions';
import { idParams } from '../../../contracts/ids';

const errors = errorResponses(400, 401, 403, 404, 409);
const EventParams = idParams('Event not found');
const IdParams = idParams('Not found');
const AccessQuery = z.object({ access: z.string().max(100).optional() });

/** Ticket types, discount codes, registration, tickets, check-in and attendee lists. */
export const ticketRoutes =
  (deps: AppDeps, ticketing: Ticketing): FastifyPluginAsyncZod =>
  async (app) => {
    const eventDeps = { db: deps.db, clock: deps.clock, files: deps.files };
    const tags = ['tickets'];

    app.get(
      '/events/:id/ticket-types',
      {
        schema: {
          tags,
          summary: 'Ticket types a buyer can choose (hidden ones need their unlock code)',
          params: EventParams,
          querystring: AccessQuery.extend({ code: z.string().max(40).optional() }),
          response: { 200: TicketTypeListSchema, ...errorResponses(404) },
        },
      },
      async (request) =>
        listTicketTypesForBuyer(eventDeps, {
          eventId: request.params.id,
          actor: await request.getUser(),
          unlockCode: request.query.code,
          accessToken: request.query.access,
        }),
    );

    app.get(
      '/events/:id/ticket-types/manage',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Every ticket type with sold/held counts (owner or admin)',
          params: EventParams,
          response: { 200: ManagedTicketTypeListSchema, ...errors },
        },
      },
      async (request) =>
        listManagedTicketTypes(eventDeps, {
          eventId: request.params.id,
          actor: await currentUser(request),
        }),
    );

    app.post(
      '/events/:id/ticket-types',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Add a ticket type (event capacity caps the sum of quantities)',
          params: EventParams,
          body: TicketTypeInputSchema,
          response: { 201: ManagedTicketTypeSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await createTicketType(eventDeps, {
            eventId: request.params.id,
            actor: await currentUser(request),
            input: request.body,
          }),
        ),
    );

    app.patch(
      '/ticket-types/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Change a ticket type',
          params: IdParams,
          body: TicketTypePatchSchema,
          response: { 200: ManagedTicketTypeSchema, ...errors },
        },
      },
      async (request) => {
        const type = await updateTicketType(eventDeps, {
          id: request.params.id,
          actor: await currentUser(request),
          input: request.body,
        });
        // Capacity raised: the waiting list gets the new tickets first.
        if (type.remaining > 0) await announceStockReturned(deps.jobs, [type.id]);
        return type;
      },
    );

    app.delete(
      '/ticket-types/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Delete an unsold ticket type',
          params: IdParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await deleteTicketType(eventDeps, {
          id: request.params.id,
          actor: await currentUser(request),
        });
        return { ok: true as const };
      },
    );

    app.get(
      '/events/:id/discount-codes',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "An event's discount codes (owner or admin)",
          params: EventParams,
          response: { 200: DiscountCodeListSchema, ...errors },
        },
      },
      async (request) => ({
        discountCodes: await listDiscountCodes(eventDeps, {
          eventId: request.params.id,
          actor: await currentUser(request),
        }),
      }),
    );

    app.post(
      '/events/:id/discount-codes',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Create a discount code',
          params: EventParams,
          body: DiscountCodeInputSchema,
          response: { 201: DiscountCodeSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await createDiscountCode(eventDeps, {
            eventId: request.params.id,
            actor: await currentUser(request),
            input: request.body,
          }),
        ),
    );

    app.patch(
      '/discount-codes/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Turn a discount code on or off',
          params: IdParams,
          body: z.object({ isActive: z.boolean() }),
          response: { 200: DiscountCodeSchema, ...errors },
        },
      },
      async (request) =>
        setDiscountCodeActive(eventDeps, {
          id: request.params.id,
          actor: await currentUser(request),
          isActive: request.body.isActive,
        }),
    );

    app.delete(
      '/discount-codes/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Delete a discount code',
          params: IdParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await deleteDiscountCode(eventDeps, {
          id: request.params.id,
          actor: await currentUser(request),
        });
        return { ok: true as const };
      },
    );

    app.post(
      '/events/:id/register',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Free registration (one per person unless the ticket allows more)',
          params: EventParams,
          querystring: AccessQuery,
          body: z
            .object({
              ticketTypeId: z.uuid().optional(),
              quantity: z.number().int().min(1).max(50).optional(),
              answers: CheckoutAnswersSchema.optional(),
            })
            .default({}),
          response: { 201: OrderSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await registerForEvent(ticketing.orders, {
            eventId: request.params.id,
            actor: await currentUser(request),
            ticketTypeId: request.body.ticketTypeId,
            quantity: request.body.quantity,
            answers: request.body.answers,
            accessToken: request.query.access,
          }),
        ),
    );

    app.get(
      '/me/tickets',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'My tickets, upcoming first',
          response: { 200: TicketListSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({
        tickets: await listMyTickets(ticketing.tickets, { actor: await currentUser(request) }),
      }),
    );

    app.get(
      '/tickets/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'One ticket (holder, event owner or admin)',
          params: IdParams,
          response: { 200: TicketSchema, ...errors },
        },
      },
      async (request) =>
        getTicket(ticketing.tickets, { id: request.params.id, actor: await currentUser(request) }),
    );

    app.get(
      '/tickets/:id/qr.svg',
      {
        onRequest: requireAuth,
        schema: { tags, summary: "The ticket's QR code (SVG)", params: IdParams },
      },
      async (request, reply) => {
        const ticket = await getTicket(ticketing.tickets, {
          id: request.params.id,
          actor: await currentUser(request),
        });
        return reply
          .type('image/svg+xml')
          .header('cache-control', 'private, max-age=3600')
          .send(await ticketQrSvg(ticket.code));
      },
    );

    app.get(
      '/tickets/:id/pdf',
      {
        onRequest: requireAuth,
        schema: { tags, summary: 'The ticket as a PDF', params: IdParams },
      },
      async (request, reply) => {
        const ticket = await getTicket(ticketing.tickets, {
          id: request.params.id,
          actor: await currentUser(request),
        });
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="ticket-${ticket.id.slice(0, 8)}.pdf"`,
          )
          .header('cache-control', 'private, no-store')
          .send(await ticketPdf(ticket, deps.config.APP_NAME, await requestLocale(request)));
      },
    );

    app.post(
      '/events/:id/check-in',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Check a ticket in by its (scanned or typed) code',
          params: EventParams,
          body: CheckInInputSchema,
          response: { 200: CheckInResultSchema, ...errors },
        },
      },
      async (request) =>
        checkIn(ticketing.tickets, {
          eventId: request.params.id,
          actor: await currentUser(request),
          code: request.body.code,
        }),
    );

    app.get(
      '/events/:id/attendees',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'A page of attendees, sales counters and orders (owner or admin)',
          params: EventParams,
          querystring: AttendeeListQuerySchema,
          response: { 200: AttendeeListSchema, ...errors },
        },
      },
      async (request) =>
        listAttendees(ticketing.tickets, {
          eventId: request.params.id,
          actor: await currentUser(request),
          query: request.query,
        }),
    );

    app.get(
      '/events/:id/orders',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "A page of the event's settled orders, newest first (owner or admin)",
          params: EventParams,
          querystring: EventOrderListQuerySchema,
          response: { 200: EventOrderListSchema, ...errors },
        },
      },
      async (request) =>
        listEventOrders(ticketing.tickets, {
          eventId: request.params.id,
          actor: await currentUser(request),
          query: request.query,
        }),
    );

    app.get(
      '/events/:id/sales',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Live sales counters (owner or admin)',
          params: EventParams,
          response: { 200: SalesSchema, ...errors },
        },
      },
      async (request) =>
        getEventSales(ticketing.tickets, {
          eventId: request.params.id,
          actor: await currentUser(request),
        }),
    );

    app.get(
      '/events/:id/attending',
      {
        schema: {
          tags,
          summary: "Who is going, as the event's attendee visibility allows",
          params: EventParams,
          querystring: AccessQuery,
          response: { 200: PublicAttendingSchema, ...errorResponses(404) },
        },
      },
      async (request) =>
        publicAttending(eventDeps, {
          eventId: request.params.id,
          actor: await request.getUser(),
          accessToken: request.query.access,
        }),
    );
  };
