import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema } from '../../../contracts/accounts';
import { SessionResponseSchema } from '../../../contracts/auth';
import {
  ReauthInputSchema,
  ReauthPasskeyInputSchema,
  ReauthResponseSchema,
  RecoveryCodesSchema,
  SecondFactorInputSchema,
  SecondFactorPasskeyInputSchema,
  TwoFactorEnableInputSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '../../../contracts/two-factor';
import type { AppDeps } from '../../app-deps';
import { setSessionCookie } from '../../platform/auth/cookies';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { requireRecentAuth } from '../../platform/auth/recent-auth';
import { PENDING_SIGN_IN_COOKIE } from '../../platform/auth/second-factor';
import { errorResponses } from '../../platform/http/error-responses';
import { rateLimit } from '../../platform/http/rate-limits';
import { presentSessionUser } from '../auth/auth.service';
import {
  beginSetup,
  completeSignIn,
  completeSignInWithPasskey,
  confirmSetup,
  reauthWithPasskey,
  reauthWithPassword,
  regenerateRecoveryCodes,
  turnOff,
  twoFactorStatus,
} from './two-factor.service';

const errors = errorResponses(400, 401, 403, 409, 429);

export const twoFactorRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const recentAuth = requireRecentAuth(deps);
    // Password checks are limited per address as changing the password is; code checks per account
    // and pending sign-in in the service (limits.ts).
    const limited = rateLimit('signIn', deps.config);

    app.get(
      '/',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['two-factor'],
          summary: 'Whether my two-factor sign-in is on, and my recovery codes left',
          response: { 200: TwoFactorStatusSchema, ...errors },
        },
      },
      async (request) => twoFactorStatus(deps, await currentUser(request)),
    );

    app.post(
      '/setup',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['two-factor'],
          summary: 'Start setting up an authenticator app: a new secret and its QR code',
          response: { 200: TwoFactorSetupSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return beginSetup(deps, await currentUser(request));
      },
    );

    app.post(
      '/enable',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['two-factor'],
          summary: 'Turn two-factor sign-in on with a first code; answers the recovery codes once',
          body: TwoFactorEnableInputSchema,
          response: { 200: RecoveryCodesSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return confirmSetup(deps, await currentUser(request), request.body.code);
      },
    );

    app.post(
      '/recovery-codes',
      {
        onRequest: requireAuth,
        preValidation: recentAuth,
        schema: {
          tags: ['two-factor'],
          summary: 'Replace my recovery codes with ten new ones (after re-authentication)',
          response: { 200: RecoveryCodesSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return regenerateRecoveryCodes(deps, await currentUser(request));
      },
    );

    app.post(
      '/disable',
      {
        onRequest: requireAuth,
        preValidation: recentAuth,
        schema: {
          tags: ['two-factor'],
          summary: 'Turn two-factor sign-in off (after re-authentication)',
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await turnOff(deps, await currentUser(request));
        return { ok: true as const };
      },
    );

    app.post(
      '/sign-in',
      {
        schema: {
          tags: ['two-factor'],
          summary:
            'Second sign-in step with an authenticator code or a recovery code; sets the session cookie',
          body: SecondFactorInputSchema,
          response: { 200: SessionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await completeSignIn(deps, {
          token: request.cookies[PENDING_SIGN_IN_COOKIE],
          input: request.body,
          userAgent: request.headers['user-agent'],
          address: request.ip,
        });
        return signedIn(reply, session);
      },
    );

    app.post(
      '/sign-in/passkey',
      {
        schema: {
          tags: ['two-factor'],
          summary: 'Second sign-in step with a passkey of the account; sets the session cookie',
          body: SecondFactorPasskeyInputSchema,
          response: { 200: SessionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await completeSignInWithPasskey(deps, {
          token: request.cookies[PENDING_SIGN_IN_COOKIE],
          challengeId: request.body.challengeId,
          response: request.body.response as unknown as AuthenticationResponseJSON,
          trustDevice: request.body.trustDevice,
          userAgent: request.headers['user-agent'],
        });
        return signedIn(reply, session);
      },
    );

    // A download opened as a plain link cannot show the re-authentication dialog on its 403: the
    // web asks here first (the dialog comes with the 403) and opens the link once this answers.
    app.get(
      '/reauth',
      {
        onRequest: requireAuth,
        preValidation: recentAuth,
        schema: {
          tags: ['two-factor'],
          summary:
            'Whether my password or passkey was checked in the last ten minutes (403 if not)',
          response: { 200: OkSchema, ...errors },
        },
      },
      async () => ({ ok: true as const }),
    );

    app.post(
      '/reauth',
      {
        onRequest: requireAuth,
        config: limited,
        schema: {
          tags: ['two-factor'],
          summary: 'Confirm it is me with my password: sensitive actions open for ten minutes',
          body: ReauthInputSchema,
          response: { 200: ReauthResponseSchema, ...errors },
        },
      },
      async (request) =>
        reauthWithPassword(deps, await currentUser(request), request.body.password),
    );

    app.post(
      '/reauth/passkey',
      {
        onRequest: requireAuth,
        config: limited,
        schema: {
          tags: ['two-factor'],
          summary: 'Confirm it is me with a passkey: sensitive actions open for ten minutes',
          body: ReauthPasskeyInputSchema,
          response: { 200: ReauthResponseSchema, ...errors },
        },
      },
      async (request) =>
        reauthWithPasskey(deps, await currentUser(request), {
          challengeId: request.body.challengeId,
          response: request.body.response as unknown as AuthenticationResponseJSON,
        }),
    );

    function signedIn(
      reply: Parameters<typeof setSessionCookie>[0],
      session: Awaited<ReturnType<typeof completeSignIn>>,
    ) {
      setSessionCookie(reply, deps.config.PUBLIC_URL, session.token);
      reply.clearCookie(PENDING_SIGN_IN_COOKIE, { path: '/api/auth' });
      if (session.trust)
        reply.setCookie(session.trust.name, session.trust.value, session.trust.options);
      return { user: presentSessionUser(session.user) };
    }
  };
