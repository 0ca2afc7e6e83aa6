import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { lateCondition } from './seq-table';

// The late read (rows that committed after later ones were read) must stay on the seq index
// while the table has no statistics yet, as a new or fast-growing table has until autovacuum
// analyzes it.

let database: { url: string; drop(): Promise<void> };
let client: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseServerUrl'));
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  // A temporary copy of notifications (columns, defaults, indexes): autovacuum never analyzes
  // temporary tables, so it has no statistics for as long as the test needs.
  await client.query('create temp table late_rows (like notifications including all)');
  await client.query(
    `insert into late_rows (user_id, type, title, message)
     select gen_random_uuid(), 'ticket_sale', 'Ticket sold', 'Row ' || i
     from generate_series(1, 20000) as i`,
  );
});
afterAll(async () => {
  await client.end();
  await database.drop();
});

/** The plan's lines without costs, outermost first, for this query with these parameters. */
async function planOf(text: string, values: unknown[]): Promise<string[]> {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>({
    text: `explain ${text}`,
    values,
  });
  return rows.map((row) => row['QUERY PLAN'].replace(/^\s*(->)?\s*/, '').split('  ')[0] ?? '');
}

describe('lateCondition', () => {
  it('reads 150 gaps through the seq index without statistics, where = any alone scans the table', async () => {
    const { rows } = await client.query<{ max: string }>('select max(seq) as max from late_rows');
    const max = Number(rows[0]?.max);
    // Every other number of the newest 300: another writer's rows committing late.
    const gaps = Array.from({ length: 150 }, (_, i) => max - 2 * i);
    const array = `{${gaps.join(',')}}`;

    const alone = await planOf('select * from late_rows n where n.seq = any($1::bigint[])', [
      array,
    ]);
    expect(alone[0]).toMatch(/^Seq Scan on late_rows/);

    const text = `select * from late_rows n where ${lateCondition('n.seq')}`;
    const bounded = await planOf(text, [array, Math.min(...gaps), Math.max(...gaps)]);
    expect(bounded.join(' | ')).toMatch(/Index Scan on late_rows_seq_idx/);
    expect(bounded.join(' | ')).not.toMatch(/Seq Scan/);
    const found = await client.query<{ seq: string }>(text, [
      array,
      Math.min(...gaps),
      Math.max(...gaps),
    ]);
    expect(found.rows.map((row) => Number(row.seq)).sort((a, b) => b - a)).toEqual(gaps);
  });
});
