import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAuthToken } from '../../modules/auth/auth-tokens';
import { connectDatabase, type DatabaseHandle } from '../../db/client';
import { createUser, type CreatedUser } from '../../test/factories';
import { RealtimeClient } from '../../test/realtime-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { setUserRole } from './role-changes';

// A revoked session or a removed role kept working for ~4 s in other
// processes (their session cache), and the session's live socket stayed open. Two apps on one
// database play two server processes; a third connection plays the grant-role CLI.
let a: TestApp;
let b: TestApp;
let cli: DatabaseHandle;

beforeAll(async () => {
  // A long cache, so that only the revocation can explain a 401 on the very next request.
  const env = { RATE_LIMIT_MULTIPLIER: '50', SESSION_CACHE_MS: '60000' };
  a = await createTestApp({ env });
  b = await createTestApp({ env, shareDatabaseOf: a });
  for (const app of [a, b]) await app.app.listen({ port: 0, host: '127.0.0.1' });
  cli = connectDatabase(a.databaseUrl, { max: 1 });
});
const clients: RealtimeClient[] = [];
const socketOn = (app: TestApp, cookie: string) => {
  const client = new RealtimeClient(app, { cookie });
  clients.push(client);
  return client;
};
afterAll(async () => {
  for (const client of clients) client.close();
  await cli?.close();
  await b?.close();
  await a?.close();
});

let address = 10;
const post = (app: TestApp, url: string, cookie: string | undefined, payload: object = {}) =>
  app.app.inject({
    method: 'POST',
    url,
    headers: cookie ? { cookie } : {},
    payload,
    remoteAddress: `198.51.100.${address++}`,
  });
const sessionOf = async (app: TestApp, cookie: string) =>
  (await app.app.inject({ url: '/api/auth/session', headers: { cookie } })).json<{
    user: { id: string } | null;
  }>().user;
const isAdmin = async (app: TestApp, cookie: string) =>
  (await app.app.inject({ url: '/api/auth/has-role?role=admin', headers: { cookie } })).json<{
    hasRole: boolean;
  }>().hasRole;

async function signedIn(user: CreatedUser) {
  const cookie = await a.signIn(user);
  // Both processes now hold the session in their cache.
  expect((await sessionOf(a, cookie))?.id).toBe(user.id);
  expect((await sessionOf(b, cookie))?.id).toBe(user.id);
  return cookie;
}

const closeCode = (client: RealtimeClient) => client.waitFor((c) => c.closed?.code, 2000);

describe('revocation reaches every process on the next request', () => {
  it('sign-out on one process ends the session on the other, and closes its sockets there', async () => {
    const user = await createUser(a.db);
    const cookie = await signedIn(user);
    const other = await signedIn(user);
    const onB = socketOn(b, cookie);
    const otherOnB = socketOn(b, other);
    await onB.ready();
    await otherOnB.ready();

    expect((await post(a, '/api/auth/sign-out', cookie)).statusCode).toBe(200);
    expect(await sessionOf(b, cookie)).toBeNull();
    expect(await closeCode(onB)).toBe(4401);
    // The person's other session is untouched.
    expect((await sessionOf(b, other))?.id).toBe(user.id);
    expect(otherOnB.closed).toBeUndefined();
    otherOnB.close();
  });

  it('a password reset ends every session everywhere and closes their sockets', async () => {
    const user = await createUser(a.db);
    const cookies = [await signedIn(user), await signedIn(user)];
    const sockets = [socketOn(a, cookies[0] ?? ''), socketOn(b, cookies[1] ?? '')];
    for (const socket of sockets) await socket.ready();

    const token = await issueAuthToken(a.db, {
      userId: user.id,
      purpose: 'password_reset',
      now: a.clock.now(),
    });
    const reset = await post(b, '/api/auth/password-reset', undefined, {
      token,
      password: 'a-brand-new-pass-1',
      confirmPassword: 'a-brand-new-pass-1',
    });
    expect(reset.statusCode).toBe(200);
    for (const cookie of cookies) {
      expect(await sessionOf(a, cookie)).toBeNull();
      expect(await sessionOf(b, cookie)).toBeNull();
    }
    for (const socket of sockets) expect(await closeCode(socket)).toBe(4401);
  });

  it('a password change ends the other sessions and their sockets, not the current one', async () => {
    const user = await createUser(a.db);
    const current = await signedIn(user);
    const stolen = await signedIn(user);
    const currentSocket = socketOn(b, current);
    const stolenSocket = socketOn(b, stolen);
    await currentSocket.ready();
    await stolenSocket.ready();

    const changed = await post(a, '/api/auth/password', current, {
      currentPassword: user.password,
      password: 'another-new-pass-2',
      confirmPassword: 'another-new-pass-2',
    });
    expect(changed.statusCode).toBe(200);
    expect(await sessionOf(b, stolen)).toBeNull();
    expect((await sessionOf(b, current))?.id).toBe(user.id);
    expect(await closeCode(stolenSocket)).toBe(4401);
    expect(currentSocket.closed).toBeUndefined();
    currentSocket.close();
  });

  it('a role removed by another process (the CLI) counts on the next request, and sockets re-authorise', async () => {
    const user = await createUser(a.db, { roles: ['admin'] });
    const cookie = await signedIn(user);
    expect(await isAdmin(a, cookie)).toBe(true);
    expect(await isAdmin(b, cookie)).toBe(true);
    const socket = socketOn(b, cookie);
    await socket.ready();

    await setUserRole(cli.db, { userId: user.id, role: 'admin', granted: false });
    // The CLI does not wait for the servers; each hears it on its own connection within moments
    // (well inside the 60 s cache, which alone would keep the role), later on a loaded machine.
    await expect
      .poll(async () => [await isAdmin(a, cookie), await isAdmin(b, cookie)], {
        timeout: 5000,
        interval: 10,
      })
      .toEqual([false, false]);
    // Still signed in: the socket is asked to reconnect (not told it is signed out).
    expect(await closeCode(socket)).toBe(4409);
    expect((await sessionOf(a, cookie))?.id).toBe(user.id);
  });
});
