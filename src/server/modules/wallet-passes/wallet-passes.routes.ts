import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../contracts/ids';
import {
  GoogleSaveLinkSchema,
  WalletConfigInputSchema,
  WalletConfigSchema,
} from '../../../contracts/wallet-passes';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import type { ModuleContext } from '../module';
import {
  getWalletConfig,
  googleSaveLink,
  setGoogleWallet,
  type WalletDeps,
} from './wallet-passes.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['wallet-passes'];

/** Wallet passes (decision 075): an organizer's Google Wallet account and a ticket's save link. */
export const walletPassRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: WalletDeps = {
      db: ctx.db,
      clock: ctx.clock,
      tickets: ctx.ticketing.tickets,
      config: ctx.config,
    };

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
      async (request) => getWalletConfig(deps, await currentUser(request)),
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
        setGoogleWallet(deps, { actor: await currentUser(request), input: request.body }),
    );

    app.get(
      '/tickets/:id/google',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'An "Add to Google Wallet" link for my ticket, carrying its current code',
          params: idParams('Ticket not found'),
          response: { 200: GoogleSaveLinkSchema, ...errors },
        },
      },
      async (request) =>
        googleSaveLink(deps, { ticketId: request.params.id, actor: await currentUser(request) }),
    );
  };
