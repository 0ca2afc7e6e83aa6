import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BoxOfficeCatalogSchema,
  BoxOfficeCloseInputSchema,
  BoxOfficeFloatInputSchema,
  BoxOfficeHeadersSchema,
  BoxOfficeMailInputSchema,
  BoxOfficeMailSchema,
  BoxOfficeSaleInputSchema,
  BoxOfficeSaleSchema,
  BoxOfficeShiftParamsSchema,
  BoxOfficeShiftSchema,
  BoxOfficeSummarySchema,
} from '../../../contracts/box-office';
import { idParams } from '../../../contracts/ids';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import type { ModuleContext } from '../module';
import { salesChannelRoutes } from './sales-channels.routes';
import { requestLocale } from '../../platform/i18n/request-locale';
import { AppError } from '../../platform/http/errors';
import { findSettledSales } from './box-office.queries';
import { SaleWatch } from './sale-watch';
import {
  admitSale,
  cancelSale,
  getCatalog,
  getSale,
  mailSaleTickets,
  saleTicketsPdf,
  sell,
} from './box-office.service';
import { closeShift, getSummary, reopenShift, setFloat } from './box-office-shifts.service';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const tags = ['door'];
const EventParams = idParams('Event not found');
const SaleParams = z.object({ id: z.uuid(), orderId: z.uuid() });

/** The box office at the door (decision 070): what to sell, a sale, and the sellers' shifts. */
export const boxOfficeRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = ctx.ticketing.orders;
    await app.register(salesChannelRoutes(ctx));

    // The desk waiting for a card payment on the buyer's phone is told on its realtime socket
    // when the sale settles (decision 132); it reads the sale over HTTP only while the socket
    // is down. Only the event's sellers may watch a sale, checked as for reading it.
    const saleWatch = new SaleWatch(
      { realtime: ctx.realtime, readSettled: (ids) => findSettledSales(ctx.db, ids) },
      ctx.logError,
    );
    app.addHook('onClose', async () => saleWatch.close());
    ctx.socketMessages.handle('box_office_sale_watch', async (message, peer) => {
      const eventId = typeof message.eventId === 'string' ? message.eventId : '';
      const orderId = typeof message.orderId === 'string' ? message.orderId : '';
      const refuse = (text: string) =>
        peer.send({
          type: 'box_office_sale_refused',
          orderId: orderId.slice(0, 100),
          message: text,
        });
      if (!SaleParams.safeParse({ id: eventId, orderId }).success) return refuse('Sale not found');
      try {
        await getSale(deps, { eventId, orderId, actor: peer.user });
      } catch (error) {
        if (error instanceof AppError) return refuse(error.message);
        throw error;
      }
      saleWatch.watch(peer, orderId);
    });
    ctx.socketMessages.handle('box_office_sale_unwatch', (message, peer) => {
      if (typeof message.orderId === 'string') saleWatch.unwatch(peer, message.orderId);
    });

    app.get(
      '/events/:id/box-office',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'What the box office sells: ticket types with price and what is left',
          params: EventParams,
          response: { 200: BoxOfficeCatalogSchema, ...errors },
        },
      },
      async (request) =>
        getCatalog(deps, { eventId: request.params.id, actor: await currentUser(request) }),
    );

    app.post(
      '/events/:id/box-office/sales',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary:
            'Sell at the door for cash, card (the provider’s card form) or complimentary; optionally admit at once. Same Idempotency-Key and body → the same sale',
          params: EventParams,
          headers: BoxOfficeHeadersSchema,
          body: BoxOfficeSaleInputSchema,
          response: { 200: BoxOfficeSaleSchema, ...errors },
        },
      },
      async (request) =>
        sell(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
          input: request.body,
          idempotencyKey: request.headers['idempotency-key'],
        }),
    );

    app.get(
      '/events/:id/box-office/sales/:orderId',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'A box-office sale: payment state and tickets',
          params: SaleParams,
          response: { 200: BoxOfficeSaleSchema, ...errors },
        },
      },
      async (request) =>
        getSale(deps, {
          eventId: request.params.id,
          orderId: request.params.orderId,
          actor: await currentUser(request),
        }),
    );

    app.get(
      '/events/:id/box-office/sales/:orderId/tickets.pdf',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'A paid box-office sale’s tickets as one PDF to print, a page each',
          params: SaleParams,
        },
      },
      async (request, reply) => {
        const pdf = await saleTicketsPdf(deps, ctx.ticketing.tickets, {
          eventId: request.params.id,
          orderId: request.params.orderId,
          actor: await currentUser(request),
          locale: await requestLocale(request),
          appName: ctx.config.APP_NAME,
        });
        return (
          reply
            .type('application/pdf')
            // Inline: the desk's browser opens it in its viewer to print.
            .header(
              'content-disposition',
              `inline; filename="tickets-${request.params.orderId.slice(0, 8)}.pdf"`,
            )
            .header('cache-control', 'private, no-store')
            .send(pdf)
        );
      },
    );

    app.post(
      '/events/:id/box-office/sales/:orderId/admit',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Check in a paid box-office sale’s tickets',
          params: SaleParams,
          response: { 200: BoxOfficeSaleSchema, ...errors },
        },
      },
      async (request) =>
        admitSale(deps, {
          eventId: request.params.id,
          orderId: request.params.orderId,
          actor: await currentUser(request),
        }),
    );

    app.post(
      '/events/:id/box-office/sales/:orderId/mail',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary:
            'Mail a paid box-office sale’s tickets to an address (the tickets mail an online buyer gets). Same Idempotency-Key → one mail',
          params: SaleParams,
          headers: BoxOfficeHeadersSchema,
          body: BoxOfficeMailInputSchema,
          response: { 200: BoxOfficeMailSchema, ...errors },
        },
      },
      async (request) =>
        mailSaleTickets(
          { ...deps, mailTickets: ctx.ticketing.mailTickets },
          {
            eventId: request.params.id,
            orderId: request.params.orderId,
            actor: await currentUser(request),
            email: request.body.email,
            requestId: request.headers['idempotency-key'],
          },
        ),
    );

    app.post(
      '/events/:id/box-office/sales/:orderId/cancel',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary:
            'Cancel a box-office card sale still waiting for its payment: the hold is released and the checkout closed',
          params: SaleParams,
          response: { 200: BoxOfficeSaleSchema, ...errors },
        },
      },
      async (request) =>
        cancelSale(deps, {
          eventId: request.params.id,
          orderId: request.params.orderId,
          actor: await currentUser(request),
        }),
    );

    app.get(
      '/events/:id/box-office/summary',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Shift summary per seller: sales, tickets, cash and card totals',
          params: EventParams,
          response: { 200: BoxOfficeSummarySchema, ...errors },
        },
      },
      async (request) =>
        getSummary(deps, { eventId: request.params.id, actor: await currentUser(request) }),
    );

    // A shift's drawer (decision 147): the seller keeps their own, the organizer and admins any.
    const shiftOf = (params: { id: string; sellerId: string; day: string }) => ({
      eventId: params.id,
      sellerId: params.sellerId,
      day: params.day,
    });
    const shiftPath = '/events/:id/box-office/shifts/:sellerId/:day';

    app.put(
      `${shiftPath}/float`,
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'The cash a seller’s shift opens with (its float), while the shift is open',
          params: BoxOfficeShiftParamsSchema,
          body: BoxOfficeFloatInputSchema,
          response: { 200: BoxOfficeShiftSchema, ...errors },
        },
      },
      async (request) =>
        setFloat(deps, {
          ...shiftOf(request.params),
          actor: await currentUser(request),
          floatCents: request.body.floatCents,
        }),
    );

    app.post(
      `${shiftPath}/close`,
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary:
            'Close a seller’s shift with the cash counted: expected, counted and over/short. The same count again → the same close',
          params: BoxOfficeShiftParamsSchema,
          body: BoxOfficeCloseInputSchema,
          response: { 200: BoxOfficeShiftSchema, ...errors },
        },
      },
      async (request) =>
        closeShift(deps, {
          ...shiftOf(request.params),
          actor: await currentUser(request),
          countedCents: request.body.countedCents,
        }),
    );

    app.post(
      `${shiftPath}/reopen`,
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Re-open a closed shift (the organizer and admins), so it can be counted again',
          params: BoxOfficeShiftParamsSchema,
          response: { 200: BoxOfficeShiftSchema, ...errors },
        },
      },
      async (request) =>
        reopenShift(deps, { ...shiftOf(request.params), actor: await currentUser(request) }),
    );
  };
