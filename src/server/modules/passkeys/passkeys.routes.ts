import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import {
  PasskeyListSchema,
  PasskeyOptionsResponseSchema,
  PasskeySchema,
  PasskeyVerifyInputSchema,
  SessionResponseSchema,
} from '../../../contracts/auth';
import type { AppDeps } from '../../app-deps';
import { setSessionCookie } from '../../platform/auth/cookies';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { rateLimit } from '../../platform/http/rate-limits';
import { presentSessionUser } from '../auth/auth.service';
import {
  finishPasskeyRegistration,
  finishPasskeySignIn,
  listPasskeys,
  removePasskey,
  startPasskeyRegistration,
  startPasskeySignIn,
} from './passkeys.service';
import { errorResponses } from '../../platform/http/error-responses';

type StoredPasskey = Awaited<ReturnType<typeof listPasskeys>>[number];
const presentPasskey = (p: StoredPasskey) => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  backedUp: p.backedUp,
});

// WebAuthn option objects go to the browser as they are (@simplewebauthn/browser reads them).
const presentOptions = (started: { challengeId: string; options: object }) => ({
  challengeId: started.challengeId,
  options: started.options as Record<string, unknown>,
});

const errors = errorResponses(400, 401, 404, 409, 429);

export const passkeyRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const limited = rateLimit('passkey', deps.config);
    // A sign-in challenge is one short-lived row: its limit is sized for everyone at an event
    // behind one address, and only stops floods of rows. Failed verifications are limited per
    // address in finishPasskeySignIn, as failed password sign-ins are.
    const challengeLimited = rateLimit('passkeySignInOptions', deps.config);

    app.get(
      '/',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['passkeys'],
          summary: 'My passkeys',
          response: { 200: PasskeyListSchema, ...errors },
        },
      },
      async (request) => ({
        passkeys: (await listPasskeys(deps, await currentUser(request))).map(presentPasskey),
      }),
    );

    app.post(
      '/register/options',
      {
        onRequest: requireAuth,
        config: limited,
        schema: {
          tags: ['passkeys'],
          summary: 'Start registering a passkey',
          response: { 200: PasskeyOptionsResponseSchema, ...errors },
        },
      },
      async (request) =>
        presentOptions(await startPasskeyRegistration(deps, await currentUser(request))),
    );

    app.post(
      '/register/verify',
      {
        onRequest: requireAuth,
        config: limited,
        schema: {
          tags: ['passkeys'],
          summary: 'Finish registering a passkey',
          body: PasskeyVerifyInputSchema,
          response: { 201: PasskeySchema, ...errors },
        },
      },
      async (request, reply) => {
        const passkey = await finishPasskeyRegistration(deps, {
          user: await currentUser(request),
          challengeId: request.body.challengeId,
          response: request.body.response as unknown as RegistrationResponseJSON,
          name: request.body.name,
        });
        return reply.status(201).send(presentPasskey(passkey));
      },
    );

    app.post(
      '/sign-in/options',
      {
        config: challengeLimited,
        schema: {
          tags: ['passkeys'],
          summary: 'Start a passkey sign-in',
          response: { 200: PasskeyOptionsResponseSchema, ...errorResponses(429) },
        },
      },
      async () => presentOptions(await startPasskeySignIn(deps)),
    );

    app.post(
      '/sign-in/verify',
      {
        schema: {
          tags: ['passkeys'],
          summary: 'Finish a passkey sign-in; sets the session cookie',
          body: PasskeyVerifyInputSchema,
          response: { 200: SessionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await finishPasskeySignIn(deps, {
          challengeId: request.body.challengeId,
          response: request.body.response as unknown as AuthenticationResponseJSON,
          userAgent: request.headers['user-agent'],
          address: request.ip,
        });
        setSessionCookie(reply, deps.config.PUBLIC_URL, session.token);
        return { user: presentSessionUser(session.user) };
      },
    );

    app.delete(
      '/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['passkeys'],
          summary: 'Remove one of my passkeys',
          params: z.object({ id: z.string().min(1).max(1024) }),
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await removePasskey(deps, { user: await currentUser(request), id: request.params.id });
        return { ok: true as const };
      },
    );
  };
