import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROLE_PERMISSIONS,
  TEAM_ROLES,
  type TeamPermission,
  type TeamRole,
} from '../../../contracts/teams';
import type { Order } from '../../../contracts/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { linkFrom, waitForCapturedMail } from '../../test/mail';
import {
  exampleOf,
  fillPath,
  operationsOf,
  pathParamsOf,
  type Operation,
} from '../../test/openapi-operations';
import { givePlan } from '../../test/plans';
import { keyOf, paramsOf, VALID_BODIES } from '../../test/route-requests';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart, png } from '../../test/uploads';

// The route-access test's team half, generated from the route list like it: every organizer
// route of an event says which team permission opens it (decision 065), or `owner` when no team
// role does. For each route, a member whose role allows it gets in on an event in their scope;
// a member whose role does not allow it, or whose scope leaves the event out, gets exactly the
// answer another user gets. Admins and signed-out visitors are the route-access test's.

type Need = TeamPermission | 'owner';

const TEAM: Record<string, Need> = {
  'PATCH /api/events/{id}': 'event.edit',
  // Irreversible: the owner's (and admins') alone.
  'DELETE /api/events/{id}': 'owner',
  'POST /api/events/{id}/publish': 'event.edit',
  'POST /api/events/{id}/cancel': 'event.edit',
  'POST /api/events/{id}/cover': 'event.edit',
  'POST /api/events/{id}/series': 'event.edit',
  'POST /api/events/{id}/duplicate': 'event.edit',
  'POST /api/events/{id}/ticket-types': 'event.edit',
  'GET /api/events/{id}/ticket-types/manage': 'event.edit',
  'PATCH /api/ticket-types/{id}': 'event.edit',
  'DELETE /api/ticket-types/{id}': 'event.edit',
  'GET /api/events/{id}/products/manage': 'event.edit',
  'POST /api/events/{id}/products': 'event.edit',
  'PUT /api/products/{id}': 'event.edit',
  'DELETE /api/products/{id}': 'event.edit',
  'GET /api/events/{id}/discount-codes': 'discount_codes',
  'POST /api/events/{id}/discount-codes': 'discount_codes',
  'PATCH /api/discount-codes/{id}': 'discount_codes',
  'DELETE /api/discount-codes/{id}': 'discount_codes',
  'GET /api/events/{id}/access-codes': 'event.edit',
  'POST /api/events/{id}/access-codes': 'event.edit',
  'POST /api/events/{id}/access-codes/bulk': 'event.edit',
  'GET /api/events/{id}/access-codes.csv': 'event.edit',
  'PATCH /api/access-codes/{id}': 'event.edit',
  'DELETE /api/access-codes/{id}': 'event.edit',
  'GET /api/events/{id}/capacity-pools': 'event.edit',
  'POST /api/events/{id}/capacity-pools': 'event.edit',
  'PATCH /api/capacity-pools/{id}': 'event.edit',
  'DELETE /api/capacity-pools/{id}': 'event.edit',
  // Seating: which of the owner's plans the event sells on (decision 072).
  'PUT /api/events/{id}/seating': 'event.edit',
  'DELETE /api/events/{id}/seating': 'event.edit',
  'POST /api/events/{id}/seat-moves': 'orders',
  'GET /api/events/{id}/questions': 'event.edit',
  'POST /api/events/{id}/questions': 'event.edit',
  'PUT /api/events/{id}/question-settings': 'event.edit',
  'GET /api/events/{id}/answers': 'attendees.view',
  'PATCH /api/questions/{id}': 'event.edit',
  'DELETE /api/questions/{id}': 'event.edit',
  'POST /api/questions/{id}/move': 'event.edit',
  'GET /api/waitlist/events/{id}': 'event.edit',
  'PUT /api/waitlist/events/{id}/settings': 'event.edit',
  'POST /api/waitlist/entries/{id}/offer': 'event.edit',
  'POST /api/waitlist/entries/{id}/remove': 'event.edit',
  'GET /api/events/{id}/tax-settings': 'invoices',
  'PUT /api/events/{id}/tax-settings': 'invoices',
  'PUT /api/events/{id}/billing-settings': 'invoices',
  'GET /api/events/{id}/transfer-settings': 'event.edit',
  'PUT /api/events/{id}/transfer-settings': 'event.edit',
  'GET /api/events/{id}/transfers': 'attendees.view',
  'POST /api/events/{id}/check-in': 'check_in',
  'GET /api/events/{id}/attendees': 'attendees.view',
  'GET /api/events/{id}/attendees.csv': 'exports',
  'GET /api/events/{id}/export': 'exports',
  'POST /api/events/{id}/exports': 'exports',
  'GET /api/events/{id}/exports': 'exports',
  'GET /api/events/{id}/exports/{exportId}': 'exports',
  'GET /api/events/{id}/exports/{exportId}/file': 'exports',
  'GET /api/events/{id}/orders': 'orders',
  'GET /api/events/{id}/sales': 'orders',
  'GET /api/orders/{id}': 'orders',
  'POST /api/orders/{id}/refund': 'refunds',
  // The buyer's own: cancelling a pending order.
  'POST /api/orders/{id}/cancel': 'owner',
  // The buyer asks for an invoice; the seller's side (the owner, a member handling invoices)
  // reads the order's invoices and is told none can be issued.
  'POST /api/orders/{id}/invoices': 'invoices',
  'GET /api/orders/{id}/invoices': 'invoices',
  'GET /api/invoices/{id}/pdf': 'invoices',
  'POST /api/invoices/{id}/reissue': 'invoices',
  // An order's tax summary and the buyer's company details, read by who handles its invoices.
  'GET /api/orders/{id}/tax': 'invoices',
  'GET /api/orders/{id}/billing-details': 'invoices',
  'POST /api/events/{id}/announcements/preview': 'announcements',
  'POST /api/events/{id}/announcements': 'announcements',
  'GET /api/events/{eventId}/vendor-requests': 'vendors.applications',
  'POST /api/events/{eventId}/vendor-requests/read': 'vendors.applications',
  'POST /api/events/{eventId}/vendor-requests/{requestId}/approve': 'vendors.applications',
  'POST /api/events/{eventId}/vendor-requests/{requestId}/reject': 'vendors.applications',
  // Vendors' positions on the day: the vendor manager's, who hired them.
  'GET /api/events/{eventId}/vendor-locations': 'vendors.bookings',
  'GET /api/feedback/events/{eventId}/questions': 'feedback',
  'PUT /api/feedback/events/{eventId}/questions': 'feedback',
  'GET /api/feedback/events/{eventId}/results': 'feedback',
  'PUT /api/feedback/{id}/reply': 'feedback',
  'POST /api/events/{eventId}/streams': 'event.edit',
  // Paying for the streaming add-on is billing: the owner's.
  'POST /api/events/{eventId}/streaming/checkout': 'owner',
  'PATCH /api/streams/{id}': 'event.edit',
  'POST /api/streams/{id}/key': 'event.edit',
  'POST /api/streams/{id}/invite': 'event.edit',
  'POST /api/streams/{id}/end': 'event.edit',
  'DELETE /api/streams/{id}/recording': 'event.edit',
};

/** Event routes that are not the organizer's: the public page, buying, attendees' own. */
const NOT_ORGANIZER = new Set([
  'GET /api/events/{id}',
  'GET /api/events/{id}/calendar.ics',
  'GET /api/events/{id}/ticket-types',
  'GET /api/events/{id}/products',
  'POST /api/events/{id}/register',
  'GET /api/events/{id}/attending',
  'GET /api/events/{id}/billing-settings',
  'GET /api/events/{eventId}/vendor-info',
  'POST /api/events/{eventId}/vendor-requests',
  'GET /api/events/{eventId}/chat',
  'POST /api/events/{eventId}/chat/join',
  'GET /api/events/{eventId}/rides',
  'POST /api/events/{eventId}/ride-requests',
  'PUT /api/events/{eventId}/vendor-location',
  'DELETE /api/events/{eventId}/vendor-location',
  'GET /api/events/{eventId}/stream',
  'GET /api/events/{id}/seating',
  'GET /api/events/{id}/seating/changes',
  'POST /api/events/{id}/seating/best',
  'POST /api/events/{id}/seat-orders',
]);

/** Each permission proven with the narrowest role that has it (manager has nearly all). */
const roleFor = (permission: TeamPermission): TeamRole =>
  [...TEAM_ROLES]
    .filter((role) => ROLE_PERMISSIONS[role].includes(permission))
    .sort((a, b) => ROLE_PERMISSIONS[a].length - ROLE_PERMISSIONS[b].length)[0] ?? 'manager';

const DENIED = [401, 403, 404];

let t: TestApp;
let owner: CreatedUser;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let operations: Operation[] = [];
let image: Buffer;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Tess Teamowner' });
  await givePlan(t.db, owner.id);
  cookies.owner = await t.sessionCookie(owner);
  cookies.intruder = await t.sessionCookie(await createUser(t.db, { userType: 'organizer' }));
  const buyer = await createUser(t.db, { fullName: 'Bea Buyer' });
  cookies.buyer = await t.sessionCookie(buyer);
  image = await png(64, 64);
  const as = async (who: string, method: string, url: string, payload?: object) => {
    const response = await t.app.inject({
      method: method as 'POST',
      url,
      headers: { cookie: cookies[who] ?? '' },
      payload,
    });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json<{ id: string }>();
  };

  // A published event with a paid order (and its invoice): the event in the members' scope.
  const event = await createEvent(t.db, { userId: owner.id, isFree: false });
  const other = await createEvent(t.db, { userId: owner.id, isFree: false });
  const type = await createTicketType(t.db, { eventId: event.id, priceCents: 2500 });
  await as('owner', 'PUT', '/api/invoices/profile', {
    legalName: 'Teamowner Events',
    address: '1 Quay',
    taxId: 'NG-1',
    footer: 'Thanks',
    logoUrl: null,
    numberPrefix: 'T-',
    numberFormat: '{prefix}{year}-{number:5}',
    issueMode: 'automatic',
  });
  const order = (await as('buyer', 'POST', '/api/orders', {
    items: [{ ticketTypeId: type.id, quantity: 1 }],
  })) as unknown as Order;
  const session = order.checkoutUrl?.split('/pay/')[1] ?? 'none';
  await as('buyer', 'POST', `/api/payments/local/sessions/${session}/pay`, {
    name: 'Bea Buyer',
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/30',
    cvc: '123',
  });
  await t.settle();
  const invoices = await t.app.inject({
    url: `/api/orders/${order.id}/invoices`,
    headers: { cookie: cookies.owner ?? '' },
  });
  const invoiceId = invoices.json<{ invoices: { id: string }[] }>().invoices[0]?.id;

  const code = await as('owner', 'POST', `/api/events/${event.id}/discount-codes`, {
    code: 'TEAM10',
    kind: 'percent',
    amount: 10,
  });
  const accessCode = await as('owner', 'POST', `/api/events/${event.id}/access-codes`, {
    code: 'TEAMAC',
    ticketTypeIds: [type.id],
  });
  const pool = await as('owner', 'POST', `/api/events/${event.id}/capacity-pools`, {
    name: 'Hall',
    capacity: 50,
    ticketTypeIds: [type.id],
  });
  const question = await as('owner', 'POST', `/api/events/${event.id}/questions`, {
    scope: 'order',
    type: 'short_text',
    label: 'Company',
  });
  const product = await as('owner', 'POST', `/api/events/${event.id}/products`, {
    name: 'Parking',
    priceCents: 900,
    variations: [{ quantity: 5 }],
  });
  const stream = await as('owner', 'POST', `/api/events/${event.id}/streams`, {
    title: 'Main stage',
    scheduledStart: '2026-12-20T18:00:00Z',
    access: 'public',
  });
  const exported = await as('owner', 'POST', `/api/events/${event.id}/exports`, {
    kind: 'attendees',
    format: 'csv',
  });
  Object.assign(ids, {
    events: event.id,
    eventId: event.id,
    'ticket-types': type.id,
    'discount-codes': code.id,
    'access-codes': accessCode.id,
    'capacity-pools': pool.id,
    questions: question.id,
    products: product.id,
    streams: stream.id,
    exportId: exported.id,
    orders: order.id,
    ...(invoiceId ? { invoices: invoiceId } : {}),
  });

  // One member per role scoped to the event, and a manager scoped to another event only.
  const join = async (name: string, role: TeamRole, eventIds: string[]) => {
    const user = await createUser(t.db);
    await as('owner', 'POST', '/api/teams/invites', {
      email: user.email,
      role,
      allEvents: false,
      eventIds,
    });
    const [mail] = await waitForCapturedMail(t.db, user.email);
    const link = linkFrom(mail?.text ?? '', `${t.config.PUBLIC_URL}/teams/invite/`);
    cookies[name] = await t.sessionCookie(user);
    await as(name, 'POST', '/api/teams/invites/accept', {
      token: decodeURIComponent(link.split('/teams/invite/')[1] ?? ''),
    });
  };
  for (const role of TEAM_ROLES) await join(role, role, [event.id]);
  await join('outOfScope', 'manager', [other.id]);

  operations = operationsOf((await t.app.inject({ url: '/api/openapi.json' })).json()).filter(
    (operation) => pathParamsOf(operation.path).length > 0,
  );
}, 120_000);
afterAll(() => t.close());

const BODIES: Record<string, object> = {
  ...VALID_BODIES,
  'PATCH /api/events/{id}': { title: 'Renamed by the team' },
};

function request(operation: Operation, who: string) {
  const key = keyOf(operation);
  const form =
    key === 'POST /api/events/{id}/cover'
      ? multipart('cover', 'photo.png', 'image/png', image)
      : undefined;
  const body = BODIES[key] ?? (operation.body ? exampleOf(operation.body) : undefined);
  return t.app.inject({
    method: operation.method as 'POST',
    url: fillPath(operation.path, paramsOf(operation.path, ids).values),
    headers: { cookie: cookies[who] ?? '', ...form?.headers },
    ...(form ? { payload: form.payload } : body === undefined ? {} : { payload: body as object }),
  });
}

const isEventRoute = (path: string) => path.startsWith('/api/events/{');
const organizerRoutes = () => operations.filter((operation) => keyOf(operation) in TEAM);

/** Routes whose allowed member gets a refusal from these requests for a reason other than access. */
const MEMBER_ANSWERS_NO: Record<string, string> = {
  'POST /api/events/{id}/seat-moves':
    'the event is not sold by seat (404); seat-exchange.int.test.ts has the member matrix',
  'POST /api/events/{id}/check-in': 'the example ticket code does not exist (404)',
};

describe('team roles on every organizer route of an event', () => {
  it('says which team permission opens every event route that is not public', () => {
    const unlisted = operations
      .map(keyOf)
      .filter((key) => isEventRoute(key.split(' ')[1] ?? ''))
      .filter((key) => !(key in TEAM) && !NOT_ORGANIZER.has(key));
    expect(unlisted).toEqual([]);
  });

  it('answers a member whose role or scope leaves the route out as it answers another user', async () => {
    const differences: string[] = [];
    for (const operation of organizerRoutes()) {
      const need = TEAM[keyOf(operation)];
      const other = await request(operation, 'intruder');
      const refused = TEAM_ROLES.filter(
        (role) => need === 'owner' || !ROLE_PERMISSIONS[role].includes(need as TeamPermission),
      );
      for (const who of [...refused, 'outOfScope']) {
        const response = await request(operation, who);
        if (response.statusCode !== other.statusCode)
          differences.push(
            `${keyOf(operation)} ${who}: ${response.statusCode} (another user: ${other.statusCode}) ${response.body.slice(0, 100)}`,
          );
      }
    }
    expect(differences).toEqual([]);
  });

  it('lets in a member whose role allows the route on an event in their scope', async () => {
    const refused: string[] = [];
    // Non-destructive calls with real ids, as the owner's half of the route-access test does.
    const checked = organizerRoutes().filter(
      (operation) =>
        TEAM[keyOf(operation)] !== 'owner' &&
        paramsOf(operation.path, ids).real &&
        operation.method !== 'DELETE' &&
        !/\/(cancel|publish|refund|end|key)$/.test(operation.path) &&
        !(keyOf(operation) in MEMBER_ANSWERS_NO),
    );
    expect(checked.length).toBeGreaterThan(40);
    for (const operation of checked) {
      const role = roleFor(TEAM[keyOf(operation)] as TeamPermission);
      for (const who of new Set([role, 'manager' as const])) {
        if (!ROLE_PERMISSIONS[who].includes(TEAM[keyOf(operation)] as TeamPermission)) continue;
        const response = await request(operation, who);
        if (DENIED.includes(response.statusCode))
          refused.push(
            `${keyOf(operation)} ${who}: ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
      }
    }
    expect(refused).toEqual([]);
  });

  it('lets a member refund a paid order of the event when their role is finance', async () => {
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${ids.orders}/refund`,
      headers: { cookie: cookies.finance ?? '' },
      payload: { amountCents: 500, reason: 'Late door' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const log = await t.app.inject({
      url: '/api/teams/activity',
      headers: { cookie: cookies.owner ?? '' },
    });
    const actions = log.json<{ activity: { action: string }[] }>().activity.map((a) => a.action);
    expect(actions).toContain('order.refund');
    expect(actions).toContain('event.edit');
    // Reads and check-ins are not logged one by one.
    expect(actions).not.toContain('attendees.view');
    expect(actions).not.toContain('check_in');
  });
});
