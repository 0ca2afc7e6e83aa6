import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ALREADY_CONFIRMED_MESSAGE,
  LAST_ADMIN_MESSAGE,
  SELF_ERASE_MESSAGE,
  SUSPENDED_MESSAGE,
} from '../../../contracts/admin';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { waitForCapturedMail } from '../../test/mail';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import {
  exampleOf,
  fillPath,
  operationsOf,
  pathParamsOf,
  type Operation,
} from '../../test/openapi-operations';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const cookies: Record<string, string> = {};
let admin: CreatedUser;
let operations: Operation[] = [];
const UNKNOWN_ID = '5b7e6d1c-3f2a-4e8b-9c0d-1a2b3c4d5e6f';

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

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  admin = await createUser(t.db, { roles: ['admin'], fullName: 'Ada Admin' });
  cookies.admin = await t.sessionCookie(admin);
  for (const type of ['attendee', 'organizer', 'vendor', 'venue'] as const)
    cookies[type] = await t.sessionCookie(await createUser(t.db, { userType: type }));
  cookies.moderator = await t.sessionCookie(await createUser(t.db, { roles: ['moderator'] }));
  cookies.blog_admin = await t.sessionCookie(await createUser(t.db, { roles: ['blog_admin'] }));
  operations = operationsOf((await t.app.inject({ url: '/api/openapi.json' })).json()).filter(
    (operation) => operation.path.startsWith('/api/admin'),
  );
}, 60_000);
afterAll(() => t.close());

const call = (method: string, url: string, who?: string, payload?: object) =>
  t.app.inject({
    method: method as 'POST',
    url,
    headers: who ? { cookie: cookies[who] ?? who } : {},
    ...(payload ? { payload } : {}),
  });

function requestFor(operation: Operation, who?: string) {
  const values = Object.fromEntries(pathParamsOf(operation.path).map((name) => [name, UNKNOWN_ID]));
  const body = operation.body ? exampleOf(operation.body) : undefined;
  return call(operation.method, fillPath(operation.path, values), who, body as object | undefined);
}

async function auditActions(targetId: string) {
  const res = await call('GET', '/api/admin/audit?pageSize=100', 'admin');
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ rows: { action: string; targetId: string | null }[] }>()
    .rows.filter((row) => row.targetId === targetId)
    .map((row) => row.action);
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

describe('orders', () => {
  it('lists, refunds through the refund service with an audit row, and exports CSV', async () => {
    const owner = await createUser(t.db, { userType: 'organizer' });
    const event = await createEvent(t.db, {
      userId: owner.id,
      title: 'Refundable Gala',
      isFree: false,
    });
    const type = await createTicketType(t.db, { eventId: event.id, priceCents: 2500 });
    const buyer = await createUser(t.db, { email: 'refund-buyer@example.test' });
    const order = await payForTicket(buyer, type.id);

    const list = await call('GET', '/api/admin/orders/search?q=Refundable', 'admin');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ rows: { id: string }[] }>().rows.map((r) => r.id)).toEqual([order]);
    // By part of the buyer's address, with the total counted for the same filter.
    const byBuyer = await call('GET', '/api/admin/orders/search?q=refund-buyer@', 'admin');
    expect(byBuyer.json()).toMatchObject({ total: 1, rows: [{ id: order }] });

    const partial = await call('POST', `/api/admin/orders/${order}/refund`, 'admin', {
      amountCents: 500,
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().status).toBe('partially_refunded');
    const tooMuch = await call('POST', `/api/admin/orders/${order}/refund`, 'admin', {
      amountCents: 999_999,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(await auditActions(order)).toEqual(['order.refund']);

    const csv = await call('GET', '/api/admin/orders/export.csv?q=refund-buyer', 'admin');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toMatch(/^id,created_at,status/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('refund-buyer@example.test');
  });
});

describe('settings and the audit log', () => {
  it('changes the footer contact at once, audits it, and names a bad field', async () => {
    const res = await call('PATCH', '/api/admin/settings', 'admin', {
      contactEmail: 'help@example.test',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', '/api/site')).json().contactEmail).toBe('help@example.test');
    expect(await auditActions('contactEmail')).toEqual(['setting.change']);
    const bad = await call('PATCH', '/api/admin/settings', 'admin', { contactEmail: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].field).toBe('body.contactEmail');
  });

  it('offers no way to change or delete audit rows, and the database refuses it', async () => {
    const writable = operations.filter(
      (op) => op.path.startsWith('/api/admin/audit') && op.method !== 'GET',
    );
    expect(writable).toEqual([]);
    // At least one row, so the statements below have something to touch.
    await call('PATCH', '/api/admin/settings', 'admin', { maintenanceBanner: 'Back soon' });
    const refusal = async (statement: string) =>
      t.db.execute(statement).then(
        () => 'changed',
        (error: Error & { cause?: Error }) => String(error.cause?.message ?? error.message),
      );
    expect(await refusal(`update audit_log set action = 'x'`)).toMatch(/append-only/);
    expect(await refusal(`delete from audit_log`)).toMatch(/append-only/);
  });

  it('shows figures on the overview', async () => {
    const day = 86_400_000;
    await createUser(t.db, { createdAt: new Date(t.clock.now().getTime() - day) });
    await createUser(t.db, { createdAt: new Date(t.clock.now().getTime() - 40 * day) });
    await call('PATCH', '/api/admin/settings', 'admin', { siteName: 'MEA Console Test' });
    const res = await call('GET', '/api/admin/overview?days=30', 'admin');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.newUsers.current).toBeGreaterThanOrEqual(1);
    expect(body.newUsers.previous).toBeGreaterThanOrEqual(1);
    expect(body.recentActivity.length).toBeGreaterThan(0);
  });

  it('finds users, events and orders from one search box', async () => {
    const res = await call('GET', '/api/admin/search?q=refund-buyer', 'admin');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().users).toHaveLength(1);
    expect(res.json().orders).toHaveLength(1);
  });
});

describe('account help, erasure and cancelling from the console', () => {
  it('sends a password reset and a confirmation link through the auth module, audited', async () => {
    const person = await createUser(t.db, { email: 'help-me@example.test', emailConfirmed: false });
    const reset = await call('POST', `/api/admin/users/${person.id}/password-reset`, 'admin');
    expect(reset.statusCode, reset.body).toBe(200);
    const resend = await call('POST', `/api/admin/users/${person.id}/resend-confirmation`, 'admin');
    expect(resend.statusCode, resend.body).toBe(200);
    const mails = await waitForCapturedMail(t.db, person.email, { count: 2 });
    expect(mails.map((m) => m.subject).join(' | ')).toMatch(/reset/i);
    expect(await auditActions(person.id)).toEqual(
      expect.arrayContaining(['user.password_reset_sent', 'user.confirmation_resent']),
    );
    const confirmed = await createUser(t.db);
    const again = await call(
      'POST',
      `/api/admin/users/${confirmed.id}/resend-confirmation`,
      'admin',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ALREADY_CONFIRMED_MESSAGE);
  });

  it('deletes an account: personal data erased, signed out at once, orders and audit kept', async () => {
    const organizer = await createUser(t.db, { userType: 'organizer' });
    const event = await createEvent(t.db, { userId: organizer.id });
    const type = await createTicketType(t.db, { eventId: event.id, priceCents: 1500 });
    const person = await createUser(t.db, {
      email: 'Erase-Me@example.test',
      fullName: 'Erin Erasable',
      roles: ['moderator'],
    });
    const orderId = await payForTicket(person, type.id);
    const cookie = await t.sessionCookie(person);
    await call('POST', `/api/admin/users/${person.id}/suspend`, 'admin', { reason: 'first' });
    await call('POST', `/api/admin/users/${person.id}/reactivate`, 'admin');

    const wrong = await call('POST', `/api/admin/users/${person.id}/erase`, 'admin', {
      confirmEmail: 'someone-else@example.test',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details.fields[0].field).toBe('confirmEmail');
    const missing = await call('POST', `/api/admin/users/${person.id}/erase`, 'admin', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('confirmEmail');

    const res = await call('POST', `/api/admin/users/${person.id}/erase`, 'admin', {
      confirmEmail: ' erase-me@example.test ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', '/api/auth/session', cookie)).json().user).toBeNull();
    const signIn = await call('POST', '/api/auth/sign-in', undefined, {
      email: 'erase-me@example.test',
      password: person.password,
    });
    expect(signIn.statusCode).toBe(401);

    const detail = await call('GET', `/api/admin/users/${person.id}`, 'admin');
    expect(detail.json()).toMatchObject({
      fullName: 'Deleted user',
      email: `erased-${person.id}@erased.invalid`,
      phone: null,
      roles: [],
      sessions: [],
      passkeys: [],
      orders: [{ id: orderId, status: 'paid', totalCents: 1500 }],
    });
    // The trail survives, and holds no personal data of the erased person.
    const audit = await call('GET', `/api/admin/audit?targetType=user&pageSize=100`, 'admin');
    const rows = audit
      .json<{ rows: { action: string; targetId: string; details: object }[] }>()
      .rows.filter((row) => row.targetId === person.id);
    expect(rows.map((row) => row.action)).toEqual(
      expect.arrayContaining(['user.erase', 'user.suspend', 'user.reactivate']),
    );
    const erase = rows.find((row) => row.action === 'user.erase');
    expect(erase?.details).toMatchObject({ ordersKept: 1, rolesRemoved: ['moderator'] });
    expect(JSON.stringify(erase)).not.toMatch(/erase-me|Erin/i);
    // The real address is free again; a second erase finds nothing to erase.
    const again = await call('POST', `/api/admin/users/${person.id}/erase`, 'admin', {
      confirmEmail: 'erase-me@example.test',
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses to erase the caller (so the last admin can never be erased)', async () => {
    const self = await call('POST', `/api/admin/users/${admin.id}/erase`, 'admin', {
      confirmEmail: admin.email,
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe(SELF_ERASE_MESSAGE);
  });

  it('cancels an event through the events module and notifies each ticket holder once', async () => {
    const organizer = await createUser(t.db, { userType: 'organizer' });
    const event = await createEvent(t.db, { userId: organizer.id, title: 'Rained Out Fest' });
    const type = await createTicketType(t.db, { eventId: event.id, priceCents: 1000 });
    const buyer = await createUser(t.db);
    await payForTicket(buyer, type.id);
    await payForTicket(buyer, type.id);
    const res = await call('POST', `/api/admin/events/${event.id}/cancel`, 'admin', {
      reason: 'Storm warning',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ notified: 1 });
    const list = await call('GET', '/api/notifications', await t.sessionCookie(buyer));
    expect(list.body).toContain('Cancelled: Rained Out Fest');
    // A holder who reads Spanish is told in Spanish; the admin's reason stays as written.
    const other = await createEvent(t.db, { userId: organizer.id, title: 'Windy Fair' });
    const otherType = await createTicketType(t.db, { eventId: other.id, priceCents: 1000 });
    await t.db.update(users).set({ language: 'es' }).where(eq(users.id, buyer.id));
    await payForTicket(buyer, otherType.id);
    await call('POST', `/api/admin/events/${other.id}/cancel`, 'admin', {
      reason: 'Storm warning',
    });
    const [spanish] = await t.db
      .select({ title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, buyer.id),
          eq(notifications.relatedId, other.id),
          eq(notifications.type, 'event_cancelled'),
        ),
      );
    expect(spanish).toEqual({
      title: 'Cancelado: Windy Fair',
      message:
        'Windy Fair se ha cancelado: Storm warning. Nos pondremos en contacto con usted en relación con los reembolsos.',
    });
    expect(await auditActions(event.id)).toEqual(['event.cancel']);
    const again = await call('POST', `/api/admin/events/${event.id}/cancel`, 'admin', {});
    expect(again.statusCode).toBe(409);
    expect(await auditActions(event.id)).toEqual(['event.cancel']);
  });
});

describe('analytics breakdowns', () => {
  it('breaks paid ticket revenue down by category, sign-ups by type and ranks events', async () => {
    const organizer = await createUser(t.db, { userType: 'organizer' });
    const event = await createEvent(t.db, {
      userId: organizer.id,
      title: 'Breakdown Jazz Night',
      category: 'Gala',
    });
    const type = await createTicketType(t.db, { eventId: event.id, priceCents: 1200 });
    const buyer = await createUser(t.db, { userType: 'venue', createdAt: t.clock.now() });
    await payForTicket(buyer, type.id);
    await payForTicket(buyer, type.id);
    const res = await call('GET', '/api/admin/analytics?days=7', 'admin');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.revenueByCategory).toContainEqual({
      category: 'Gala',
      currency: 'USD',
      cents: expect.any(Number),
      tickets: expect.any(Number),
    });
    const gala = body.revenueByCategory.find(
      (row: { category: string }) => row.category === 'Gala',
    );
    expect(gala.cents).toBeGreaterThanOrEqual(2400);
    expect(body.topEvents).toContainEqual(
      expect.objectContaining({ id: event.id, tickets: 2, cents: 2400 }),
    );
    expect(body.signupsByType).toContainEqual(
      expect.objectContaining({ userType: 'venue', count: expect.any(Number) }),
    );
    expect(Array.isArray(body.topVendors)).toBe(true);
    expect((await call('GET', '/api/admin/analytics?days=0', 'admin')).statusCode).toBe(400);
  });
});

describe('event page views and view→order conversion', () => {
  const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
  const view = (eventId: string, agent: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/event-views',
      headers: { 'user-agent': agent, ...(cookie ? { cookie } : {}) },
      payload: { eventId },
    });
  const viewsOf = async (eventId: string) => {
    const { rows } = await t.db.execute<{ views: number }>(
      sql`select coalesce(sum(views), 0)::int as views from event_page_views where event_id = ${eventId}`,
    );
    return rows[0]?.views ?? 0;
  };

  it('counts one view per visitor and day, not bots or unpublished events, and divides orders by views', async () => {
    const organizer = await createUser(t.db, { userType: 'organizer' });
    const event = await createEvent(t.db, { userId: organizer.id, title: 'Viewed Gala' });
    const draft = await createEvent(t.db, { userId: organizer.id, eventStatus: 'draft' });
    const type = await createTicketType(t.db, { eventId: event.id, priceCents: 900 });
    const buyer = await createUser(t.db);
    const buyerCookie = await t.sessionCookie(buyer);
    const answers = [
      await view(event.id, BROWSER, buyerCookie),
      await view(event.id, BROWSER, buyerCookie), // the same session again: not counted
      await view(event.id, `${BROWSER} Edg/131.0`), // someone else, signed out
      await view(
        event.id,
        'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      ),
      await view(event.id, ''),
      await view(draft.id, BROWSER),
      await view(UNKNOWN_ID, BROWSER),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([204, 204, 204, 204, 204, 204, 204]);
    // Counts are buffered and written every second or two.
    await vi.waitFor(async () => expect(await viewsOf(event.id)).toBe(2), { timeout: 8000 });
    expect(await viewsOf(draft.id)).toBe(0);
    expect((await view('not-an-id', BROWSER)).statusCode).toBe(400);

    await payForTicket(buyer, type.id);
    const res = await call('GET', '/api/admin/analytics?days=7', 'admin');
    expect(res.statusCode, res.body).toBe(200);
    const conversion = res.json().conversion;
    expect(conversion.views).toBeGreaterThanOrEqual(2);
    expect(conversion.orders).toBeGreaterThanOrEqual(1);
    expect(conversion.events).toContainEqual({
      id: event.id,
      title: 'Viewed Gala',
      views: 2,
      orders: 1,
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

/** A paid order for one ticket, through checkout and the local provider's payment page. */
async function payForTicket(buyer: CreatedUser, ticketTypeId: string): Promise<string> {
  const cookie = await t.sessionCookie(buyer);
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

/** A second app on its own database whose only admin is the caller. */
async function soleAdminApp() {
  const app = await createTestApp();
  const only = await createUser(app.db, { roles: ['admin'] });
  return { t: app, cookie: { id: only.id, value: await app.sessionCookie(only) } };
}
