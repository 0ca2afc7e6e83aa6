import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema, PasswordResetRequestSchema } from '../../../contracts/accounts';
import { SignInResponseSchema } from '../../../contracts/two-factor';
import { SignInLinkInputSchema } from '../../../contracts/devices';
import type { AppDeps } from '../../app-deps';
import { setSessionCookie } from '../../platform/auth/cookies';
import {
  answerSecondFactorRequired,
  TRUSTED_DEVICE_COOKIE,
} from '../../platform/auth/second-factor';
import { errorResponses } from '../../platform/http/error-responses';
import { rateLimit } from '../../platform/http/rate-limits';
import { presentSessionUser } from './auth.presenter';
import { requestSignInLink, signInWithLink } from './sign-in-link';
import { isKnownDevice, KNOWN_DEVICE_COOKIE, knownDeviceCookie } from './sign-in-throttle';

const errors = errorResponses(400, 403, 429);

/** One-time sign-in links mailed to the account's address (sign-in-link.ts). */
export const signInLinkRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // The mail work runs off the request path: a known and an unknown address answer alike and
    // in the same time. Shutdown waits for what is still running.
    const pending = new Set<Promise<unknown>>();
    const offRequestPath = (request: FastifyRequest, work: Promise<unknown>) => {
      const tracked = work
        .catch((error: unknown) => request.log.error({ err: error }, 'sign-in link mail failed'))
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    };
    app.addHook('onClose', async () => {
      await Promise.all(pending);
    });

    app.post(
      '/sign-in-link/request',
      {
        config: rateLimit('passwordReset', deps.config),
        schema: {
          tags: ['auth'],
          summary: 'Mail a one-time sign-in link (same answer whether or not the email exists)',
          body: PasswordResetRequestSchema,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        offRequestPath(request, requestSignInLink(deps, request.body));
        return { ok: true as const };
      },
    );

    app.post(
      '/sign-in-link',
      {
        config: rateLimit('passwordReset', deps.config),
        schema: {
          tags: ['auth'],
          summary:
            'Sign in with a mailed link (once, within 15 minutes); clears the account’s sign-in throttle',
          body: SignInLinkInputSchema,
          response: { 200: SignInResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await signInWithLink(deps, {
          token: request.body.token,
          userAgent: request.headers['user-agent'],
          address: request.ip,
          knownDevice: (email) =>
            isKnownDevice(deps.config, request.cookies[KNOWN_DEVICE_COOKIE], email),
          trustCookie: request.cookies[TRUSTED_DEVICE_COOKIE],
        });
        // This browser is known to the account from now on, as after a password.
        const device = knownDeviceCookie(deps.config, session.email);
        reply.setCookie(device.name, device.value, device.options);
        if ('secondFactor' in session)
          return answerSecondFactorRequired(reply, deps.config.PUBLIC_URL, session.secondFactor);
        setSessionCookie(reply, deps.config.PUBLIC_URL, session.token);
        return { user: presentSessionUser(session.user) };
      },
    );
  };
