import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppleWalletConfigInputSchema,
  PlatformWalletConfigSchema,
  WalletConfigInputSchema,
  WalletKindParamsSchema,
} from '../../../contracts/wallet-passes';
import { currentUser, requireRole } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import {
  getPlatformWalletConfig,
  removeWalletAccount,
  setAppleWallet,
  setGoogleWallet,
  type WalletChange,
  type WalletDeps,
} from './wallet-passes.service';
import type { RecordAudit } from '../record-audit';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['wallet-passes', 'admin'];

/**
 * The platform's own wallet accounts (decision 099): the Apple pass certificate and Google
 * service account that sign the passes of organizers who set up none of their own. Admins only.
 */
export const platformWalletRoutes =
  (deps: WalletDeps, recordAudit: RecordAudit): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = { onRequest: requireRole('admin') };
    // Setting, replacing and removing an account are rows of the admin audit log, written with
    // the change.
    const changeBy = async (request: FastifyRequest): Promise<WalletChange> => ({
      actorId: (await currentUser(request)).id,
      requestId: request.id,
      recordAudit,
    });

    app.get(
      '/',
      {
        ...admin,
        schema: {
          tags,
          summary: "The platform's wallet accounts, never their keys (admin)",
          response: { 200: PlatformWalletConfigSchema, ...errors },
        },
      },
      async () => getPlatformWalletConfig(deps),
    );

    app.put(
      '/apple',
      {
        ...admin,
        schema: {
          tags,
          summary:
            "Set the platform's Apple pass certificate, for organizers without their own (admin)",
          body: AppleWalletConfigInputSchema,
          response: { 200: PlatformWalletConfigSchema, ...errors },
        },
      },
      async (request) => {
        await setAppleWallet(deps, { ownerId: null, input: request.body }, await changeBy(request));
        return getPlatformWalletConfig(deps);
      },
    );

    app.put(
      '/google',
      {
        ...admin,
        schema: {
          tags,
          summary:
            "Set the platform's Google Wallet service account, for organizers without their own (admin)",
          body: WalletConfigInputSchema,
          response: { 200: PlatformWalletConfigSchema, ...errors },
        },
      },
      async (request) => {
        await setGoogleWallet(
          deps,
          { ownerId: null, input: request.body },
          await changeBy(request),
        );
        return getPlatformWalletConfig(deps);
      },
    );

    app.delete(
      '/:kind',
      {
        ...admin,
        schema: {
          tags,
          summary: "Remove the platform's Apple or Google Wallet account and its key (admin)",
          params: WalletKindParamsSchema,
          response: { 200: PlatformWalletConfigSchema, ...errors },
        },
      },
      async (request) => {
        await removeWalletAccount(
          deps,
          { ownerId: null, kind: request.params.kind },
          await changeBy(request),
        );
        return getPlatformWalletConfig(deps);
      },
    );
  };
