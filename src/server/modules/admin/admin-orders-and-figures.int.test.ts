import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createEvent, createTicketType, createUser } from '../../test/factories';
import type { Operation } from '../../test/openapi-operations';
import type { TestApp } from '../../test/test-app';
import { UNKNOWN_ID, useAdminApp } from './admin.test-kit';

// Orders from the console (search, refund, CSV), the settings and the append-only audit log,
// the overview, the one search box, and the figures: analytics breakdowns and page views. The
// search box test finds the refund test's buyer: they run in this order on one database.

const { app, call, auditActions, payForTicket } = useAdminApp();
let t: TestApp;
let operations: Operation[] = [];
beforeAll(() => ({ t, operations } = app));

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
