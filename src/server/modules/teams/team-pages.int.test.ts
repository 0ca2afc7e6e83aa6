import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../contracts/messaging';
import type { TeamRole } from '../../../contracts/teams';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { linkFrom, waitForCapturedMail } from '../../test/mail';
import { givePlan } from '../../test/plans';
import { RealtimeClient } from '../../test/realtime-client';
import { createTestApp, type TestApp } from '../../test/test-app';

// Switched to a team (decision 073), a member finds the owner's booking chats they answer in
// their own messages list, with new messages arriving live on their socket; a manager drives the
// owner's rides, hosts the owner's meeting rooms and sees the owner's streams. The member's own
// account, other roles and members scoped to other events see none of it.

const DAY = 86_400_000;
type ChatList = {
  items: { id: string; kind: string; other: { name: string } | null; unreadCount: number }[];
};
let t: TestApp;
let owner: CreatedUser;
let vendor: CreatedUser;
const cookies: Record<string, string> = {};
const own: Record<string, string> = {};
const users: Record<string, CreatedUser> = {};
const events: Record<string, string> = {};

type Method = 'GET' | 'POST' | 'PATCH';
const send = (who: string, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: cookies[who] ?? '' },
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
  const switched = await send(name, 'PUT' as Method, '/api/teams/acting-for', {
    ownerId: owner.id,
  });
  expect(switched.statusCode, switched.body).toBe(200);
  cookies[name] = `${own[name]}; ${String(switched.headers['set-cookie']).split(';')[0]}`;
  cookies[`${name}Own`] = own[name];
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Ren Festival' });
  await givePlan(t.db, owner.id);
  cookies.owner = await t.sessionCookie(owner);
  const now = t.clock.now().getTime();
  for (const [key, title] of [
    ['harbor', 'Harbor Jazz'],
    ['market', 'Night Market'],
  ] as const)
    events[key] = (
      await createEvent(t.db, {
        userId: owner.id,
        title,
        startsAt: new Date(now + 5 * DAY),
        createdAt: new Date(now),
      })
    ).id;
  vendor = await createUser(t.db, { userType: 'vendor', fullName: 'Vik Vendor' });
  cookies.vendor = await t.sessionCookie(vendor);
  await join('vendorManager', 'vendor_manager');
  await join('marketing', 'marketing');
  await join('manager', 'manager');
  await join('vendorManagerMarket', 'vendor_manager', [events.market ?? '']);
}, 120_000);
afterAll(() => t?.close());

describe('booking chats in the member’s messages list', () => {
  let chatId = '';
  beforeAll(async () => {
    const booking = await ok<{ chatId: string | null }>('owner', 'POST', '/api/bookings', {
      vendorId: vendor.id,
      eventId: events.harbor,
      message: 'Can you bring the food truck?',
    });
    chatId = booking.chatId ?? '';
    expect(chatId).not.toBe('');
  });

  const listed = async (who: string) =>
    (await ok<ChatList>(who, 'GET', '/api/chats')).items.map((chat) => chat.id);

  it('lists the owner’s booking chat for the vendor manager switched to the team, with the vendor', async () => {
    const list = await ok<ChatList>('vendorManager', 'GET', '/api/chats');
    expect(list.items.find((chat) => chat.id === chatId)).toMatchObject({
      kind: 'booking',
      other: { name: 'Vik Vendor' },
    });
    expect(await listed('manager')).toContain(chatId);
  });

  it('leaves it out on the member’s own account, for other roles and for a scope without the event', async () => {
    for (const who of ['vendorManagerOwn', 'marketing', 'vendorManagerMarket'])
      expect(await listed(who), who).not.toContain(chatId);
  });

  it('brings the vendor’s new message live to the members who answer the chat', async () => {
    const answering = new RealtimeClient(t, { cookie: cookies.vendorManager });
    const other = new RealtimeClient(t, { cookie: cookies.marketing });
    try {
      await Promise.all([answering.ready(), other.ready()]);
      const sent = await ok<Message>('vendor', 'POST', `/api/chats/${chatId}/messages`, {
        body: 'Yes, tacos for 300.',
      });
      const arrived = await answering.waitFor((client) =>
        client.frames
          .flatMap((frame) => (frame.type === 'messages' ? frame.events : []))
          .find((event) => event.message.id === sent.id),
      );
      expect(arrived.message.body).toBe('Yes, tacos for 300.');
      // The list shows it unread, as the owner's inbox does.
      const list = await ok<ChatList>('vendorManager', 'GET', '/api/chats');
      expect(list.items[0]).toMatchObject({ id: chatId, unreadCount: 1 });
      // A reconnecting member gets what they missed.
      const back = new RealtimeClient(t, { cookie: cookies.vendorManager, since: 0 });
      try {
        await back.waitFor((client) =>
          client.frames
            .flatMap((frame) => (frame.type === 'messages' ? frame.events : []))
            .find((event) => event.message.id === sent.id),
        );
      } finally {
        back.close();
      }
      const written = await ok<Message>('vendor', 'POST', `/api/chats/${chatId}/messages`, {
        body: 'And a second truck.',
      });
      await answering.waitFor((client) =>
        client.frames
          .flatMap((frame) => (frame.type === 'messages' ? frame.events : []))
          .find((event) => event.message.id === written.id),
      );
      expect(
        other.frames.some(
          (frame) =>
            frame.type === 'messages' && frame.events.some((e) => e.message.chatId === chatId),
        ),
      ).toBe(false);
    } finally {
      answering.close();
      other.close();
    }
  });
});

describe('rides, meeting rooms and streams act for the team', () => {
  it('lets a manager offer a ride for the owner, logged, and the owner drives it', async () => {
    const ride = await ok<{ id: string }>('manager', 'POST', '/api/rides', {
      eventId: events.harbor,
      departureArea: 'Central station',
      departsAt: new Date(t.clock.now().getTime() + 4 * DAY).toISOString(),
      seats: 3,
    });
    const mine = await ok<{ driving: { id: string }[] }>('owner', 'GET', '/api/rides/mine');
    expect(JSON.stringify(mine)).toContain(ride.id);
    const listed = await ok<object>('manager', 'GET', '/api/rides/mine');
    expect(JSON.stringify(listed)).toContain(ride.id);
    const log = await ok<{ activity: { action: string; actorName: string | null }[] }>(
      'owner',
      'GET',
      '/api/teams/activity',
    );
    expect(log.activity).toContainEqual(
      expect.objectContaining({ action: 'ride.create', actorName: 'Member manager' }),
    );
    // On their own account the member drives none of the owner's rides.
    expect(JSON.stringify(await ok<object>('managerOwn', 'GET', '/api/rides/mine'))).not.toContain(
      ride.id,
    );
    const refused = await send('marketing', 'GET', '/api/rides/mine');
    expect(refused.statusCode).toBe(403);
  });

  it('lets a manager open a meeting room the owner hosts', async () => {
    const room = await ok<{ id: string }>('manager', 'POST', '/api/meetings', {
      title: 'Crew briefing',
    });
    const owners = await ok<{ items: { id: string }[] }>('owner', 'GET', '/api/meetings');
    expect(owners.items.map((item) => item.id)).toContain(room.id);
    const theirs = await ok<{ items: { id: string }[] }>('managerOwn', 'GET', '/api/meetings');
    expect(theirs.items.map((item) => item.id)).not.toContain(room.id);
  });

  it('shows a manager the owner’s streams with the organizer’s part', async () => {
    const stream = await ok<{ id: string }>(
      'owner',
      'POST',
      `/api/events/${events.harbor}/streams`,
      {
        title: 'Main stage',
        scheduledStart: new Date(t.clock.now().getTime() + 5 * DAY).toISOString(),
        access: 'public',
      },
    );
    const list = await ok<{ items: { id: string }[] }>('manager', 'GET', '/api/streams');
    expect(list.items.map((item) => item.id)).toContain(stream.id);
    const seen = await ok<{ isOwner: boolean }>('manager', 'GET', `/api/streams/${stream.id}`);
    expect(seen.isOwner).toBe(true);
    const anyone = await ok<{ isOwner: boolean }>('marketing', 'GET', `/api/streams/${stream.id}`);
    expect(anyone.isOwner).toBe(false);
  });
});
