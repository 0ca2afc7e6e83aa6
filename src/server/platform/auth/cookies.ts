import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from '../../../contracts/auth';
import { LANGUAGE_COOKIE, type Locale } from '../../../contracts/locales';
import { ACTING_COOKIE } from '../../../contracts/teams';
import { SESSION_TTL_MS } from './sessions';

function cookieOptions(publicUrl: string) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    // Secure whenever the site is served over HTTPS; plain http://localhost needs it off.
    secure: publicUrl.startsWith('https:'),
  };
}

export function setSessionCookie(reply: FastifyReply, publicUrl: string, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    ...cookieOptions(publicUrl),
    maxAge: SESSION_TTL_MS / 1000,
  });
}

/** Signing out ends the session and any switch to a team's account with it. */
export function clearSessionCookie(reply: FastifyReply, publicUrl: string): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(publicUrl));
  reply.clearCookie(ACTING_COOKIE, { ...cookieOptions(publicUrl), httpOnly: false });
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The language picked in the footer, for visits before (or without) signing in. */
export function setLanguageCookie(reply: FastifyReply, publicUrl: string, locale: Locale): void {
  reply.setCookie(LANGUAGE_COOKIE, locale, { ...cookieOptions(publicUrl), maxAge: YEAR_SECONDS });
}
