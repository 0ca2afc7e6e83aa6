import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_CHANNEL } from '../../platform/realtime/hub';
import { createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// A process wakes the others with NOTIFY only while another process listens (decision 010).
let first: TestApp;
let second: TestApp | undefined;
let watcher: pg.Client;
let ada: CreatedUser;
let adminCookie: string;
const wakes: string[] = [];
/** A channel no hub listens on, for the watcher's own markers. */
const MARKER_CHANNEL = 'test_marker';
const markers: string[] = [];

beforeAll(async () => {
  first = await createTestApp();
  ada = await createUser(first.db);
  adminCookie = await first.signIn(await createUser(first.db, { roles: ['admin'] }));
  // Watches the channel like another process would, without being one (not a hub's listener).
  watcher = new pg.Client({ connectionString: first.databaseUrl });
  await watcher.connect();
  watcher.on('notification', (message) => {
    if (message.channel === NOTIFY_CHANNEL) wakes.push(message.payload ?? '');
    else markers.push(message.payload ?? '');
  });
  await watcher.query(`LISTEN ${NOTIFY_CHANNEL}`);
  await watcher.query(`LISTEN ${MARKER_CHANNEL}`);
});
afterAll(async () => {
  await watcher.end();
  await second?.close();
  await first.close();
});

const notifyAda = async (title: string) => {
  const response = await first.app.inject({
    method: 'POST',
    url: '/api/notifications',
    headers: { cookie: adminCookie },
    payload: { userId: ada.id, type: 'ticket_sale', title, message: title },
  });
  expect(response.statusCode).toBe(201);
};
/**
 * The apps are idle, and every NOTIFY they sent has reached the watcher: a session gets its
 * notifications in commit order, so once a marker sent now arrives, any wake sent before it has.
 */
const settle = async () => {
  await first.settle();
  await second?.settle();
  const marker = String(markers.length + 1);
  await watcher.query(`NOTIFY ${MARKER_CHANNEL}, '${marker}'`);
  await expect.poll(() => markers.includes(marker)).toBe(true);
};

describe('realtime wakes between processes', () => {
  it('sends none while no other process listens, and does from when one starts', async () => {
    await notifyAda('Alone');
    await settle();
    expect(wakes).toEqual([]);

    second = await createTestApp({ shareDatabaseOf: first });
    await settle();
    // The new process says it listens; the first then wakes it for its next rows.
    expect(wakes).toHaveLength(1);
    await notifyAda('Together');
    await expect
      .poll(() => wakes.slice(1).some((payload) => payload.includes('notifications')))
      .toBe(true);
  });
});
