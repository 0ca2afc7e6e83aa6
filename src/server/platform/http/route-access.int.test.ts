import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import {
  exampleOf,
  fillPath,
  operationsOf,
  pathParamsOf,
  type Operation,
} from '../../test/openapi-operations';
import { keyOf, paramsOf, UNKNOWN_ID, VALID_BODIES } from '../../test/route-requests';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart, png } from '../../test/uploads';
import { givePlan } from '../../test/plans';
import { ACCESS } from './route-access/index';

// An access test generated from the route list: every operation of the OpenAPI
// document that takes an id is in the table (route-access/, one file per area) with who may use
// it. The test fails for a route missing from the table (a new route must say who may call it)
// and, for every route about one person's resource, proves that another signed-in user and a
// signed-out visitor are refused.

const DENIED = [401, 403, 404];

let t: TestApp;
let owner: CreatedUser;
let intruder: CreatedUser;
const cookies: Record<string, string> = {};
/** The owner's real resources, by the path segment before the id (or the id's own name). */
const ids: Record<string, string> = {};
let operations: Operation[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Owen Owner' });
  // On a plan with every flag, so plan gates (spec §6) never pass for an access refusal.
  await givePlan(t.db, owner.id);
  // Another organizer, so a refusal is about the resource, not about a missing role.
  intruder = await createUser(t.db, { userType: 'organizer', fullName: 'Ivy Intruder' });
  const friend = await createUser(t.db, { fullName: 'Fred Friend' });
  const host = await createUser(t.db, { userType: 'organizer', fullName: 'Hana Host' });
  const vendor = await createUser(t.db, { userType: 'vendor', fullName: 'Vic Vendor' });
  image = await png(64, 64);
  cookies.owner = await t.sessionCookie(owner);
  cookies.intruder = await t.sessionCookie(intruder);
  const as = (who: 'owner', method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'POST', url, headers: { cookie: cookies[who] }, payload });

  // The owner's draft event: seen by its owner only, so every event route must refuse others.
  const draft = await createEvent(t.db, { userId: owner.id, eventStatus: 'draft', isFree: false });
  const type = await createTicketType(t.db, { eventId: draft.id });
  const code = await as('owner', 'POST', `/api/events/${draft.id}/discount-codes`, {
    code: 'OWN10',
    kind: 'percent',
    amount: 10,
  });
  expect(code.statusCode, code.body).toBe(201);
  const accessCode = await as('owner', 'POST', `/api/events/${draft.id}/access-codes`, {
    code: 'OWNERS',
    ticketTypeIds: [type.id],
  });
  expect(accessCode.statusCode, accessCode.body).toBe(201);
  // The owner's ticket and order: a free registration to someone else's event.
  const free = await createEvent(t.db, { userId: host.id, isFree: true });
  await createTicketType(t.db, { eventId: free.id, priceCents: 0 });
  const registered = await as('owner', 'POST', `/api/events/${free.id}/register`, {});
  expect(registered.statusCode, registered.body).toBe(201);
  const order = registered.json<{ id: string; tickets: { id: string }[] }>();
  const chat = await as('owner', 'POST', '/api/chats/open', { ref: friend.id });
  expect(chat.statusCode, chat.body).toBe(200);
  const chatId = chat.json<{ id: string }>().id;
  const message = await as('owner', 'POST', `/api/chats/${chatId}/messages`, { body: 'hi' });
  expect(message.statusCode, message.body).toBe(201);
  const campaign = await as('owner', 'POST', '/api/promotions/campaigns', {
    headline: 'Owner promotion',
    imageAlt: 'A stage',
    targetPath: `/organizers/${owner.id}`,
    placement: 'home_billboard',
    startsAt: '2026-11-22T00:00:00Z',
    endsAt: '2026-12-22T00:00:00Z',
    dailyBudgetCents: 1000,
    totalBudgetCents: 5000,
    pricing: 'cpm',
  });
  expect(campaign.statusCode, campaign.body).toBe(201);
  Object.assign(ids, {
    events: draft.id,
    eventId: draft.id,
    'ticket-types': type.id,
    'discount-codes': code.json<{ id: string }>().id,
    'access-codes': accessCode.json<{ id: string }>().id,
    orders: order.id,
    tickets: order.tickets[0]?.id ?? UNKNOWN_ID,
    chats: chatId,
    messageId: message.json<{ id: string }>().id,
    organizers: host.id,
    vendorId: vendor.id,
    userId: friend.id,
    campaigns: campaign.json<{ id: string }>().id,
  });
  operations = operationsOf((await t.app.inject({ url: '/api/openapi.json' })).json()).filter(
    (operation) => pathParamsOf(operation.path).length > 0,
  );
}, 60_000);
afterAll(() => t.close());

/** Upload routes (multipart, not in the document's schemas): the file field each one reads. */
const UPLOADS: Record<string, string> = {
  'POST /api/events/{id}/cover': 'cover',
  'POST /api/chats/{id}/attachments': 'image',
  'POST /api/promotions/campaigns/{id}/image': 'image',
  'POST /api/diary/entries/{id}/photos': 'photo',
};
let image: Buffer;

function request(operation: Operation, cookie: string | undefined) {
  const { values } = paramsOf(operation.path, ids);
  const key = keyOf(operation);
  const upload = UPLOADS[key];
  const form = upload ? multipart(upload, 'photo.png', 'image/png', image) : undefined;
  const body = VALID_BODIES[key] ?? (operation.body ? exampleOf(operation.body) : undefined);
  return t.app.inject({
    method: operation.method as 'POST',
    url: fillPath(operation.path, values),
    headers: { ...(cookie ? { cookie } : {}), ...form?.headers },
    ...(form ? { payload: form.payload } : body === undefined ? {} : { payload: body as object }),
  });
}

/** Routes whose owner gets a 403/404 from these requests for a reason other than access. */
const OWNER_ANSWERS_NO: Record<string, string> = {
  'POST /api/events/{id}/seat-moves':
    'the draft event is not sold by seat (404); seat-exchange.int.test.ts has its access matrix',
  'GET /api/v1/events/{id}':
    'the public API takes a bearer key, not the session cookie (401; developer/v1-access-matrix.int.test.ts has its key matrix)',
  'PATCH /api/v1/events/{id}': 'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/v1/events/{id}/orders':
    'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/v1/events/{id}/vendors':
    'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/v1/events/{id}/attendees':
    'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/v1/events/{id}/transfers':
    'the public API takes a bearer key, not the session cookie (401)',
  'POST /api/v1/events/{id}/check-ins':
    'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/v1/events/{id}/capacity-pools':
    'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/v1/events/{id}/waitlist':
    'the public API takes a bearer key, not the session cookie (401)',
  'POST /api/v1/events/{id}/waitlist':
    'the public API takes a bearer key, not the session cookie (401)',
  'POST /api/v1/events/{id}/waitlist/{entryId}/offer':
    'the public API takes a bearer key, not the session cookie (401)',
  'POST /api/v1/events/{id}/waitlist/{entryId}/cancel':
    'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/v1/events/{id}/exports':
    'the public API takes a bearer key, not the session cookie (401)',
  'POST /api/v1/events/{id}/exports':
    'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/v1/events/{id}/exports/{exportId}':
    'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/v1/events/{id}/exports/{exportId}/file':
    'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/developer/widget/events/{id}/availability':
    'the widget shows published public events only; the fixture is the owner’s own draft (404)',
  'PUT /api/diary/events/{eventId}':
    'a diary entry needs a ticket; the fixture is the owner’s own draft (404)',
  'GET /api/feedback/events/{eventId}':
    'feedback needs a ticket for an ended event; the fixture is the owner’s own draft (404)',
  'PUT /api/feedback/events/{eventId}':
    'feedback needs a ticket for an ended event; the fixture is the owner’s own draft (404)',
  'POST /api/events/{id}/check-in': 'the example ticket code does not exist (404)',
  'GET /api/wallet/tickets/{id}/google':
    'no Google Wallet account is set up for the fixture’s event (404; wallet-passes.int.test.ts)',
  'GET /api/wallet/tickets/{id}/apple':
    'no Apple pass certificate is set up for the fixture’s event (404; apple-wallet.int.test.ts)',
  'PUT /api/chats/{id}/pin': 'pinning is for event group chats; the fixture is a direct chat (403)',
  'PUT /api/events/{eventId}/vendor-location':
    'the sharer is a vendor approved for the event, not its organizer (403; rides.int.test.ts)',
};

describe('access generated from the route list', () => {
  it('has an access rule for every route that takes an id, and none for a route that is gone', () => {
    const keys = operations.map(keyOf);
    expect(keys.filter((key) => !(key in ACCESS))).toEqual([]);
    expect(Object.keys(ACCESS).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('refuses another user and a signed-out visitor on every route about someone’s resource', async () => {
    const leaks: string[] = [];
    for (const operation of operations) {
      const access = ACCESS[keyOf(operation)];
      if (access !== 'owner' && access !== 'visible' && access !== 'admin') continue;
      const other = await request(operation, cookies.intruder);
      const anonymous = await request(operation, undefined);
      if (!DENIED.includes(other.statusCode))
        leaks.push(
          `${keyOf(operation)} other user: ${other.statusCode} ${other.body.slice(0, 120)}`,
        );
      if (!DENIED.includes(anonymous.statusCode))
        leaks.push(`${keyOf(operation)} signed out: ${anonymous.statusCode}`);
    }
    expect(leaks).toEqual([]);
  });

  it('asks a signed-out visitor to sign in on routes for signed-in people', async () => {
    const open: string[] = [];
    for (const operation of operations) {
      if (ACCESS[keyOf(operation)] !== 'signed-in') continue;
      const anonymous = await request(operation, undefined);
      if (anonymous.statusCode !== 401) open.push(`${keyOf(operation)}: ${anonymous.statusCode}`);
    }
    expect(open).toEqual([]);
  });

  it('lets the owner through on the same requests (the refusals above are about access)', async () => {
    const refused: string[] = [];
    // Read-only and non-destructive calls only: the point is that the ids and bodies are real.
    const checked = operations.filter(
      (operation) =>
        ACCESS[keyOf(operation)] === 'owner' &&
        paramsOf(operation.path, ids).real &&
        operation.method !== 'DELETE' &&
        !/\/(cancel|publish|refund)$/.test(operation.path) &&
        !(keyOf(operation) in OWNER_ANSWERS_NO),
    );
    expect(checked.length).toBeGreaterThan(15);
    for (const operation of checked) {
      const response = await request(operation, cookies.owner);
      if ([401, 403, 404].includes(response.statusCode))
        refused.push(`${keyOf(operation)}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(refused).toEqual([]);
  });
});
