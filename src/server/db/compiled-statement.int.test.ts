import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { compiledStatement } from './client';

// A statement compiled once (the message send's) must answer each call with that call's values,
// on the pool (one named prepared statement) and inside a transaction (built on its client).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let builds = 0;
const echo = compiledStatement(['word', 'times'], (v) => {
  builds += 1;
  // A value used twice and a value inside a larger expression, as in the send statement.
  return sql`select ${v.word}::text as word, repeat(${v.word}::text, ${v.times}::int) as repeated,
    ${v.times}::int + 1 as next`;
});

it('answers each call with its own values, building the statement once on the pool', async () => {
  const before = builds;
  const first = await echo<{ word: string; repeated: string; next: number }>(t.db, {
    word: 'ab',
    times: 2,
  });
  const second = await echo<{ word: string; repeated: string; next: number }>(t.db, {
    word: "it's",
    times: 3,
  });
  expect(first).toEqual([{ word: 'ab', repeated: 'abab', next: 3 }]);
  expect(second).toEqual([{ word: "it's", repeated: "it'sit'sit's", next: 4 }]);
  expect(builds - before).toBeLessThanOrEqual(1);
});

it("runs inside a transaction on its client, with that call's values", async () => {
  const rows = await t.db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table seen (n int) on commit drop`);
    await tx.execute(sql`insert into seen values (7)`);
    // The temporary table exists only on the transaction's connection.
    const inTx = compiledStatement(
      ['n'],
      (v) => sql`select count(*)::int as c from seen where n = ${v.n}::int`,
    );
    return inTx<{ c: number }>(tx, { n: 7 });
  });
  expect(rows).toEqual([{ c: 1 }]);
});
