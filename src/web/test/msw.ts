import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The network of the web tests: every request goes to a handler a test installs with
 * `server.use(http.post('/api/…', …))`. A request no handler answers fails the request and is
 * reported (`onUnhandledRequest: 'error'`), so a test never reaches a real server by accident
 * and an unexpected call shows up. Started, reset after each test and closed in `setup.ts`.
 */
export const server = setupServer();

/** The requests a test's handlers received, for asserting on what a request carried. */
export function recordRequests() {
  const requests: Request[] = [];
  const onStart = ({ request }: { request: Request }) => void requests.push(request.clone());
  server.events.on('request:start', onStart);
  return requests;
}

/** A request's path and query as the app wrote them (`/api/x?y=1`), for answers keyed by URL. */
export function requestPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** The JSON body a request carried, or undefined when it had none. */
export async function requestJson(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** One request a test's API received: its method, its path and query, and its JSON body. */
export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
}

/** Answers every `/api/` request with `answer`, and records each call in order. */
export function answerApi(answer: (call: ApiCall) => Response | Promise<Response>): ApiCall[] {
  const calls: ApiCall[] = [];
  server.use(
    http.all('/api/*', async ({ request }) => {
      const call = {
        method: request.method,
        url: requestPath(request),
        body: await requestJson(request),
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

/**
 * The server's refusal of one field, as its error handler answers a failed check (400,
 * `VALIDATION_FAILED`, the field and its message in `details.fields`): what a form test's API
 * sends back to prove the message lands on that field.
 */
export const fieldRefusal = (field: string, message: string) =>
  HttpResponse.json(
    {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Check the marked fields',
        details: { fields: [{ field, message }] },
      },
    },
    { status: 400 },
  );
