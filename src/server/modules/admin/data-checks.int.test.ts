import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataCheckReport } from '../../../contracts/data-checks';
import { createEvent, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  cookies.admin = await t.sessionCookie(await createUser(t.db, { roles: ['admin'] }));
  cookies.moderator = await t.sessionCookie(await createUser(t.db, { roles: ['moderator'] }));
  cookies.organizer = await t.sessionCookie(await createUser(t.db, { userType: 'organizer' }));
});
afterAll(() => t.close());

const get = (who?: string) =>
  t.app.inject({
    url: '/api/admin/data-checks',
    headers: who ? { cookie: cookies[who] ?? '' } : {},
  });

describe('GET /api/admin/data-checks', () => {
  it('is for admins only: moderators and other people 403, signed out 401', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await get('organizer')).statusCode).toBe(403);
    expect((await get('moderator')).statusCode).toBe(403);
    expect((await get('admin')).statusCode).toBe(200);
  });

  it('lists every check holding, then the one that does not with its example, changing nothing', async () => {
    const clean = (await get('admin')).json<DataCheckReport>();
    expect(clean.failed).toBe(0);
    expect(clean.checks.length).toBeGreaterThan(10);
    expect(clean.checks.every((c) => c.violations === 0 && c.examples.length === 0)).toBe(true);

    const owner = await createUser(t.db, { userType: 'organizer' });
    const event = await createEvent(t.db, { userId: owner.id });
    await t.db.execute(sql`update events set total_tickets_sold = 2 where id = ${event.id}`);
    const broken = (await get('admin')).json<DataCheckReport>();
    expect(broken.failed).toBe(1);
    expect(broken.checks.find((c) => c.violations > 0)).toEqual({
      name: 'event_tickets_sold',
      description: expect.stringContaining('tickets sold'),
      violations: 1,
      examples: [{ id: event.id, expected: '0', actual: '2' }],
    });
    const { rows } = await t.db.execute<{ sold: number }>(
      sql`select total_tickets_sold as sold from events where id = ${event.id}`,
    );
    expect(rows[0]?.sold).toBe(2);
  });
});
