import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../contracts/notifications';
import { REALTIME_CATCH_UP_MAX } from '../../../contracts/realtime';
import { createUser, type CreatedUser } from '../../test/factories';
import { RealtimeClient as Client } from '../../test/realtime-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { notifications } from '../../db/schema/notifications';
import { createNotifications } from './notifications.service';
import { notificationSource } from './realtime-sources';

let first: TestApp;
let second: TestApp;
let ada: CreatedUser;
let adaCookie: string;
let adminCookie: string;

beforeAll(async () => {
  first = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  // A second server process on the same database.
  second = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' }, shareDatabaseOf: first });
  for (const app of [first, second]) await app.app.listen({ port: 0, host: '127.0.0.1' });
  ada = await createUser(first.db, { fullName: 'Ada Obi' });
  adaCookie = await first.signIn(ada);
  adminCookie = await first.signIn(await createUser(first.db, { roles: ['admin'] }));
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const notifyAda = (app: TestApp, title: string) =>
  app.app
    .inject({
      method: 'POST',
      url: '/api/notifications',
      headers: { cookie: adminCookie },
      payload: { userId: ada.id, type: 'ticket_sale', title, message: `${title} just now` },
    })
    .then((r) => r.json<Notification>());

describe('realtime socket', () => {
  it('refuses the signed-out (4401) and other sites (4403)', async () => {
    const anonymous = new Client(first);
    await anonymous.waitFor((c) => c.closed);
    expect(anonymous.closed?.code).toBe(4401);
    const foreign = new Client(first, { cookie: adaCookie, origin: 'https://evil.example' });
    await foreign.waitFor((c) => c.closed);
    expect(foreign.closed?.code).toBe(4403);
  });

  it('delivers INSERT at once and UPDATE when it is read (only to its owner)', async () => {
    const client = new Client(first, { cookie: adaCookie });
    const otherUser = await createUser(first.db);
    const other = new Client(first, { cookie: await first.signIn(otherUser) });
    await client.ready();
    await other.ready();

    const started = Date.now();
    const created = await notifyAda(first, 'Ticket sold');
    const live = await client.notification(created.id, 'INSERT');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(live).toMatchObject({ title: 'Ticket sold', read: false, seq: created.seq });

    await first.app.inject({
      method: 'POST',
      url: `/api/notifications/${created.id}/read`,
      headers: { cookie: adaCookie },
    });
    const updated = await client.notification(created.id, 'UPDATE');
    expect(updated.read).toBe(true);
    expect(updated.seq).toBeGreaterThan(created.seq);

    // Only its own rows (its sign-in notification) ever reach the other user's socket.
    const othersRows = other.frames.flatMap((f) => (f.type === 'notifications' ? f.events : []));
    expect(othersRows.every((e) => e.notification.userId === otherUser.id)).toBe(true);
    expect(othersRows.some((e) => e.notification.id === created.id)).toBe(false);
    client.close();
    other.close();
  });

  it('two server processes on one database deliver each other’s notifications', async () => {
    const onSecond = new Client(second, { cookie: adaCookie });
    const onFirst = new Client(first, { cookie: adaCookie });
    await onSecond.ready();
    await onFirst.ready();
    const fromFirst = await notifyAda(first, 'Sold via the first process');
    const fromSecond = await notifyAda(second, 'Sold via the second process');
    for (const client of [onFirst, onSecond]) {
      await client.notification(fromFirst.id, 'INSERT');
      await client.notification(fromSecond.id, 'INSERT');
    }
    onSecond.close();
    onFirst.close();
  });

  it('a reconnecting client catches up on what it missed (since), and a huge gap asks for a resync', async () => {
    const client = new Client(first, { cookie: adaCookie });
    const { seq } = await client.ready();
    client.close();
    const missed = await notifyAda(first, 'Missed while away');
    const back = new Client(first, { cookie: adaCookie, since: seq });
    const caught = await back.notification(missed.id, 'INSERT');
    expect(caught.title).toBe('Missed while away');
    back.close();

    const busy = await createUser(first.db);
    // Signed in first: signing in writes a `signin` notification, which must also have gone by
    // before the socket opens (it used to reach the new socket live, beside the resync).
    const busyCookie = await first.signIn(busy);
    // The hub fans changes out in order: once a later one reaches a watcher, the busy person's
    // rows have gone by live, so the new socket can only learn of them by catching up.
    const watcher = new Client(first, { cookie: adaCookie });
    await watcher.ready();
    await createNotifications(
      first.db,
      Array.from({ length: REALTIME_CATCH_UP_MAX + 1 }, (_, i) => ({
        userId: busy.id,
        type: 'ticket_sale' as const,
        title: `Sale ${i}`,
        message: 'Sold',
      })),
    );
    const marker = await notifyAda(first, 'After the busy rows');
    await watcher.notification(marker.id, 'INSERT');
    watcher.close();
    const tooFar = new Client(first, { cookie: busyCookie, since: seq });
    await tooFar.ready();
    expect(tooFar.frames.map((f) => f.type)).toContain('resync');
    expect(tooFar.frames.some((f) => f.type === 'notifications')).toBe(false);
    tooFar.close();
  });

  it('puts the same notification on the socket as the list shows, live and when catching up', async () => {
    const made = await first.app
      .inject({
        method: 'POST',
        url: '/api/notifications',
        headers: { cookie: adminCookie },
        payload: {
          userId: ada.id,
          type: 'message',
          title: 'From "Zoë"\n',
          message: 'Emoji 🎉, tab\t, separator \u2028',
          relatedType: 'messages',
          metadata: { sender_id: ada.id, sender_name: "Zoë O'Neil", nested: { a: [1, null] } },
        },
      })
      .then((r) => r.json<Notification>());
    const listed = (
      await first.app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: { cookie: adaCookie },
      })
    )
      .json<{ items: Notification[] }>()
      .items.find((item) => item.id === made.id);
    expect(listed?.link).toBe(`/messages?chat=${ada.id}&name=Zo%C3%AB%20O'Neil`);
    const expected = { type: 'notifications', events: [{ op: 'INSERT', notification: listed }] };

    const source = notificationSource(first.db, () => {});
    const live = (await source.read(made.seq - 1, [], 10)).filter((row) => row.id === made.id);
    expect(source.frame(live)).toEqual(expected);
    expect(JSON.parse(source.serialize?.(live) ?? '')).toEqual(expected);
    const caught = await source.changesFor(ada.id, made.seq - 1, 10);
    expect(source.frame(caught.filter((row) => row.id === made.id))).toEqual(expected);
    // A late arrival asked for by its sequence number (a gap the cursor kept).
    const late = await source.read(made.seq, [made.seq], 10);
    expect(late.map((row) => row.id)).toContain(made.id);
    // The flags the hub acts on, read as booleans: an already dispatched row starts no dispatch.
    await first.db.insert(notifications).values([
      {
        userId: ada.id,
        type: 'ticket_sale',
        title: 'Sent already',
        message: 'x',
        dispatchedAt: new Date(),
      },
    ]);
    const sent = (await source.read(made.seq, [], 10)).find((row) => row.title === 'Sent already');
    expect(sent).toMatchObject({ userId: ada.id, dispatched: true, updated: false, read: false });
    expect(typeof sent?.seq).toBe('number');
  });
});
