import type { TestApp } from './test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who sends a request: one of the file's signed-in people (named by their cookie's key), a
 * signed-out visitor, or a cookie header the test holds itself (`{ cookie }`: a session made
 * inside a test). `{ as, cookie }` sends the person's cookie and that one (a referral or funnel
 * cookie the app set earlier).
 */
export type Sender<Who extends string> = Who | 'signedOut' | { as?: Who; cookie: string };

/**
 * A request to the test app as a `Sender`. The app and the cookies are read when the request is
 * made: files set them in beforeAll. `defaults` are headers every request of the file sends (a
 * browser's user agent); a call's own headers (a language, an idempotency key) win over them.
 */
export function requestAs<Who extends string = never>(
  app: () => TestApp,
  cookies: () => Record<Who, string> = () => ({}) as Record<Who, string>,
  defaults: Record<string, string> = {},
) {
  const cookieOf = (who: Sender<Who>): string => {
    if (who === 'signedOut') return '';
    if (typeof who === 'object') {
      return [who.as === undefined ? '' : cookies()[who.as], who.cookie].filter(Boolean).join('; ');
    }
    return cookies()[who];
  };
  return (
    who: Sender<Who>,
    method: Method,
    url: string,
    payload?: object | string,
    headers: Record<string, string> = {},
  ) => {
    const cookie = cookieOf(who);
    return app().app.inject({
      method,
      url,
      headers: { ...defaults, ...(cookie ? { cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  };
}

/** The header that asks for answers in a language (none when no tag is given). */
export const acceptLanguage = (tag?: string): Record<string, string> =>
  tag ? { 'accept-language': tag } : {};
