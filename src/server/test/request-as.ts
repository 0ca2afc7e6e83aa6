import type { TestApp } from './test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A request to the test app as one of the file's signed-in people (named by their cookie's key)
 * or as a signed-out visitor. Both are read when the request is made: files set them in beforeAll.
 */
export function requestAs<Who extends string>(
  app: () => TestApp,
  cookies: () => Record<Who, string>,
) {
  return (
    who: Who | 'signedOut',
    method: Method,
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    app().app.inject({
      method,
      url,
      headers: { ...(who === 'signedOut' ? {} : { cookie: cookies()[who] }), ...headers },
      ...(payload ? { payload } : {}),
    });
}
