import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/factories';
import { requestAs, type Sender } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { REAUTH_REQUIRED_MESSAGE } from '../../platform/auth/recent-auth';
import { REAUTH_REQUIRED_TEXT } from './two-factor.service';

// Every sensitive route asks for the password (or a passkey) again once the session's last check
// is older than ten minutes, and answers as before once the person confirmed it is them.

let t: TestApp;
let organizer: CreatedUser;
let admin: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  organizer = await createUser(t.db, { userType: 'organizer' });
  admin = await createUser(t.db, { roles: ['admin'] });
});
afterAll(() => t.close());

type Route = { method: 'POST' | 'PUT' | 'DELETE' | 'GET'; url: string; admin?: boolean };
const id = randomUUID();
const SENSITIVE: Route[] = [
  { method: 'PUT', url: '/api/affiliates/payout-method' },
  { method: 'PUT', url: '/api/affiliates/w9' },
  { method: 'POST', url: '/api/affiliates/admin/payouts', admin: true },
  { method: 'POST', url: '/api/affiliates/admin/w9/reveal', admin: true },
  { method: 'POST', url: '/api/developer/keys' },
  { method: 'DELETE', url: `/api/developer/keys/${id}` },
  { method: 'POST', url: '/api/developer/webhooks' },
  { method: 'DELETE', url: `/api/developer/webhooks/${id}` },
  { method: 'GET', url: `/api/events/${id}/export?kind=attendees&format=csv` },
  { method: 'GET', url: `/api/events/${id}/attendees.csv` },
  // What the web asks before opening such a download as a plain link.
  { method: 'GET', url: '/api/auth/two-factor/reauth' },
  { method: 'POST', url: `/api/events/${id}/exports` },
  { method: 'POST', url: '/api/auth/password' },
  { method: 'POST', url: '/api/auth/two-factor/recovery-codes' },
  { method: 'POST', url: '/api/auth/two-factor/disable' },
];

const send = requestAs(() => t);
/** A route of the table as this visitor, with the empty body a write sends. */
const call = (route: Route, who: Sender<never>) =>
  send(
    who,
    route.method,
    route.url,
    route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
  );

describe('re-authentication before sensitive actions', () => {
  it('asks in the catalog text, translated', async () => {
    expect(REAUTH_REQUIRED_TEXT.message).toBe(REAUTH_REQUIRED_MESSAGE);
    const cookie = await t.signIn(organizer);
    t.clock.advance(10 * 60_000 + 1000);
    const response = await send(
      { cookie },
      'POST',
      '/api/developer/keys',
      {},
      { 'accept-language': 'es' },
    );
    expect(response.json().error.message).not.toBe(REAUTH_REQUIRED_MESSAGE);
    expect(response.json().error.message).toMatch(/contraseña/);
  });

  it('answers 401 signed out', async () => {
    for (const route of SENSITIVE)
      expect((await call(route, 'signedOut')).statusCode, route.url).toBe(401);
  });

  it('asks again after ten minutes, and lets the action through once confirmed', async () => {
    const cookies = { organizer: await t.signIn(organizer), admin: await t.signIn(admin) };
    t.clock.advance(10 * 60_000 + 1000);
    for (const route of SENSITIVE) {
      const response = await call(route, {
        cookie: route.admin ? cookies.admin : cookies.organizer,
      });
      expect(response.statusCode, route.url).toBe(403);
      expect(response.json().error, route.url).toMatchObject({
        code: 'FORBIDDEN',
        details: { reason: 'REAUTH_REQUIRED' },
      });
    }
    for (const [who, user] of [
      ['organizer', organizer],
      ['admin', admin],
    ] as const) {
      const confirmed = await send(
        { cookie: cookies[who] },
        'POST',
        '/api/auth/two-factor/reauth',
        {
          password: user.password,
        },
      );
      expect(confirmed.statusCode).toBe(200);
    }
    for (const route of SENSITIVE) {
      const response = await call(route, {
        cookie: route.admin ? cookies.admin : cookies.organizer,
      });
      // The route's own answer now (a validation error, not found, or done), never the re-check.
      expect(response.json().error?.details?.reason, route.url).not.toBe('REAUTH_REQUIRED');
    }
  });
});
