import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { listUsers } from './admin.queries';

// The console's user search by creation date first looks among the newest (or oldest) few
// thousand accounts (decision 083): a page it cannot fill there must still come out whole and
// in order from the full query.

let t: TestApp;
const PAGE = { page: 1, pageSize: 25, sort: 'created', dir: 'desc' } as const;

beforeAll(async () => {
  t = await createTestApp();
  const old = await createUser(t.db, { fullName: 'Ada Quorthwick' });
  await t.db.execute(
    sql`update users set created_at = now() - interval '10 years' where id = ${old.id}`,
  );
  // 4,100 newer accounts that do not match, then 30 newest that do.
  await t.db.execute(sql`
    with u as (
      insert into users (email, created_at)
      select 'filler' || i || '@search.test', now() - interval '1 year' + (i || ' seconds')::interval
      from generate_series(1, 4100) as i returning id, email)
    insert into profiles (id, full_name, user_type)
    select id, 'Filler ' || email, 'attendee' from u`);
  await t.db.execute(sql`
    with u as (
      insert into users (email, created_at)
      select 'match' || i || '@search.test', now() - interval '1 day' + (i || ' seconds')::interval
      from generate_series(1, 30) as i returning id, email)
    insert into profiles (id, full_name, user_type)
    select id, 'Quorthwick ' || email, 'attendee' from u`);
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('admin user search', () => {
  it('fills a page from the newest accounts, newest first, with the count of every match', async () => {
    const { rows, total } = await listUsers(t.db, { ...PAGE, q: 'quorthwick' });
    expect(total).toBe(31);
    expect(rows.map((r) => r.email)).toEqual(
      Array.from({ length: 25 }, (_, i) => `match${30 - i}@search.test`),
    );
  });

  it('finishes from the full query when the newest accounts hold too few matches', async () => {
    const { rows, total } = await listUsers(t.db, { ...PAGE, page: 2, q: 'quorthwick' });
    expect(total).toBe(31);
    expect(rows.map((r) => r.fullName)).toEqual([
      ...Array.from({ length: 5 }, (_, i) => `Quorthwick match${5 - i}@search.test`),
      'Ada Quorthwick',
    ]);
  });

  it('walks from the oldest when the list is oldest first', async () => {
    const { rows } = await listUsers(t.db, { ...PAGE, dir: 'asc', q: 'QUORTHWICK' });
    expect(rows[0]?.fullName).toBe('Ada Quorthwick');
    expect(rows).toHaveLength(25);
  });

  it('counts each matching person once, whether the address, the name or both match', async () => {
    await createUser(t.db, { email: 'zelmorra.one@search.test', fullName: 'Zelmorra One' });
    await createUser(t.db, { email: 'two@search.test', fullName: 'Two Zelmorra' });
    await createUser(t.db, { email: 'zelmorra.three@search.test', fullName: 'Three' });
    const { rows, total } = await listUsers(t.db, {
      ...PAGE,
      sort: 'email',
      dir: 'asc',
      q: 'zelmorra',
    });
    expect(total).toBe(3);
    expect(rows.map((row) => row.email)).toEqual([
      'two@search.test',
      'zelmorra.one@search.test',
      'zelmorra.three@search.test',
    ]);
  });
});
