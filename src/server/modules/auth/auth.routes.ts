import { requestLocale } from '../../platform/i18n/request-locale';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePasswordSchema,
  OkSchema,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  SignUpInputSchema,
  SignUpResponseSchema,
} from '../../../contracts/accounts';
import {
  CurrentRoleResponseSchema,
  HasRoleQuerySchema,
  HasRoleResponseSchema,
  SESSION_COOKIE,
  SessionResponseSchema,
  SignInInputSchema,
} from '../../../contracts/auth';
import type { AppDeps } from '../../app-deps';
import { clearSessionCookie, setSessionCookie } from '../../platform/auth/cookies';
import { currentUser, hasRole, requireAuth } from '../../platform/auth/guards';
import { requireRecentAuth } from '../../platform/auth/recent-auth';
import { getCurrentUserRole } from '../../platform/auth/roles';
import type { SessionEvents } from '../../platform/auth/session-events';
import { rateLimit } from '../../platform/http/rate-limits';
import {
  answerSecondFactorRequired,
  TRUSTED_DEVICE_COOKIE,
} from '../../platform/auth/second-factor';
import { SignInResponseSchema } from '../../../contracts/two-factor';
import { presentSessionUser } from './auth.presenter';
import { isKnownDevice, KNOWN_DEVICE_COOKIE, knownDeviceCookie } from './sign-in-throttle';
import {
  changePassword,
  confirmEmail,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from './auth.service';
import { errorResponses } from '../../platform/http/error-responses';
import { signInLinkRoutes } from './sign-in-link.routes';

const errors = errorResponses(400, 401, 403, 429);

export const authRoutes =
  (deps: AppDeps & { sessionEvents: SessionEvents }): FastifyPluginAsyncZod =>
  async (app) => {
    // Sensitive: a password or passkey checked in the last ten minutes (decision 061).
    const recentAuth = requireRecentAuth(deps);
    const publicUrl = deps.config.PUBLIC_URL;

    // Mail work whose answer must not depend on whether the account exists: the request answers
    // at once, in the same time either way (a known account used to answer measurably slower:
    // the cooldown, the token and the mail job). Shutdown waits for what is still running.
    const pending = new Set<Promise<unknown>>();
    const offRequestPath = (request: FastifyRequest, work: Promise<unknown>) => {
      const tracked = work
        .catch((error: unknown) => request.log.error({ err: error }, 'auth mail failed'))
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    };
    app.addHook('onClose', async () => {
      await Promise.all(pending);
    });
    await app.register(signInLinkRoutes(deps));

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
        // No per-request limit: failed sign-ins are limited per address in signIn, so everyone
        // behind a venue's one address can sign in.
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email and password; sets the HttpOnly session cookie',
          body: SignInInputSchema,
          response: { 200: SignInResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await signIn(deps, {
          ...request.body,
          address: request.ip,
          userAgent: request.headers['user-agent'],
          knownDevice: isKnownDevice(
            deps.config,
            request.cookies[KNOWN_DEVICE_COOKIE],
            request.body.email,
          ),
          trustCookie: request.cookies[TRUSTED_DEVICE_COOKIE],
        });
        // Two-factor sign-in: the password was right (this browser knows the account); the second
        // step (two-factor module) opens the session.
        if ('secondFactor' in session) {
          const known = knownDeviceCookie(deps.config, request.body.email);
          reply.setCookie(known.name, known.value, known.options);
          return answerSecondFactorRequired(reply, publicUrl, session.secondFactor);
        }
        setSessionCookie(reply, publicUrl, session.token);
        const device = knownDeviceCookie(deps.config, request.body.email);
        reply.setCookie(device.name, device.value, device.options);
        return { user: presentSessionUser(session.user) };
      },
    );

    app.post(
      '/sign-out',
      {
        schema: { tags: ['auth'], summary: 'End the current session', response: { 200: OkSchema } },
      },
      async (request, reply) => {
        await signOut(deps, { token: request.cookies[SESSION_COOKIE] });
        clearSessionCookie(reply, publicUrl);
        return { ok: true as const };
      },
    );

    app.post(
      '/sign-up',
      {
        config: rateLimit('signUp', deps.config),
        schema: {
          tags: ['auth'],
          summary: 'Create an account (unconfirmed) and mail the confirmation link',
          description:
            'Validation follows spec §5 in order; an email that already has an account gets the same answer.',
          body: SignUpInputSchema,
          response: { 201: SignUpResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const result = await signUp(deps, request.body, await requestLocale(request));
        return reply.status(201).send({ ok: true as const, email: result.email });
      },
    );

    app.post(
      '/resend-confirmation',
      {
        config: rateLimit('passwordReset', deps.config),
        schema: {
          tags: ['auth'],
          summary: 'Mail a new confirmation link',
          body: PasswordResetRequestSchema,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        offRequestPath(request, resendConfirmation(deps, request.body));
        return { ok: true as const };
      },
    );

    app.get(
      '/confirm',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Confirmation link target: confirms the email and redirects to / (a broken link to /auth, to ask for a new one)',
          querystring: z.object({ token: z.string().max(200).default('') }),
        },
      },
      async (request, reply) => {
        const result = await confirmEmail(deps, { token: request.query.token });
        reply.header('cache-control', 'no-store');
        // spec §7: sign-up's redirect is /, where a toast says the address is confirmed. A link
        // that failed goes to /auth instead, where a new one can be asked for.
        return reply.redirect(
          result.ok ? '/?account=confirmed' : `/auth?confirm_error=${result.reason}`,
          303,
        );
      },
    );

    app.post(
      '/password-reset/request',
      {
        config: rateLimit('passwordReset', deps.config),
        schema: {
          tags: ['auth'],
          summary: 'Mail a password reset link (same answer whether or not the email exists)',
          body: PasswordResetRequestSchema,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        offRequestPath(request, requestPasswordReset(deps, request.body));
        return { ok: true as const };
      },
    );

    app.post(
      '/password-reset',
      {
        config: rateLimit('passwordReset', deps.config),
        schema: {
          tags: ['auth'],
          summary: 'Set a new password from a reset link; ends every session of the account',
          body: PasswordResetSchema,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await resetPassword(deps, request.body);
        return { ok: true as const };
      },
    );

    app.post(
      '/password',
      {
        onRequest: requireAuth,
        preValidation: recentAuth,
        config: rateLimit('signIn', deps.config),
        schema: {
          tags: ['auth'],
          summary: 'Change the password; ends the other sessions',
          body: ChangePasswordSchema,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await changePassword(deps, { user: await currentUser(request), ...request.body });
        return { ok: true as const };
      },
    );

    app.get(
      '/role',
      {
        schema: {
          tags: ['auth'],
          summary: 'get_current_user_role: the most privileged role, else the account type',
          response: { 200: CurrentRoleResponseSchema },
        },
      },
      async (request) => {
        const user = await request.getUser();
        return {
          role: user
            ? (getCurrentUserRole(user) as z.infer<typeof CurrentRoleResponseSchema>['role'])
            : null,
        };
      },
    );

    app.get(
      '/has-role',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['auth'],
          summary: 'has_role: admin passes every role',
          querystring: HasRoleQuerySchema,
          response: { 200: HasRoleResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ hasRole: hasRole(await currentUser(request), request.query.role) }),
    );
  };
