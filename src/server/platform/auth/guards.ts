import { msg } from '@lingui/core/macro';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../../contracts/auth';
import type { Role } from '../../../contracts/enums';
import type { Database } from '../../db/client';
import type { Clock } from '../clock';
import { AppError } from '../http/errors';
import { forgetsUser, SessionCache } from './session-cache';
import type { SessionEvents } from './session-events';
import { findSessionUser, hashToken, type AuthUser } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved lazily from the session cookie (null when signed out). */
    getUser(): Promise<AuthUser | null>;
  }
}

export function registerSessionResolver(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    config: { SESSION_CACHE_MS: number };
    sessionEvents: SessionEvents;
  },
): void {
  const sessions = new SessionCache(deps.config.SESSION_CACHE_MS);
  const events = deps.sessionEvents;
  events.onChange((change) => sessions.forgetUser(change.userId));
  events.onResync(() => sessions.clear());
  const lookUp = async (token: string) => {
    const key = hashToken(token);
    const now = performance.now();
    const appNow = deps.clock.now();
    // Unheard changes elsewhere would go unnoticed: while deaf, every request asks the database.
    const trusted = events.listening;
    const cached = trusted ? sessions.get(key, now, appNow.getTime()) : undefined;
    if (cached) return cached;
    const epoch = sessions.epoch;
    const user = await findSessionUser(deps.db, { token, now: appNow });
    if (user && trusted) sessions.set(key, user, now, epoch, appNow.getTime());
    return user;
  };
  app.decorateRequest('getUser', function (this: FastifyRequest) {
    // Memoised per request, and only looked up by routes that ask: static files and public
    // endpoints never touch the sessions table.
    const cache = this as FastifyRequest & { userPromise?: Promise<AuthUser | null> };
    if (!cache.userPromise) {
      const token = this.cookies[SESSION_COOKIE];
      cache.userPromise = token ? lookUp(token) : Promise.resolve(null);
    }
    return cache.userPromise;
  });
  // A signed-in person's JSON is theirs alone: no shared cache (a proxy, a shared computer's
  // browser cache after sign-out) may keep it. Routes that chose a Cache-Control keep theirs.
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.cookies[SESSION_COOKIE] &&
      !reply.hasHeader('cache-control') &&
      String(reply.getHeader('content-type') ?? '').startsWith('application/json')
    ) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
  // After a change to someone's account or session here, their next request asks the database.
  app.addHook('onResponse', async (request) => {
    if (!forgetsUser(request.method, request.url)) return;
    const token = request.cookies[SESSION_COOKIE];
    const resolved = (request as FastifyRequest & { userPromise?: Promise<AuthUser | null> })
      .userPromise;
    const user =
      (await resolved?.catch(() => null)) ??
      (token
        ? sessions.get(hashToken(token), performance.now(), deps.clock.now().getTime())
        : undefined);
    if (user) sessions.forgetUser(user.id);
  });
}

/** Route guard: 401 unless signed in. */
export async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!(await request.getUser()))
    throw new AppError('UNAUTHENTICATED', msg`Please sign in to continue`);
}

/** spec §6: an admin may do everything; every module asks this one question the same way. */
export const isAdmin = (user: { readonly roles: readonly Role[] } | null | undefined) =>
  Boolean(user?.roles.includes('admin'));

/** spec §6: admin passes every role check. */
export function hasRole(user: Pick<AuthUser, 'roles'>, role: Role): boolean {
  return user.roles.includes('admin') || user.roles.includes(role);
}

export function requireRole(role: Role) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = await request.getUser();
    if (!user) throw new AppError('UNAUTHENTICATED', msg`Please sign in to continue`);
    if (!hasRole(user, role)) throw new AppError('FORBIDDEN', msg`Required role: ${role}`);
  };
}

/** The signed-in user inside a guarded route (requireAuth ran first). */
export async function currentUser(request: FastifyRequest): Promise<AuthUser> {
  const user = await request.getUser();
  if (!user) throw new AppError('UNAUTHENTICATED', msg`Please sign in to continue`);
  return user;
}
