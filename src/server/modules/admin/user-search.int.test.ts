import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVARIANTS } from '../../platform/invariants/invariants';
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

// A search's count takes the matching names from profile_name_counts (one row per distinct name,
// kept by triggers on profiles): each change to the people below must show in the count at once.
describe('the per-name counts behind the search count', () => {
  const search = async (q: string) => (await listUsers(t.db, { ...PAGE, q })).total;
  const named = async (like: string) =>
    (
      await t.db.execute<{ fullName: string; people: number }>(sql`
        select full_name as "fullName", people from profile_name_counts
        where full_name ilike ${like} order by full_name`)
    ).rows;
  const broken = async () => {
    const invariant = INVARIANTS.find((i) => i.name === 'profile_name_counts');
    if (!invariant) throw new Error('no invariant');
    return (await t.db.execute(invariant.query)).rows;
  };

  it('follow sign-ups, renames, bulk loads with triggers off and deleted accounts', async () => {
    const a = await createUser(t.db, { email: 'va1@names.test', fullName: 'Ada Vantrellis' });
    const b = await createUser(t.db, { email: 'va2@names.test', fullName: 'Ada Vantrellis' });
    expect(await search('vantrellis')).toBe(2);
    expect(await named('%vantrellis%')).toEqual([{ fullName: 'Ada Vantrellis', people: 2 }]);

    await t.db.execute(sql`update profiles set full_name = 'Bo Vantrellis' where id = ${a.id}`);
    await t.db.execute(sql`update profiles set full_name = 'Bo Elsewhere' where id = ${b.id}`);
    expect(await search('vantrellis')).toBe(1);
    expect(await search('elsewhere')).toBe(1);
    expect(await named('%vantrellis%')).toEqual([{ fullName: 'Bo Vantrellis', people: 1 }]);

    // As the benches load: triggers off for the session, the counts' triggers still run.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        with u as (
          insert into users (email) select 'bulk' || i || '@names.test'
          from generate_series(1, 40) as i returning id)
        insert into profiles (id, full_name, user_type) select id, 'Cy Vantrellis', 'attendee' from u`);
    });
    expect(await search('vantrellis')).toBe(41);

    await t.db.execute(sql`delete from users where id = ${a.id}`);
    await t.db.execute(
      sql`delete from users where email like 'bulk%@names.test' and email < 'bulk2'`,
    );
    expect(await named('%vantrellis%')).toEqual([{ fullName: 'Cy Vantrellis', people: 29 }]);
    expect(await search('vantrellis')).toBe(29);
    expect(await broken()).toEqual([]);
  });

  it('lose no decrement when two people of one name are deleted at the same time', async () => {
    const one = await createUser(t.db, { email: 'wo1@names.test', fullName: 'Wen Ostrakova' });
    const two = await createUser(t.db, { email: 'wo2@names.test', fullName: 'Wen Ostrakova' });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let deleted = () => {};
    const first = new Promise<void>((resolve) => (deleted = resolve));
    const firstTx = t.db.transaction(async (tx) => {
      await tx.execute(sql`delete from users where id = ${one.id}`);
      deleted();
      await held;
    });
    await first;
    // The second delete waits on the name's row, which the first transaction holds.
    // (`then` sends it now: a drizzle query runs when awaited.)
    const second = t.db.execute(sql`delete from users where id = ${two.id}`).then(() => undefined);
    await expect
      .poll(
        async () =>
          (
            await t.db.execute<{ n: number }>(sql`
              select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and query like 'delete from users%'`)
          ).rows[0]?.n,
        { timeout: 10_000 },
      )
      .toBe(1);
    release();
    await Promise.all([firstTx, second]);
    expect(await named('%ostrakova%')).toEqual([]);
    expect(await search('ostrakova')).toBe(0);
    expect(await broken()).toEqual([]);
  });

  it('empty with a truncate of profiles', async () => {
    class Undo extends Error {}
    let left: number | undefined;
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`truncate profiles cascade`);
        left = (
          await tx.execute<{ n: number }>(sql`select count(*)::int as n from profile_name_counts`)
        ).rows[0]?.n;
        throw new Undo();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Undo)) throw error;
      });
    expect(left).toBe(0);
    expect(await broken()).toEqual([]);
  });
});
