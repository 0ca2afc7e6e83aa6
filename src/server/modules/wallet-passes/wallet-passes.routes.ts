import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../../contracts/ids';
import {
  AppleWalletConfigInputSchema,
  GoogleSaveLinkSchema,
  TicketWalletOffersSchema,
  WalletConfigInputSchema,
  WalletConfigSchema,
} from '../../../contracts/wallet-passes';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import { requestLocale } from '../../platform/i18n/request-locale';
import type { ModuleContext } from '../module';
import { actorFor } from '../teams/teams.service';
import { appleWalletPass, mailedApplePass } from './apple-pass-service';
import { applePassServiceRoutes } from './apple-pass-service.routes';
import {
  getWalletConfig,
  googleSaveLink,
  mailedGoogleSaveUrl,
  setAppleWallet,
  setGoogleWallet,
  walletOffers,
  type WalletDeps,
} from './wallet-passes.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['wallet-passes'];
const TicketParams = idParams('Ticket not found');
const MailedLinkQuery = z.object({
  token: z.string().min(1, { error: 'The link has no token' }).max(100),
});

/** A .pkpass the person downloads (ticket page or mailed link): a file, never cached. */
function sendPassDownload(reply: FastifyReply, pass: Buffer) {
  return reply
    .type('application/vnd.apple.pkpass')
    .header('content-disposition', 'attachment; filename="ticket.pkpass"')
    .header('cache-control', 'private, no-store')
    .send(pass);
}

/**
 * Wallet passes (decision 075): an organizer's Google Wallet account and Apple pass certificate
 * (a team member who sets up the whole account acts for its owner), and a ticket's passes.
 */
export const walletPassRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: WalletDeps = {
      db: ctx.db,
      clock: ctx.clock,
      tickets: ctx.ticketing.tickets,
      config: ctx.config,
    };
    // Wallet on the holder's device: the pass's web service (decision 089).
    await app.register(applePassServiceRoutes(deps), { prefix: '/apple' });
    const configActor = (request: Parameters<typeof actorFor>[1], action?: string) =>
      actorFor(ctx.db, request, { permission: 'event.edit', ...(action ? { action } : {}) });

    app.get(
      '/config',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Which wallet passes my events offer (never the keys)',
          response: { 200: WalletConfigSchema, ...errors },
        },
      },
      async (request) => getWalletConfig(deps, await configActor(request)),
    );

    app.put(
      '/config/google',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "Set my events' Google Wallet service account (its key is stored sealed)",
          body: WalletConfigInputSchema,
          response: { 200: WalletConfigSchema, ...errors },
        },
      },
      async (request) =>
        setGoogleWallet(deps, {
          ownerId: (await configActor(request, 'wallet.configure')).id,
          input: request.body,
        }),
    );

    app.put(
      '/config/apple',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "Set my events' Apple Wallet pass certificate (its key is stored sealed)",
          body: AppleWalletConfigInputSchema,
          response: { 200: WalletConfigSchema, ...errors },
        },
      },
      async (request) =>
        setAppleWallet(deps, {
          ownerId: (await configActor(request, 'wallet.configure')).id,
          input: request.body,
        }),
    );

    app.get(
      '/tickets/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Which wallet passes my ticket can be added as',
          params: TicketParams,
          response: { 200: TicketWalletOffersSchema, ...errors },
        },
      },
      async (request) =>
        walletOffers(deps, { ticketId: request.params.id, actor: await currentUser(request) }),
    );

    app.get(
      '/tickets/:id/google',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'An "Add to Google Wallet" link for my ticket, carrying its current code',
          params: TicketParams,
          response: { 200: GoogleSaveLinkSchema, ...errors },
        },
      },
      async (request) =>
        googleSaveLink(deps, { ticketId: request.params.id, actor: await currentUser(request) }),
    );

    app.get(
      '/tickets/:id/apple',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'My ticket as a signed Apple Wallet pass (.pkpass), carrying its current code',
          params: TicketParams,
        },
      },
      async (request, reply) => {
        const pass = await appleWalletPass(deps, {
          ticketId: request.params.id,
          actor: await currentUser(request),
          locale: await requestLocale(request),
        });
        return sendPassDownload(reply, pass);
      },
    );

    // The ticket mail's wallet links (decision 089): the pass's token is the capability.
    app.get(
      '/passes/:id/apple',
      {
        schema: {
          tags,
          summary: 'A mailed "Add to Apple Wallet" link: the ticket\'s pass (.pkpass)',
          params: TicketParams,
          querystring: MailedLinkQuery,
        },
      },
      async (request, reply) => {
        const pass = await mailedApplePass(deps, {
          ticketId: request.params.id,
          token: request.query.token,
          locale: await requestLocale(request),
        });
        return sendPassDownload(reply, pass);
      },
    );

    app.get(
      '/passes/:id/google',
      {
        schema: {
          tags,
          summary: 'A mailed "Save to Google Wallet" link: on to Google with a freshly signed pass',
          params: TicketParams,
          querystring: MailedLinkQuery,
        },
      },
      async (request, reply) => {
        const url = await mailedGoogleSaveUrl(deps, {
          ticketId: request.params.id,
          token: request.query.token,
        });
        return reply.header('cache-control', 'private, no-store').redirect(url, 302);
      },
    );
  };
