// Customers and the billing portal: a subscriber is a Stripe customer and manages their
// subscription on Stripe's portal page, then returns to the site.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiRoute, FakeCustomer, FakePortalSession, FakeStripeState } from './objects';
import {
  escapeHtml,
  found,
  htmlPage,
  int,
  invalid,
  missingParam,
  newId,
  noSuch,
  nowSeconds,
  obj,
  str,
  stringMap,
  type JsonObject,
} from './wire';

export function createCustomer(state: FakeStripeState, params: JsonObject): FakeCustomer {
  const customer: FakeCustomer = {
    id: newId('cus'),
    object: 'customer',
    email: str(params, 'email') ?? null,
    name: str(params, 'name') ?? null,
    metadata: stringMap(obj(params, 'metadata'), 'metadata'),
    created: nowSeconds(),
    livemode: false,
  };
  state.customers.set(customer.id, customer);
  return customer;
}

function listCustomers(state: FakeStripeState, params: JsonObject) {
  const limit = int(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalid('limit must be between 1 and 100', 'limit');
  const email = str(params, 'email');
  // Stripe's email filter is case-sensitive; newest first.
  const matching = [...state.customers.values()]
    .filter((c) => email === undefined || c.email === email)
    .reverse();
  return {
    object: 'list',
    data: matching.slice(0, limit),
    has_more: matching.length > limit,
    url: '/v1/customers',
  };
}

function createPortalSession(state: FakeStripeState, params: JsonObject): FakePortalSession {
  const customer = str(params, 'customer');
  if (!customer) throw missingParam('customer');
  if (!state.customers.has(customer)) throw noSuch('customer', customer, 'customer');
  const id = newId('bps');
  const session: FakePortalSession = {
    id,
    object: 'billing_portal.session',
    customer,
    return_url: str(params, 'return_url') ?? null,
    url: `${state.baseUrl}/p/session/${id}`,
    created: nowSeconds(),
    livemode: false,
  };
  state.portalSessions.set(id, session);
  return session;
}

export const CUSTOMER_ROUTES: ApiRoute[] = [
  { method: 'GET', path: /^\/v1\/customers$/, answer: listCustomers },
  { method: 'POST', path: /^\/v1\/customers$/, answer: createCustomer },
  {
    method: 'GET',
    path: /^\/v1\/customers\/([^/]+)$/,
    answer: (state, _params, [id = '']) => found(state.customers, 'customer', id),
  },
  { method: 'POST', path: /^\/v1\/billing_portal\/sessions$/, answer: createPortalSession },
];

/** Stripe's billing portal page (browser tests): a link back. False when it is not one. */
export function portalPage(
  state: FakeStripeState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): boolean {
  const match = url.pathname.match(/^\/p\/session\/([^/]+)$/);
  const session = match ? state.portalSessions.get(decodeURIComponent(match[1] ?? '')) : undefined;
  if (!session || req.method !== 'GET') return false;
  const back = session.return_url ? `<a href="${escapeHtml(session.return_url)}">Return</a>` : '';
  htmlPage(res, 200, `<h1>Billing portal for ${escapeHtml(session.customer)}</h1>${back}`);
  return true;
}
