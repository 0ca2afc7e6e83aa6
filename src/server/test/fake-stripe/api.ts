// The API's door: the secret key, idempotency keys replayed as Stripe replays them, every call
// recorded, and each request handed to the part that answers it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiRoute, FakeStripeState } from './objects';
import { newId, parseStripeForm, StripeHttpError, type JsonObject } from './wire';

export interface RecordedRequest {
  method: string;
  path: string;
  params: JsonObject;
  idempotencyKey: string | null;
  status: number;
}

export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': newId('req'),
    ...headers,
  });
  res.end(JSON.stringify(body, null, 2));
}

export function handleApi(
  api: {
    state: FakeStripeState;
    routes: ApiRoute[];
    requests: RecordedRequest[];
    idempotent: Idempotent;
  },
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  rawBody: string,
) {
  const { requests, idempotent } = api;
  const method = req.method ?? 'GET';
  const path = url.pathname;
  const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
  const record = (status: number, params: JsonObject) =>
    requests.push({ method, path, params, idempotencyKey, status });
  const stripeVersion = req.headers['stripe-version'];
  const versionHeader: Record<string, string> =
    typeof stripeVersion === 'string' ? { 'stripe-version': stripeVersion } : {};

  const auth = req.headers.authorization ?? '';
  const key = /^Bearer (.+)$/.exec(auth)?.[1];
  if (!key) {
    record(401, {});
    return send(res, 401, {
      error: {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      },
    });
  }
  if (!/^sk_test_\w+$/.test(key)) {
    record(401, {});
    return send(res, 401, {
      error: {
        type: 'invalid_request_error',
        code: 'api_key_invalid',
        message: `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`,
      },
    });
  }

  let params: JsonObject;
  try {
    params = parseStripeForm(
      method === 'GET' || method === 'DELETE' ? url.searchParams : new URLSearchParams(rawBody),
    );
  } catch {
    params = {};
  }

  const idemKey = idempotencyKey && method === 'POST' ? `${key}\u0000${idempotencyKey}` : null;
  if (idemKey) {
    const previous = idempotent.get(idemKey);
    if (previous) {
      if (
        previous.method !== method ||
        previous.path !== path ||
        previous.params !== JSON.stringify(params)
      ) {
        record(400, params);
        return send(res, 400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      record(previous.status, params);
      return send(res, previous.status, previous.body, {
        ...versionHeader,
        'idempotent-replayed': 'true',
        'original-request': newId('req'),
      });
    }
  }

  let status = 200;
  let body: unknown;
  try {
    body = answer(api.state, api.routes, method, path, params);
  } catch (error) {
    if (!(error instanceof StripeHttpError)) throw error;
    status = error.status;
    body = { error: error.body };
  }
  if (idemKey) {
    idempotent.set(idemKey, { method, path, params: JSON.stringify(params), status, body });
  }
  record(status, params);
  send(res, status, body, versionHeader);
}

/** What an idempotency key first answered, by secret key and idempotency key. */
export type Idempotent = Map<
  string,
  { method: string; path: string; params: string; status: number; body: unknown }
>;

function answer(
  state: FakeStripeState,
  routes: ApiRoute[],
  method: string,
  path: string,
  params: JsonObject,
): unknown {
  for (const route of routes) {
    if (route.method !== method) continue;
    const match = path.match(route.path);
    if (match) return route.answer(state, params, match.slice(1).map(decodeURIComponent));
  }
  throw new StripeHttpError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}). The fake Stripe implements only what platform/payments/stripe.ts uses.`,
  });
}
