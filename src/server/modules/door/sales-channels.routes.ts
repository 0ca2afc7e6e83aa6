import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SalesChannelQuerySchema,
  SalesChannelReportSchema,
} from '../../../contracts/sales-channels';
import { idParams } from '../../../contracts/ids';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import type { ModuleContext } from '../module';
import { getSalesChannels, salesChannelsCsv } from './sales-channels.service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['door'];
const EventParams = idParams('Event not found');

/** An event's sales by channel (online, box office by method and seller), as JSON and CSV. */
export const salesChannelRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const db = ctx.ticketing.orders.db;

    app.get(
      '/events/:id/sales-channels',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary:
            'Sales by channel: online and box office, by payment method and seller, optionally one day',
          params: EventParams,
          querystring: SalesChannelQuerySchema,
          response: { 200: SalesChannelReportSchema, ...errors },
        },
      },
      async (request) =>
        getSalesChannels(db, {
          eventId: request.params.id,
          actor: await currentUser(request),
          day: request.query.day,
        }),
    );

    app.get(
      '/events/:id/sales-channels.csv',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Sales by channel as CSV (the same rows and day filter)',
          params: EventParams,
          querystring: SalesChannelQuerySchema,
        },
      },
      async (request, reply) => {
        const csv = await salesChannelsCsv(db, {
          eventId: request.params.id,
          actor: await currentUser(request),
          day: request.query.day,
        });
        const day = request.query.day ? `-${request.query.day}` : '';
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="sales-by-channel-${request.params.id.slice(0, 8)}${day}.csv"`,
          )
          .send(csv);
      },
    );
  };
