import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../../contracts/auth';
import {
  isLocale,
  LANGUAGE_COOKIE,
  localeFromAcceptLanguage,
  SOURCE_LOCALE,
  type Locale,
} from '../../../contracts/locales';

/**
 * The language to answer in: a link that names one (`?lang=es`, the pages' hreflang
 * alternates), then the account's setting, then the footer picker's cookie, then the browser's
 * Accept-Language, then English.
 */
export function chooseLocale(sources: {
  link?: string | null;
  account?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (isLocale(sources.link)) return sources.link;
  if (isLocale(sources.account)) return sources.account;
  if (isLocale(sources.cookie)) return sources.cookie;
  return localeFromAcceptLanguage(sources.acceptLanguage) ?? SOURCE_LOCALE;
}

/** A request's language; reads the session only when there is one (and never fails on it). */
export async function requestLocale(request: FastifyRequest): Promise<Locale> {
  // Cookies are parsed by a plugin: an error raised before it ran (or without it) has none.
  const cookies = (request.cookies as Record<string, string | undefined> | undefined) ?? {};
  const user = cookies[SESSION_COOKIE] ? await request.getUser().catch(() => null) : null;
  const query = request.url.indexOf('?');
  return chooseLocale({
    link: query < 0 ? null : new URLSearchParams(request.url.slice(query + 1)).get('lang'),
    account: user?.language,
    cookie: cookies[LANGUAGE_COOKIE],
    acceptLanguage: request.headers['accept-language'],
  });
}
