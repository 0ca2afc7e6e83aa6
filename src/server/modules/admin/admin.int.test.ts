import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LAST_ADMIN_MESSAGE, SUSPENDED_MESSAGE } from '../../../contracts/admin';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { exampleOf, fillPath, pathParamsOf, type Operation } from '../../test/openapi-operations';
import { createTestApp, type TestApp } from '../../test/test-app';
import { UNKNOWN_ID, useAdminApp } from './admin.test-kit';

// Who may use the console (generated from the route list), the users list and what admins do
// to an account, events moderation and transferring an event. Orders, settings, the audit log
// and the figures are in admin-orders-and-figures.int.test.ts; account help, erasure and
// cancelling an event in admin-account-help.int.test.ts.

const { app, cookies, call, auditActions, payForTicket } = useAdminApp();
let t: TestApp;
let admin: CreatedUser;
let operations: Operation[] = [];
beforeAll(() => ({ t, admin, operations } = app));

/**
 * The admin routes moderators may use (decision 020): event moderation. Every other route under
 * /api/admin is for admins only; a new route is admin-only unless it is added here.
 */
const MODERATOR_ROUTES = new Set([
  'GET /api/admin/events',
  'POST /api/admin/events/{id}/moderate',
  'GET /api/admin/reports',
  'POST /api/admin/reports/{id}/action',
]);
/** Routes of other modules under /api/admin that open to more roles (their owners decide). */
const OTHER_ROLES: Record<string, string[]> = {};

function requestFor(operation: Operation, who?: string) {
  const values = Object.fromEntries(pathParamsOf(operation.path).map((name) => [name, UNKNOWN_ID]));
  const body = operation.body ? exampleOf(operation.body) : undefined;
  return call(operation.method, fillPath(operation.path, values), who, body as object | undefined);
}

describe('admin access matrix, generated from the route list', () => {
  it('finds the console routes in the document', () => {
    expect(operations.length).toBeGreaterThan(12);
  });

  it('refuses every account type, blog admins, moderators (outside moderation) and signed-out visitors; lets admins in', async () => {
    const wrong: string[] = [];
    for (const operation of operations) {
      const key = `${operation.method} ${operation.path}`;
      const allowed = new Set(['admin', ...(OTHER_ROLES[key] ?? [])]);
      if (MODERATOR_ROUTES.has(key)) allowed.add('moderator');
      const anonymous = await requestFor(operation);
      if (anonymous.statusCode !== 401) wrong.push(`${key} signed out: ${anonymous.statusCode}`);
      for (const who of ['attendee', 'organizer', 'vendor', 'venue', 'blog_admin', 'moderator']) {
        const res = await requestFor(operation, who);
        const refused = res.statusCode === 403;
        if (allowed.has(who) === refused) wrong.push(`${key} ${who}: ${res.statusCode}`);
      }
      const res = await requestFor(operation, 'admin');
      if ([401, 403].includes(res.statusCode) || res.statusCode >= 500)
        wrong.push(`${key} admin: ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});

describe('users', () => {
  it('gives a large unfiltered list the planner’s row estimate as its total, filtered ones a count', async () => {
    // Statistics as a table of 150,000 accounts would have them after analyze.
    await t.db.execute(sql`update pg_class set reltuples = 150000 where oid = 'users'::regclass`);
    try {
      const all = await call('GET', '/api/admin/users?pageSize=5', 'admin');
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json().total).toBe(150000);
      expect(all.json().rows).toHaveLength(5);
      const filtered = await call('GET', '/api/admin/users?role=admin', 'admin');
      expect(filtered.json().total).toBeLessThan(100);
    } finally {
      await t.db.execute(sql`analyze users`);
    }
    const exact = await call('GET', '/api/admin/users?pageSize=5', 'admin');
    expect(exact.json().total).toBeLessThan(1000);
  });

  it('pages, filters and sorts on the server', async () => {
    for (let i = 0; i < 3; i++)
      await createUser(t.db, {
        fullName: `Zed Paging ${i}`,
        email: `zed-paging-${i}@example.test`,
        userType: 'vendor',
        emailConfirmed: i !== 2,
      });
    const page = await call(
      'GET',
      '/api/admin/users?q=zed-paging&sort=email&dir=asc&pageSize=2',
      'admin',
    );
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json<{ rows: { email: string }[]; total: number }>();
    expect(body.total).toBe(3);
    expect(body.rows.map((r) => r.email)).toEqual([
      'zed-paging-0@example.test',
      'zed-paging-1@example.test',
    ]);
    const unconfirmed = await call('GET', '/api/admin/users?q=zed&confirmed=false', 'admin');
    expect(unconfirmed.json<{ total: number }>().total).toBe(1);
    const bad = await call('GET', '/api/admin/users?sort=password', 'admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].field).toBe('querystring.sort');
    // Pattern characters are taken literally.
    const literal = await call('GET', '/api/admin/users?q=%25', 'admin');
    expect(literal.json<{ total: number }>().total).toBe(0);
  });

  it('grants and revokes roles, effective on the next request, and audits both', async () => {
    const person = await createUser(t.db, { fullName: 'Rita Role' });
    const cookie = await t.sessionCookie(person);
    expect((await call('GET', '/api/admin/events', cookie)).statusCode).toBe(403);
    const grant = await call('POST', `/api/admin/users/${person.id}/roles`, 'admin', {
      role: 'moderator',
      granted: true,
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect((await call('GET', '/api/admin/events', cookie)).statusCode).toBe(200);
    await call('POST', `/api/admin/users/${person.id}/roles`, 'admin', {
      role: 'moderator',
      granted: false,
    });
    expect((await call('GET', '/api/admin/events', cookie)).statusCode).toBe(403);
    expect(await auditActions(person.id)).toEqual(['user.role_revoke', 'user.role_grant']);
  });

  it('names the field of a bad role change', async () => {
    const res = await call('POST', `/api/admin/users/${admin.id}/roles`, 'admin', {
      role: 'superuser',
      granted: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe('body.role');
  });

  it('refuses to remove the last admin’s own admin role', async () => {
    const { t: app2, cookie } = await soleAdminApp();
    try {
      const res = await app2.app.inject({
        method: 'POST',
        url: `/api/admin/users/${cookie.id}/roles`,
        headers: { cookie: cookie.value },
        payload: { role: 'admin', granted: false },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(LAST_ADMIN_MESSAGE);
    } finally {
      await app2.close();
    }
  });

  it('suspension ends every session at once and refuses sign-in; reactivation lifts it', async () => {
    const person = await createUser(t.db, { fullName: 'Sam Suspended' });
    const cookie = await t.signIn(person);
    const before = await call('GET', '/api/auth/session', cookie);
    expect(before.json().user?.id).toBe(person.id);
    const res = await call('POST', `/api/admin/users/${person.id}/suspend`, 'admin', {
      reason: 'spam',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', '/api/auth/session', cookie)).json().user).toBeNull();
    const signIn = await call('POST', '/api/auth/sign-in', undefined, {
      email: person.email,
      password: person.password,
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.message).toBe(SUSPENDED_MESSAGE);
    const list = await call('GET', '/api/admin/users?status=suspended&q=Sam%20Suspended', 'admin');
    expect(list.json<{ total: number }>().total).toBe(1);

    await call('POST', `/api/admin/users/${person.id}/reactivate`, 'admin');
    const again = await call('POST', '/api/auth/sign-in', undefined, {
      email: person.email,
      password: person.password,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await auditActions(person.id)).toEqual(['user.reactivate', 'user.suspend']);
  });

  it('refuses an admin suspending themselves', async () => {
    const res = await call('POST', `/api/admin/users/${admin.id}/suspend`, 'admin', {});
    expect(res.statusCode).toBe(409);
  });

  it('shows a user’s detail and audits the viewing', async () => {
    const person = await createUser(t.db, { fullName: 'Vera Viewed' });
    await t.sessionCookie(person);
    const res = await call('GET', `/api/admin/users/${person.id}`, 'admin');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sessions).toHaveLength(1);
    expect(await auditActions(person.id)).toEqual(['user.view']);
    expect((await call('GET', `/api/admin/users/${UNKNOWN_ID}`, 'admin')).statusCode).toBe(404);
  });
});

describe('events moderation', () => {
  it('moderators unpublish and republish; only admins feature; each is audited once', async () => {
    const owner = await createUser(t.db, { userType: 'organizer' });
    const event = await createEvent(t.db, { userId: owner.id, eventStatus: 'published' });
    const moderate = (action: string, who: string) =>
      call('POST', `/api/admin/events/${event.id}/moderate`, who, { action });
    expect((await moderate('unpublish', 'moderator')).statusCode).toBe(200);
    expect((await call('GET', `/api/events/${event.id}`)).statusCode).toBe(404);
    expect((await moderate('unpublish', 'moderator')).statusCode).toBe(200);
    expect((await moderate('republish', 'moderator')).statusCode).toBe(200);
    expect((await call('GET', `/api/events/${event.id}`)).statusCode).toBe(200);
    expect((await moderate('feature', 'moderator')).statusCode).toBe(403);
    expect((await moderate('feature', 'admin')).statusCode).toBe(200);
    const list = await call('GET', '/api/admin/events?featured=true', 'admin');
    expect(list.json<{ rows: { id: string }[] }>().rows.map((r) => r.id)).toContain(event.id);
    expect(await auditActions(event.id)).toEqual([
      'event.feature',
      'event.republish',
      'event.unpublish',
    ]);
  });

  it("answers in the reader's language, the error code unchanged", async () => {
    const owner = await createUser(t.db, { userType: 'organizer' });
    const draft = await createEvent(t.db, { userId: owner.id, eventStatus: 'draft' });
    const moderate = (who: string, language: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/events/${draft.id}/moderate`,
        headers: { cookie: cookies[who] ?? '', 'accept-language': language },
        payload: { action: 'feature' },
      });
    expect((await moderate('moderator', 'fr')).json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Rôle requis : administrateur' },
    });
    expect((await moderate('admin', 'de')).json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'Nur eine veröffentlichte Veranstaltung kann hervorgehoben werden',
      },
    });
  });
});
describe('transferring an event', () => {
  it('moves the event to another organizer, tells both, keeps the tickets and audits it', async () => {
    const from = await createUser(t.db, { userType: 'organizer', fullName: 'Fran Former' });
    const to = await createUser(t.db, { userType: 'organizer', fullName: 'Nell Newowner' });
    const event = await createEvent(t.db, { userId: from.id, title: 'Handover Fair' });
    const type = await createTicketType(t.db, { eventId: event.id, priceCents: 700 });
    const buyer = await createUser(t.db);
    const orderId = await payForTicket(buyer, type.id);
    const tickets = async () =>
      (
        await t.db.execute<{ id: string; user_id: string; status: string }>(
          sql`select id, user_id, status from tickets where order_id = ${orderId} order by id`,
        )
      ).rows;
    const before = await tickets();

    const res = await call('POST', `/api/admin/events/${event.id}/transfer`, 'admin', {
      toUserId: to.id,
      reason: 'Organizer retired',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      eventId: event.id,
      from: { id: from.id, name: 'Fran Former' },
      to: { id: to.id, name: 'Nell Newowner' },
    });
    const owner = await t.db.execute<{ user_id: string }>(
      sql`select user_id from events where id = ${event.id}`,
    );
    expect(owner.rows[0]?.user_id).toBe(to.id);
    expect(await tickets()).toEqual(before);
    // The new owner manages it now; the old one no longer can.
    const edit = (cookie: string) =>
      call('PATCH', `/api/events/${event.id}`, cookie, { title: 'Handover Fair 2' });
    expect((await edit(await t.sessionCookie(from))).statusCode).toBe(403);
    expect((await edit(await t.sessionCookie(to))).statusCode).toBe(200);
    const toNotes = await call('GET', '/api/notifications', await t.sessionCookie(to));
    expect(toNotes.body).toContain('You now own Handover Fair');
    const fromNotes = await call('GET', '/api/notifications', await t.sessionCookie(from));
    expect(fromNotes.body).toContain('moved to Nell Newowner');
    expect(await auditActions(event.id)).toEqual(['event.transfer']);
  });

  it('refuses accounts that cannot own events, the current owner and unknown events', async () => {
    const owner = await createUser(t.db, { userType: 'organizer' });
    const attendee = await createUser(t.db, { userType: 'attendee' });
    const event = await createEvent(t.db, { userId: owner.id });
    for (const toUserId of [attendee.id, owner.id, UNKNOWN_ID]) {
      const res = await call('POST', `/api/admin/events/${event.id}/transfer`, 'admin', {
        toUserId,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.details.fields[0].field).toBe('toUserId');
    }
    const venue = await createUser(t.db, { userType: 'venue' });
    const missing = await call('POST', `/api/admin/events/${UNKNOWN_ID}/transfer`, 'admin', {
      toUserId: venue.id,
    });
    expect(missing.statusCode).toBe(404);
    expect(await auditActions(event.id)).toEqual([]);
  });
});
/** A second app on its own database whose only admin is the caller. */
async function soleAdminApp() {
  const app = await createTestApp();
  const only = await createUser(app.db, { roles: ['admin'] });
  return { t: app, cookie: { id: only.id, value: await app.sessionCookie(only) } };
}
