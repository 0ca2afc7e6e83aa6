import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE, SessionResponseSchema, SignInInputSchema } from '../../../contracts/auth';
import { ErrorBodySchema } from '../../../contracts/errors';
import type { AppDeps } from '../../app';
import { SESSION_TTL_MS } from '../../platform/auth/sessions';
import { presentSessionUser } from './auth.presenter';
import { signIn, signOut } from './auth.service';

export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: deps.config.PUBLIC_URL.startsWith('https:'),
    };

    app.get(
      '/session',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user, or null',
          response: { 200: SessionResponseSchema },
        },
      },
      async (request, reply) => {
        const user = await request.getUser();
        reply.header('cache-control', 'no-store');
        return { user: user ? presentSessionUser(user) : null };
      },
    );

    app.post(
      '/sign-in',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email and password; sets the HttpOnly session cookie',
          body: SignInInputSchema,
          response: { 200: SessionResponseSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const session = await signIn(deps, {
          ...request.body,
          userAgent: request.headers['user-agent'],
        });
        reply.setCookie(SESSION_COOKIE, session.token, {
          ...cookieOptions,
          maxAge: SESSION_TTL_MS / 1000,
        });
        return { user: presentSessionUser(session.user) };
      },
    );

    app.post(
      '/sign-out',
      {
        schema: {
          tags: ['auth'],
          summary: 'End the current session',
          response: { 200: z.object({ ok: z.literal(true) }) },
        },
      },
      async (request, reply) => {
        await signOut(deps, { token: request.cookies[SESSION_COOKIE] });
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
        return { ok: true as const };
      },
    );
  };
