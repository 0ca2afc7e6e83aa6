import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema } from '../../../contracts/accounts';
import { idParams } from '../../../contracts/ids';
import {
  ClaimResultSchema,
  ClaimTokenParamsSchema,
  TicketTransferListSchema,
  TicketTransferStateSchema,
  TransferClaimSchema,
  TransferInputSchema,
  TransferResultSchema,
  TransferSettingsSchema,
} from '../../../contracts/transfers';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import { rateLimit } from '../../platform/http/rate-limits';
import { requestLocale } from '../../platform/i18n/request-locale';
import { translator } from '../../platform/i18n/translate';
import type { ModuleContext } from '../module';
import {
  cancelTransfer,
  claimTransfer,
  getClaim,
  getTransferSettings,
  getTransferState,
  listEventTransfers,
  listTicketTransfers,
  transferTicket,
  updateTransferSettings,
} from './transfers.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const EventParams = idParams('Event not found');
const TicketParams = idParams('Ticket not found');
const TransferParams = idParams('Transfer not found');
const tags = ['transfers'];

/** Ticket transfers: the organizer's setting, the holder's transfer, the claim link, history. */
export const transferRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, clock: ctx.clock, jobs: ctx.jobs, config: ctx.config };

    app.get(
      '/events/:id/transfer-settings',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Whether attendees may transfer their tickets, and until when (owner or admin)',
          params: EventParams,
          response: { 200: TransferSettingsSchema, ...errors },
        },
      },
      async (request) =>
        getTransferSettings(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
        }),
    );

    app.put(
      '/events/:id/transfer-settings',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Allow or stop ticket transfers and set the cut-off (owner or admin)',
          params: EventParams,
          body: TransferSettingsSchema,
          response: { 200: TransferSettingsSchema, ...errors },
        },
      },
      async (request) =>
        updateTransferSettings(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
          input: request.body,
        }),
    );

    app.get(
      '/events/:id/transfers',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Every ticket transfer of the event, newest first (owner or admin)',
          params: EventParams,
          response: { 200: TicketTransferListSchema, ...errors },
        },
      },
      async (request) => ({
        transfers: await listEventTransfers(deps, {
          eventId: request.params.id,
          actor: await currentUser(request),
        }),
      }),
    );

    app.get(
      '/tickets/:id/transfer',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Whether the holder may transfer this ticket now, and a transfer under way',
          params: TicketParams,
          response: { 200: TicketTransferStateSchema, ...errors },
        },
      },
      async (request) => {
        const state = await getTransferState(deps, {
          ticketId: request.params.id,
          actor: await currentUser(request),
        });
        const _ = translator(await requestLocale(request));
        return { ...state, refusal: state.refusal ? _(state.refusal) : null };
      },
    );

    app.post(
      '/tickets/:id/transfer',
      {
        onRequest: requireAuth,
        config: rateLimit('newsletter', ctx.config),
        schema: {
          tags,
          summary: 'Transfer the ticket to another person by email (it gets a new code)',
          params: TicketParams,
          body: TransferInputSchema,
          response: { 201: TransferResultSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await transferTicket(deps, {
            ticketId: request.params.id,
            actor: await currentUser(request),
            email: request.body.email,
            locale: await requestLocale(request),
          }),
        ),
    );

    app.get(
      '/tickets/:id/transfers',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "A ticket's transfer history (holder, event owner or admin)",
          params: TicketParams,
          response: { 200: TicketTransferListSchema, ...errors },
        },
      },
      async (request) => ({
        transfers: await listTicketTransfers(deps, {
          ticketId: request.params.id,
          actor: await currentUser(request),
        }),
      }),
    );

    app.post(
      '/transfers/:id/cancel',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Take back a transfer nobody has claimed yet (the sender)',
          params: TransferParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await cancelTransfer(deps, {
          transferId: request.params.id,
          actor: await currentUser(request),
        });
        return { ok: true as const };
      },
    );

    app.get(
      '/transfer-claims/:token',
      {
        schema: {
          tags,
          summary: 'What a mailed transfer link offers (the link is the secret)',
          params: ClaimTokenParamsSchema,
          response: { 200: TransferClaimSchema, ...errors },
        },
      },
      async (request) => getClaim(deps, { token: request.params.token }),
    );

    app.post(
      '/transfer-claims/:token',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Take the ticket a mailed transfer link offers',
          params: ClaimTokenParamsSchema,
          response: { 200: ClaimResultSchema, ...errors },
        },
      },
      async (request) =>
        claimTransfer(deps, { token: request.params.token, actor: await currentUser(request) }),
    );
  };
