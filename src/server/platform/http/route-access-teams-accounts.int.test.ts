import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTICIPANT_ACTIONS } from '../../../contracts/meetings';
import {
  ROLE_PERMISSIONS,
  TEAM_ROLES,
  type TeamPermission,
  type TeamRole,
} from '../../../contracts/teams';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { linkFrom, waitForCapturedMail } from '../../test/mail';
import { exampleOf, fillPath, operationsOf, type Operation } from '../../test/openapi-operations';
import { makePassCertificates } from '../../test/pass-certificates';
import { givePlan } from '../../test/plans';
import { keyOf, paramsOf, VALID_BODIES } from '../../test/route-requests';
import { createTestApp, type TestApp } from '../../test/test-app';

// The route-access test's team half for the account's own pages (decision 065), generated from
// the route list: lists, campaigns, funnels, ads, hire requests and the vendor tracker act for
// the team a member switched to (the `mea_acting_for` cookie). For every such route, a switched
// member whose role allows it gets in when their scope is all the owner's events; a role that
// does not allow it, or a scope of chosen events only, is refused with 403 and the reason.

const ACCOUNT: Record<string, TeamPermission> = {
  'GET /api/marketing/lists': 'marketing.lists',
  'POST /api/marketing/lists': 'marketing.lists',
  'GET /api/marketing/lists/{id}': 'marketing.lists',
  'PATCH /api/marketing/lists/{id}': 'marketing.lists',
  'DELETE /api/marketing/lists/{id}': 'marketing.lists',
  'GET /api/marketing/lists/{id}/subscribers': 'marketing.lists',
  'POST /api/marketing/lists/{id}/subscribers': 'marketing.lists',
  'DELETE /api/marketing/lists/{id}/subscribers/{subscriberId}': 'marketing.lists',
  'POST /api/marketing/lists/{id}/import': 'marketing.lists',
  'GET /api/marketing/lists/{id}/export.csv': 'marketing.lists',
  'GET /api/marketing/email-campaigns': 'marketing.campaigns',
  'POST /api/marketing/email-campaigns': 'marketing.campaigns',
  'GET /api/marketing/email-campaigns/{id}': 'marketing.campaigns',
  'PATCH /api/marketing/email-campaigns/{id}': 'marketing.campaigns',
  'DELETE /api/marketing/email-campaigns/{id}': 'marketing.campaigns',
  'POST /api/marketing/segments/count': 'marketing.campaigns',
  'POST /api/marketing/email-campaigns/{id}/test': 'marketing.campaigns',
  'POST /api/marketing/email-campaigns/{id}/send': 'marketing.campaigns',
  'POST /api/marketing/email-campaigns/{id}/pause': 'marketing.campaigns',
  'POST /api/marketing/email-campaigns/{id}/cancel': 'marketing.campaigns',
  'GET /api/marketing/funnels': 'marketing.funnels',
  'POST /api/marketing/funnels': 'marketing.funnels',
  'GET /api/marketing/funnels/{id}': 'marketing.funnels',
  'PATCH /api/marketing/funnels/{id}': 'marketing.funnels',
  'DELETE /api/marketing/funnels/{id}': 'marketing.funnels',
  'POST /api/marketing/funnels/{id}/publish': 'marketing.funnels',
  'GET /api/marketing/funnels/{id}/report': 'marketing.funnels',
  'GET /api/promotions/campaigns': 'marketing.ads',
  'POST /api/promotions/campaigns': 'marketing.ads',
  'GET /api/promotions/campaigns/{id}': 'marketing.ads',
  'PATCH /api/promotions/campaigns/{id}': 'marketing.ads',
  'POST /api/promotions/campaigns/{id}/image': 'marketing.ads',
  // Paying an ad budget spends the owner's money: billing, the owner's alone.
  'POST /api/promotions/campaigns/{id}/checkout': 'billing',
  'POST /api/promotions/campaigns/{id}/pause': 'marketing.ads',
  'POST /api/promotions/campaigns/{id}/resume': 'marketing.ads',
  'POST /api/promotions/campaigns/{id}/end': 'marketing.ads',
  'POST /api/bookings': 'vendors.bookings',
  'GET /api/bookings': 'vendors.bookings',
  'GET /api/bookings/{bookingId}': 'vendors.bookings',
  'POST /api/bookings/{bookingId}/accept': 'vendors.bookings',
  'POST /api/bookings/{bookingId}/decline': 'vendors.bookings',
  'POST /api/bookings/{bookingId}/cancel': 'vendors.bookings',
  'GET /api/vendor-tracker': 'vendors.fees',
  // The account's billing profile, printed on its invoices.
  'GET /api/invoices/profile': 'invoices',
  'PUT /api/invoices/profile': 'invoices',
  'POST /api/invoices/profile/logo': 'invoices',
  'DELETE /api/invoices/profile/logo': 'invoices',
  // The account's developer settings: its public API keys and webhooks.
  'GET /api/developer/keys': 'developer',
  'POST /api/developer/keys': 'developer',
  'PATCH /api/developer/keys/{id}': 'developer',
  'DELETE /api/developer/keys/{id}': 'developer',
  'GET /api/developer/webhooks': 'developer',
  'POST /api/developer/webhooks': 'developer',
  'PATCH /api/developer/webhooks/{id}': 'developer',
  'DELETE /api/developer/webhooks/{id}': 'developer',
  'GET /api/developer/webhooks/{id}/deliveries': 'developer',
  'POST /api/developer/webhooks/{id}/test': 'developer',
  'POST /api/developer/webhooks/{id}/deliveries/{deliveryId}/resend': 'developer',
  // Seating plans are the account's; linking one to an event is an event route (decision 072).
  'GET /api/seating/plans': 'event.edit',
  'POST /api/seating/plans': 'event.edit',
  'GET /api/seating/plans/{id}': 'event.edit',
  'PUT /api/seating/plans/{id}': 'event.edit',
  'GET /api/seating/plans/{id}/versions/{version}': 'event.edit',
  // The account's wallet pass settings (Google and Apple), which sign its tickets' passes.
  'GET /api/wallet/config': 'event.edit',
  'PUT /api/wallet/config/google': 'event.edit',
  'PUT /api/wallet/config/apple': 'event.edit',
  // The account's tax rates, set on its ticket types: who handles its invoices and taxes.
  'GET /api/tax-rates': 'invoices',
  'POST /api/tax-rates': 'invoices',
  'PUT /api/tax-rates/{id}': 'invoices',
  'DELETE /api/tax-rates/{id}': 'invoices',
  // The account's streams, the rides it drives and the meeting rooms it hosts: setting the
  // events up (decision 073). Watching a stream, booking a seat, joining a room are the person's.
  'GET /api/streams': 'event.edit',
  'POST /api/rides': 'event.edit',
  'GET /api/rides/mine': 'event.edit',
  'PATCH /api/rides/{rideId}': 'event.edit',
  'POST /api/rides/{rideId}/cancel': 'event.edit',
  'POST /api/ride-bookings/{bookingId}/accept': 'event.edit',
  'POST /api/ride-bookings/{bookingId}/decline': 'event.edit',
  // The rooms' list and creation are the meetings module's '/' (a trailing slash).
  'POST /api/meetings/': 'event.edit',
  'GET /api/meetings/': 'event.edit',
  'GET /api/meetings/{id}/participants': 'event.edit',
  ...Object.fromEntries(
    PARTICIPANT_ACTIONS.map((action) => [
      `POST /api/meetings/{id}/participants/{userId}/${action}`,
      'event.edit' as const,
    ]),
  ),
  'POST /api/meetings/{id}/end': 'event.edit',
};

/** The driver's and host's routes among the rides and meetings (the rest are everyone's). */
const DRIVES_OR_HOSTS =
  /^(POST \/api\/rides|GET \/api\/rides\/mine|(PATCH|POST) \/api\/rides\/\{rideId\}(\/cancel)?|POST \/api\/ride-bookings\/\{bookingId\}\/(accept|decline)|(GET|POST) \/api\/meetings\/|GET \/api\/meetings\/\{id\}\/participants|POST \/api\/meetings\/\{id\}\/(participants\/\{userId\}\/\w+|end))$/;

/** The account routes that are not the organizer's: public pages, mail links, buyers' own. */
const notAccountRoute = (path: string) =>
  /^\/api\/marketing\/(public|t|confirm|unsubscribe|preferences|bounces|funnel-sales)\b/.test(path);
const isAccountRoute = (path: string) =>
  (path.startsWith('/api/marketing/') && !notAccountRoute(path)) ||
  path.startsWith('/api/promotions/campaigns') ||
  path.startsWith('/api/bookings') ||
  path === '/api/vendor-tracker' ||
  path.startsWith('/api/invoices/profile') ||
  path.startsWith('/api/developer/keys') ||
  path.startsWith('/api/developer/webhooks') ||
  path.startsWith('/api/seating/plans') ||
  path === '/api/streams' ||
  path.startsWith('/api/tax-rates') ||
  path.startsWith('/api/wallet/config');

let t: TestApp;
let owner: CreatedUser;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
/** Bodies that pass the routes' own checks (an ad's page, a hire request's event). */
const BODIES: Record<string, object> = { ...VALID_BODIES };
let operations: Operation[] = [];

const send = (who: string, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'POST',
    url,
    headers: { cookie: cookies[who] ?? '' },
    ...(payload === undefined ? {} : { payload }),
  });

async function ok(who: string, method: string, url: string, payload?: object) {
  const response = await send(who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<{ id: string }>();
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Olu Accountowner' });
  await givePlan(t.db, owner.id);
  cookies.owner = await t.sessionCookie(owner);
  const event = await createEvent(t.db, { userId: owner.id });
  const vendor = await createUser(t.db, { userType: 'vendor', fullName: 'Vera Vendor' });

  const list = await ok('owner', 'POST', '/api/marketing/lists', {
    name: 'Friends',
    kind: 'manual',
  });
  const subscriber = await ok('owner', 'POST', `/api/marketing/lists/${list.id}/subscribers`, {
    email: 'friend@example.test',
  });
  operations = operationsOf((await t.app.inject({ url: '/api/openapi.json' })).json());
  const example = (key: string) =>
    exampleOf(operations.find((operation) => keyOf(operation) === key)?.body) as object;
  const campaign = await ok(
    'owner',
    'POST',
    '/api/marketing/email-campaigns',
    example('POST /api/marketing/email-campaigns'),
  );
  const funnel = await ok(
    'owner',
    'POST',
    '/api/marketing/funnels',
    example('POST /api/marketing/funnels'),
  );
  const day = 86_400_000;
  BODIES['POST /api/promotions/campaigns'] = {
    headline: 'Come to the show',
    body: 'Two stages, one night',
    imageAlt: 'The stage',
    targetPath: `/event/${event.id}`,
    placement: 'home_billboard',
    startsAt: new Date(Date.now() + day).toISOString(),
    endsAt: new Date(Date.now() + 10 * day).toISOString(),
    dailyBudgetCents: 1000,
    totalBudgetCents: 5000,
    pricing: 'cpm',
  };
  const ad = await ok(
    'owner',
    'POST',
    '/api/promotions/campaigns',
    BODIES['POST /api/promotions/campaigns'],
  );
  BODIES['POST /api/bookings'] = {
    ...example('POST /api/bookings'),
    vendorId: vendor.id,
    eventId: event.id,
  };
  const booking = await ok('owner', 'POST', '/api/bookings', BODIES['POST /api/bookings']);
  BODIES['PUT /api/invoices/profile'] = {
    legalName: 'Olu Events Ltd',
    address: '1 Harbor Way, Oakland',
    numberPrefix: 'OLU-',
    numberFormat: '{prefix}{number:4}',
    issueMode: 'automatic',
  };
  BODIES['POST /api/developer/webhooks'] = {
    url: 'https://hooks.example.com/mea',
    eventTypes: ['order.paid'],
  };
  const key = (await ok('owner', 'POST', '/api/developer/keys', {
    name: 'Site',
    scopes: ['events:read'],
  })) as unknown as { key: { id: string } };
  BODIES['POST /api/seating/plans'] = VALID_BODIES['PUT /api/seating/plans/{id}'] ?? {};
  BODIES['POST /api/rides'] = {
    eventId: event.id,
    departureArea: 'Harbor station',
    departsAt: new Date(Date.now() + 6 * day).toISOString(),
    seats: 3,
  };
  const ride = await ok('owner', 'POST', '/api/rides', BODIES['POST /api/rides']);
  const pass = makePassCertificates({
    passTypeId: 'pass.com.example.tickets',
    teamId: 'ABCDE12345',
  });
  BODIES['PUT /api/wallet/config/google'] = {
    googleIssuerId: '3388000000022',
    googleServiceAccountEmail: 'wallet@example.iam.gserviceaccount.com',
    googlePrivateKeyPem: pass.privateKeyPem,
  };
  BODIES['PUT /api/wallet/config/apple'] = {
    applePassTypeId: 'pass.com.example.tickets',
    appleTeamId: 'ABCDE12345',
    appleCertificatePem: pass.certificatePem,
    applePrivateKeyPem: pass.privateKeyPem,
    appleWwdrPem: pass.wwdrPem,
  };
  BODIES['POST /api/tax-rates'] = { name: 'VAT', percent: '20', country: 'GB' };
  BODIES['PUT /api/tax-rates/{id}'] = BODIES['POST /api/tax-rates'];
  const rate = await ok('owner', 'POST', '/api/tax-rates', BODIES['POST /api/tax-rates']);
  BODIES['POST /api/meetings'] = { title: 'Crew briefing' };
  const meeting = await ok('owner', 'POST', '/api/meetings', BODIES['POST /api/meetings']);
  const plan = await ok('owner', 'POST', '/api/seating/plans', BODIES['POST /api/seating/plans']);
  Object.assign(ids, {
    plans: plan.id,
    rideId: ride.id,
    'tax-rates': rate.id,
    meetings: meeting.id,
    version: '1',
    lists: list.id,
    subscriberId: subscriber.id,
    'email-campaigns': campaign.id,
    funnels: funnel.id,
    campaigns: ad.id,
    bookingId: booking.id,
    keys: key.key.id,
  });

  // One member per role over all the owner's events, switched to the team, and a manager over
  // one chosen event only, switched too.
  const join = async (name: string, role: TeamRole, eventIds: string[]) => {
    const user = await createUser(t.db, { fullName: `Member ${name}` });
    await ok('owner', 'POST', '/api/teams/invites', {
      email: user.email,
      role,
      allEvents: eventIds.length === 0,
      eventIds,
    });
    const [mail] = await waitForCapturedMail(t.db, user.email);
    const link = linkFrom(mail?.text ?? '', `${t.config.PUBLIC_URL}/teams/invite/`);
    cookies[name] = await t.sessionCookie(user);
    await ok(name, 'POST', '/api/teams/invites/accept', {
      token: decodeURIComponent(link.split('/teams/invite/')[1] ?? ''),
    });
    const switched = await send(name, 'PUT', '/api/teams/acting-for', { ownerId: owner.id });
    expect(switched.statusCode, switched.body).toBe(200);
    cookies[name] = `${cookies[name]}; ${String(switched.headers['set-cookie']).split(';')[0]}`;
  };
  for (const role of TEAM_ROLES) await join(role, role, []);
  await join('chosenEvents', 'manager', [event.id]);
}, 120_000);
afterAll(() => t.close());

function request(operation: Operation, who: string) {
  const key = keyOf(operation);
  const body = BODIES[key] ?? (operation.body ? exampleOf(operation.body) : undefined);
  return send(
    who,
    operation.method,
    fillPath(operation.path, paramsOf(operation.path, ids).values),
    body as object | undefined,
  );
}

const accountRoutes = () => operations.filter((operation) => keyOf(operation) in ACCOUNT);
const DENIED = [401, 403, 404];

describe('team roles on the account’s own organizer pages', () => {
  it('says which team permission opens every account route', () => {
    const unlisted = operations
      .filter(
        (operation) => isAccountRoute(operation.path) || DRIVES_OR_HOSTS.test(keyOf(operation)),
      )
      .map(keyOf)
      .filter((key) => !(key in ACCOUNT));
    expect(unlisted).toEqual([]);
    expect(accountRoutes()).toHaveLength(Object.keys(ACCOUNT).length);
  });

  it('refuses a switched member whose role or scope leaves the route out, saying why', async () => {
    const wrong: string[] = [];
    for (const operation of accountRoutes()) {
      const need = ACCOUNT[keyOf(operation)] as TeamPermission;
      const refused = TEAM_ROLES.filter((role) => !ROLE_PERMISSIONS[role].includes(need));
      for (const who of [...refused, 'chosenEvents']) {
        const response = await request(operation, who);
        const reason = response.json<{ error?: { details?: { reason?: string } } }>().error?.details
          ?.reason;
        const expected = who === 'chosenEvents' && need !== 'billing' ? 'TEAM_SCOPE' : 'TEAM_ROLE';
        if (response.statusCode !== 403 || reason !== expected)
          wrong.push(`${keyOf(operation)} ${who}: ${response.statusCode} ${reason ?? ''}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets in a switched member whose role allows the route, over all the owner’s events', async () => {
    const refused: string[] = [];
    const checked = accountRoutes().filter(
      (operation) =>
        ACCOUNT[keyOf(operation)] !== 'billing' &&
        paramsOf(operation.path, ids).real &&
        operation.method !== 'DELETE' &&
        !/\/(send|pause|cancel|end|resume|accept|decline|publish)$/.test(operation.path),
    );
    expect(checked.length).toBeGreaterThan(20);
    for (const operation of checked) {
      const need = ACCOUNT[keyOf(operation)] as TeamPermission;
      for (const who of TEAM_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(need))) {
        const response = await request(operation, who);
        if (DENIED.includes(response.statusCode))
          refused.push(`${keyOf(operation)} ${who}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(refused).toEqual([]);
  });
});

describe('switching to a team', () => {
  it('makes a marketing member’s new list the owner’s, logged with who made it', async () => {
    const made = await ok('marketing', 'POST', '/api/marketing/lists', {
      name: 'Made by marketing',
      kind: 'manual',
    });
    const lists = await ok('owner', 'GET', '/api/marketing/lists');
    expect(
      (lists as unknown as { lists: { id: string }[] }).lists.map((list) => list.id),
    ).toContain(made.id);
    const log = await ok('owner', 'GET', '/api/teams/activity');
    const entries = (log as unknown as { activity: { action: string; actorName: string }[] })
      .activity;
    expect(entries).toContainEqual(
      expect.objectContaining({ action: 'list.create', actorName: 'Member marketing' }),
    );
    // Admins read it in the audit log, on the owner's team.
    cookies.admin = await t.sessionCookie(await createUser(t.db, { roles: ['admin'] }));
    const audit = await ok('admin', 'GET', '/api/admin/audit?targetType=team&pageSize=100');
    expect(
      (audit as unknown as { rows: { action: string; targetId: string }[] }).rows,
    ).toContainEqual(expect.objectContaining({ action: 'team.list.create', targetId: owner.id }));
  });

  it('tells the switcher which team the person acts for, and switches back', async () => {
    const cookie = cookies.marketing ?? '';
    const memberships = await send('marketing', 'GET', '/api/teams/memberships');
    expect(memberships.json<{ actingFor: string | null }>().actingFor).toBe(owner.id);
    const back = await send('marketing', 'PUT', '/api/teams/acting-for', { ownerId: null });
    expect(back.statusCode).toBe(200);
    expect(String(back.headers['set-cookie'])).toMatch(/mea_acting_for=;/);
    // Without the switch, the member's own account (an attendee) has no lists.
    const own = await t.app.inject({
      url: '/api/marketing/lists',
      headers: { cookie: cookie.split('; mea_acting_for')[0] ?? '' },
    });
    expect(own.statusCode).toBe(403);
  });

  it('refuses to switch to a team the person is not on', async () => {
    cookies.stranger = await t.sessionCookie(await createUser(t.db));
    const response = await send('stranger', 'PUT', '/api/teams/acting-for', {
      ownerId: owner.id,
    });
    expect(response.statusCode).toBe(404);
  });
});
