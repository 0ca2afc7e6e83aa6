import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostDashboard } from '../../../contracts/dashboard';
import type { ApiKey } from '../../../contracts/developer';
import type { Message } from '../../../contracts/messaging';
import type { Team, TeamRole } from '../../../contracts/teams';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { linkFrom, waitForCapturedMail } from '../../test/mail';
import { givePlan } from '../../test/plans';
import { createTestApp, type TestApp } from '../../test/test-app';

// Switched to a team (the account switcher's cookie, decisions 065 and 073), a member sees the
// owner's dashboard and My events as their role and scope show them, answers the owner's booking
// chats when their role opens hire requests, and manages the account's API keys as a manager.
// Everyone else (another organizer, a member of another role, a signed-out visitor) gets what
// they got before.

const DAY = 86_400_000;
type CreatedApiKey = { key: ApiKey; secret: string };
type MessagePage = { items: Message[] };
let t: TestApp;
let owner: CreatedUser;
let vendor: CreatedUser;
const cookies: Record<string, string> = {};
const own: Record<string, string> = {};
const users: Record<string, CreatedUser> = {};
const events: Record<string, string> = {};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const send = (who: string | null, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: who ? { cookie: cookies[who] ?? '' } : {},
    ...(payload === undefined ? {} : { payload }),
  });

async function ok<T>(who: string, method: Method, url: string, payload?: object): Promise<T> {
  const response = await send(who, method, url, payload);
  expect(response.statusCode, `${who} ${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

/** A member invited with `role` over `eventIds` (all events when empty), switched to the team. */
async function join(name: string, role: TeamRole, eventIds: string[] = []) {
  const user = await createUser(t.db, { fullName: `Member ${name}` });
  users[name] = user;
  await ok('owner', 'POST', '/api/teams/invites', {
    email: user.email,
    role,
    allEvents: eventIds.length === 0,
    eventIds,
  });
  const [mail] = await waitForCapturedMail(t.db, user.email);
  const link = linkFrom(mail?.text ?? '', `${t.config.PUBLIC_URL}/teams/invite/`);
  own[name] = await t.sessionCookie(user);
  cookies[name] = own[name];
  await ok(name, 'POST', '/api/teams/invites/accept', {
    token: decodeURIComponent(link.split('/teams/invite/')[1] ?? ''),
  });
  const switched = await send(name, 'PUT', '/api/teams/acting-for', { ownerId: owner.id });
  expect(switched.statusCode, switched.body).toBe(200);
  cookies[name] = `${own[name]}; ${String(switched.headers['set-cookie']).split(';')[0]}`;
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Nia Festival' });
  await givePlan(t.db, owner.id);
  cookies.owner = await t.sessionCookie(owner);
  const now = t.clock.now().getTime();
  events.harbor = (
    await createEvent(t.db, {
      userId: owner.id,
      title: 'Harbor Jazz',
      startsAt: new Date(now + 3 * DAY),
      createdAt: new Date(now),
    })
  ).id;
  events.market = (
    await createEvent(t.db, {
      userId: owner.id,
      title: 'Night Market',
      startsAt: new Date(now + 5 * DAY),
      eventStatus: 'draft',
      createdAt: new Date(now),
    })
  ).id;
  const other = await createUser(t.db, { userType: 'organizer', fullName: 'Ola Otherhost' });
  users.other = other;
  cookies.other = await t.sessionCookie(other);
  events.others = (
    await createEvent(t.db, {
      userId: other.id,
      title: 'Other Gala',
      startsAt: new Date(now + 4 * DAY),
      createdAt: new Date(now),
    })
  ).id;
  vendor = await createUser(t.db, { userType: 'vendor', fullName: 'Vera Vendor' });
  cookies.vendor = await t.sessionCookie(vendor);

  await join('manager', 'manager');
  await join('finance', 'finance');
  await join('marketing', 'marketing');
  await join('vendorManager', 'vendor_manager');
  await join('doorHarbor', 'check_in', [events.harbor]);
  await join('managerMarket', 'manager', [events.market]);
}, 120_000);
afterAll(() => t?.close());

const dashboard = (who: string) => ok<HostDashboard>(who, 'GET', '/api/dashboard/host');
const titles = (board: HostDashboard) => board.upcoming.events.map((e) => e.title);
const myEvents = async (who: string) =>
  (await ok<{ events: { title: string }[] }>(who, 'GET', '/api/events/mine')).events
    .map((e) => e.title)
    .sort();

describe('the organizer dashboard acts for the team', () => {
  it('shows the owner everything on their own account', async () => {
    const board = await dashboard('owner');
    expect(titles(board)).toEqual(['Harbor Jazz', 'Night Market']);
    expect(board.sections).toEqual([
      'events',
      'sales',
      'checkIns',
      'vendorApplications',
      'messages',
      'setup',
    ]);
  });

  it('shows a door helper scoped to one event that event and the check-ins only', async () => {
    const board = await dashboard('doorHarbor');
    expect(titles(board)).toEqual(['Harbor Jazz']);
    expect(board.sections).toEqual(['events', 'checkIns']);
    expect(board.sales.tickets).toBe(0);
    expect(board.upcoming.events[0]?.revenue).toEqual([]);
    expect(board.messages.chats).toEqual([]);
    expect(board.nextActions).toEqual([]);
  });

  it('shows a manager over one chosen event its setup, sales and doors, not the owner’s messages', async () => {
    const board = await dashboard('managerMarket');
    expect(titles(board)).toEqual(['Night Market']);
    expect(board.sections).toEqual(['events', 'sales', 'checkIns', 'vendorApplications', 'setup']);
    // The draft in scope waits to be published; the owner's other event is not counted.
    expect(board.nextActions).toEqual([
      expect.objectContaining({ kind: 'publish_draft', eventId: events.market }),
    ]);
  });

  it('shows finance the sales, and the vendor manager the applications', async () => {
    expect((await dashboard('finance')).sections).toEqual(['events', 'sales']);
    expect((await dashboard('vendorManager')).sections).toEqual(['events', 'vendorApplications']);
  });

  it('is the member’s own again after switching back', async () => {
    const back = await send('doorHarbor', 'PUT', '/api/teams/acting-for', { ownerId: null });
    expect(back.statusCode).toBe(200);
    // The member's own account is an attendee's: no host dashboard, no events of their own.
    const mine = await t.app.inject({
      url: '/api/dashboard/host',
      headers: { cookie: own.doorHarbor ?? '' },
    });
    expect(mine.statusCode).toBe(403);
    cookies.doorHarborOwn = own.doorHarbor ?? '';
    expect(await myEvents('doorHarborOwn')).toEqual([]);
  });

  it('ignores the switch of someone not on the team, and refuses a signed-out visitor', async () => {
    cookies.otherSwitched = `${cookies.other}; mea_acting_for=${owner.id}`;
    expect(titles(await dashboard('otherSwitched'))).toEqual(['Other Gala']);
    expect(await myEvents('otherSwitched')).toEqual(['Other Gala']);
    expect((await send(null, 'GET', '/api/dashboard/host')).statusCode).toBe(401);
    expect((await send(null, 'GET', '/api/events/mine')).statusCode).toBe(401);
  });
});

describe('My events acts for the team', () => {
  it('lists the owner’s events in the member’s scope', async () => {
    expect(await myEvents('owner')).toEqual(['Harbor Jazz', 'Night Market']);
    expect(await myEvents('managerMarket')).toEqual(['Night Market']);
    expect(await myEvents('marketing')).toEqual(['Harbor Jazz', 'Night Market']);
  });

  it('creates an event for the owner when a manager over all events asks, and logs it', async () => {
    const input = (title: string) => ({
      title,
      description: 'A second night by the water.',
      category: 'Music',
      startsAt: new Date(t.clock.now().getTime() + 9 * DAY).toISOString(),
      timezone: 'UTC',
      venueName: 'Harbor Stage',
      city: 'Oakland',
      country: 'USA',
    });
    const created = await ok<{ id: string }>(
      'manager',
      'POST',
      '/api/events',
      input('Harbor Blues'),
    );
    expect(await myEvents('owner')).toContain('Harbor Blues');
    expect(await myEvents('manager')).toContain('Harbor Blues');
    const log = await ok<{ activity: { action: string; actorName: string | null }[] }>(
      'owner',
      'GET',
      '/api/teams/activity',
    );
    expect(log.activity).toContainEqual(
      expect.objectContaining({ action: 'event.create', actorName: 'Member manager' }),
    );
    expect(created.id).toBeTruthy();
    // Marketing may not set events up, and a manager over chosen events may not add new ones.
    for (const who of ['marketing', 'managerMarket']) {
      const refused = await send(who, 'POST', '/api/events', input('Nope'));
      expect(refused.statusCode, refused.body).toBe(403);
    }
  });
});

describe('booking chats act for the team', () => {
  let chatId = '';
  beforeAll(async () => {
    const booking = await ok<{ chatId: string | null }>('owner', 'POST', '/api/bookings', {
      vendorId: vendor.id,
      eventId: events.harbor,
      message: 'Can you play the opening set?',
    });
    chatId = booking.chatId ?? '';
    expect(chatId).not.toBe('');
  });

  it('lets the vendor manager read and answer the owner’s booking chat, named in the message', async () => {
    const detail = await send('vendorManager', 'GET', `/api/chats/${chatId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const sent = await ok<Message>('vendorManager', 'POST', `/api/chats/${chatId}/messages`, {
      body: 'The stage opens at six.',
    });
    expect(sent.senderId).toBe(owner.id);
    expect(sent.writtenBy).toEqual({ id: users.vendorManager?.id, name: 'Member vendorManager' });
    // The vendor reads it from the organizer's account, signed by the member.
    const history = await ok<MessagePage>('vendor', 'GET', `/api/chats/${chatId}/messages`);
    expect(history.items[0]).toMatchObject({
      body: 'The stage opens at six.',
      senderName: 'Nia Festival',
      writtenBy: { name: 'Member vendorManager' },
    });
    // The owner's own history says the same, and the owner's log names the member.
    const mine = await ok<MessagePage>('owner', 'GET', `/api/chats/${chatId}/messages`);
    expect(mine.items[0]?.writtenBy?.name).toBe('Member vendorManager');
    const log = await ok<{ activity: { action: string; actorName: string | null }[] }>(
      'owner',
      'GET',
      '/api/teams/activity',
    );
    expect(log.activity).toContainEqual(
      expect.objectContaining({ action: 'booking.message', actorName: 'Member vendorManager' }),
    );
    // A manager may too; the owner's own messages name no member.
    await ok('manager', 'GET', `/api/chats/${chatId}/messages`);
    const owners = await ok<Message>('owner', 'POST', `/api/chats/${chatId}/messages`, {
      body: 'Thanks!',
    });
    expect(owners.writtenBy).toBeNull();
  });

  it('refuses other roles, the member on their own account, another user and a visitor like any stranger', async () => {
    cookies.vendorManagerOwn = own.vendorManager ?? '';
    for (const who of ['marketing', 'finance', 'doorHarbor', 'vendorManagerOwn', 'other']) {
      for (const [method, url, body] of [
        ['GET', `/api/chats/${chatId}`, undefined],
        ['GET', `/api/chats/${chatId}/messages`, undefined],
        ['POST', `/api/chats/${chatId}/messages`, { body: 'Let me in' }],
      ] as const) {
        const response = await send(who, method, url, body);
        expect(response.statusCode, `${who} ${method} ${url}`).toBe(404);
      }
    }
    expect((await send(null, 'GET', `/api/chats/${chatId}/messages`)).statusCode).toBe(401);
  });
});

describe('public API keys belong to the team', () => {
  it('makes a manager’s key the owner’s, names who created it, and keeps it after the member leaves', async () => {
    const made = await ok<CreatedApiKey>('manager', 'POST', '/api/developer/keys', {
      name: 'Door app',
      scopes: ['events:read'],
    });
    const listed = await ok<{ keys: ApiKey[] }>('owner', 'GET', '/api/developer/keys');
    const key = listed.keys.find((k) => k.id === made.key.id);
    expect(key?.createdBy).toEqual({ id: users.manager?.id, name: 'Member manager' });
    const ownerKey = await ok<CreatedApiKey>('owner', 'POST', '/api/developer/keys', {
      name: 'Website',
      scopes: ['events:read'],
    });
    expect(ownerKey.key.createdBy).toEqual({ id: owner.id, name: 'Nia Festival' });

    // In the owner's activity log, and in the admins' audit log on the owner's team.
    const log = await ok<{ activity: { action: string; actorName: string | null }[] }>(
      'owner',
      'GET',
      '/api/teams/activity',
    );
    expect(log.activity).toContainEqual(
      expect.objectContaining({ action: 'api_key.create', actorName: 'Member manager' }),
    );
    cookies.admin = await t.sessionCookie(await createUser(t.db, { roles: ['admin'] }));
    const audit = await ok<{ rows: { action: string; targetId: string }[] }>(
      'admin',
      'GET',
      '/api/admin/audit?targetType=team&pageSize=100',
    );
    expect(audit.rows).toContainEqual(
      expect.objectContaining({ action: 'team.api_key.create', targetId: owner.id }),
    );

    // The member leaves the team: the key is still the account's and still opens the API.
    const team = await ok<Team>('owner', 'GET', '/api/teams');
    const row = team.members.find((m) => m.userId === users.manager?.id);
    await ok('owner', 'DELETE', `/api/teams/members/${row?.id}`);
    const after = await ok<{ keys: ApiKey[] }>('owner', 'GET', '/api/developer/keys');
    expect(after.keys.find((k) => k.id === made.key.id)).toMatchObject({
      revokedAt: null,
      createdBy: { name: 'Member manager' },
    });
    const v1 = await t.app.inject({
      url: '/api/v1/events',
      headers: { authorization: `Bearer ${made.secret}` },
    });
    expect(v1.statusCode, v1.body).toBe(200);
    // Back on their own (attendee) account, the former member holds no keys.
    const gone = await send('manager', 'GET', '/api/developer/keys');
    expect(gone.statusCode).toBe(403);
  });

  it('refuses roles that do not manage the developer settings, saying why', async () => {
    for (const who of ['finance', 'marketing', 'vendorManager']) {
      const response = await send(who, 'POST', '/api/developer/keys', {
        name: 'Nope',
        scopes: ['events:read'],
      });
      expect(response.statusCode).toBe(403);
      expect(response.json<{ error: { details: { reason: string } } }>().error.details.reason).toBe(
        'TEAM_ROLE',
      );
    }
    const scoped = await send('managerMarket', 'GET', '/api/developer/keys');
    expect(scoped.json<{ error: { details: { reason: string } } }>().error.details.reason).toBe(
      'TEAM_SCOPE',
    );
  });
});

describe('the billing profile belongs to the team', () => {
  it('lets finance keep the owner’s profile, and refuses marketing', async () => {
    const profile = {
      legalName: 'Nia Festival Ltd',
      address: '1 Harbor Way, Oakland',
      numberPrefix: 'NIA-',
      numberFormat: '{prefix}{number:4}',
      issueMode: 'automatic',
    };
    await ok('finance', 'PUT', '/api/invoices/profile', profile);
    const owners = await ok<{ profile: { legalName: string } | null }>(
      'owner',
      'GET',
      '/api/invoices/profile',
    );
    expect(owners.profile?.legalName).toBe('Nia Festival Ltd');
    const refused = await send('marketing', 'PUT', '/api/invoices/profile', profile);
    expect(refused.statusCode).toBe(403);
  });
});
