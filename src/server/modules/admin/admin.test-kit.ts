import { afterAll, beforeAll, expect } from 'vitest';
import { createUser, type CreatedUser } from '../../test/factories';
import { operationsOf, type Operation } from '../../test/openapi-operations';
import { createTestApp, type TestApp } from '../../test/test-app';

// What the admin console API tests share: one app per test file, an admin and one person of
// each other role signed in, the console's routes from the API document, and the calls.

export const UNKNOWN_ID = '5b7e6d1c-3f2a-4e8b-9c0d-1a2b3c4d5e6f';

/**
 * Starts the app before the file's tests and closes it after them. `app.cookies` holds `admin`
 * ("Ada Admin", also `app.admin`), `attendee`, `organizer`, `vendor`, `venue`, `moderator` and
 * `blog_admin`; `app.operations` the routes under /api/admin in the API document.
 */
export function useAdminApp() {
  const app = { cookies: {} } as {
    t: TestApp;
    admin: CreatedUser;
    cookies: Record<string, string>;
    operations: Operation[];
  };
  const { cookies } = app;

  beforeAll(async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
    app.t = t;
    app.admin = await createUser(t.db, { roles: ['admin'], fullName: 'Ada Admin' });
    cookies.admin = await t.sessionCookie(app.admin);
    for (const type of ['attendee', 'organizer', 'vendor', 'venue'] as const)
      cookies[type] = await t.sessionCookie(await createUser(t.db, { userType: type }));
    cookies.moderator = await t.sessionCookie(await createUser(t.db, { roles: ['moderator'] }));
    cookies.blog_admin = await t.sessionCookie(await createUser(t.db, { roles: ['blog_admin'] }));
    app.operations = operationsOf((await t.app.inject({ url: '/api/openapi.json' })).json()).filter(
      (operation) => operation.path.startsWith('/api/admin'),
    );
  }, 60_000);
  afterAll(() => app.t.close());

  /** `who` is a key of `app.cookies` or a cookie itself; without it, signed out. */
  const call = (method: string, url: string, who?: string, payload?: object) =>
    app.t.app.inject({
      method: method as 'POST',
      url,
      headers: who ? { cookie: cookies[who] ?? who } : {},
      ...(payload ? { payload } : {}),
    });

  async function auditActions(targetId: string) {
    const res = await call('GET', '/api/admin/audit?pageSize=100', 'admin');
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<{ rows: { action: string; targetId: string | null }[] }>()
      .rows.filter((row) => row.targetId === targetId)
      .map((row) => row.action);
  }

  /** A paid order for one ticket, through checkout and the local provider's payment page. */
  async function payForTicket(buyer: CreatedUser, ticketTypeId: string): Promise<string> {
    const cookie = await app.t.sessionCookie(buyer);
    const created = await call('POST', '/api/orders', cookie, {
      items: [{ ticketTypeId, quantity: 1 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json<{ id: string; paymentSessionId: string }>();
    const pay = await call(
      'POST',
      `/api/payments/local/sessions/${order.paymentSessionId}/pay`,
      undefined,
      {
        name: 'Ada Obi',
        cardNumber: '4242424242424242',
        expiry: '12/30',
        cvc: '123',
      },
    );
    expect(pay.json().status, pay.body).toBe('succeeded');
    return order.id;
  }

  return { app, cookies, call, auditActions, payForTicket };
}
