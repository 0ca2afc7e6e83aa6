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

beforeAll(async () => {
  first = await createTestApp();
  ada = await createUser(first.db);
  adminCookie = await first.signIn(await createUser(first.db, { roles: ['admin'] }));
  // Watches the channel like another process would, without being one (not a hub's listener).
  watcher = new pg.Client({ connectionString: first.databaseUrl });
  await watcher.connect();
  watcher.on('notification', (message) => wakes.push(message.payload ?? ''));
  await watcher.query(`LISTEN ${NOTIFY_CHANNEL}`);
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
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

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
    await settle();
    expect(wakes.slice(1).some((payload) => payload.includes('notifications'))).toBe(true);
  });
});
