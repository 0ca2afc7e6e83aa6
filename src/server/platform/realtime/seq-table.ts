import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { prepared, type Database } from '../../db/client';

// Reads of a table whose rows go out on the socket, by its `seq` column (RealtimeSource.read
// and maxSeq); every realtime source's table has one.

/**
 * Rows after the cursor plus late arrivals in the gaps, in sequence order. Raw prepared SQL with
 * the table's own property names, not the query builder: at thousands of rows a second, mapping
 * each row through drizzle was a large share of a busy server's time.
 */
export async function readBySeq<Row>(
  db: Database,
  table: PgTable & { seq: PgColumn },
  after: number,
  gaps: number[],
  limit: number,
): Promise<Row[]> {
  const columns = columnsOf(table);
  const next = prepared<Row>(
    db,
    sql`select ${columns} from ${table} where seq > ${after} order by seq limit ${limit}`,
  );
  if (!gaps.length) return next;
  // One array parameter (drizzle would spread a JS array into a list of them).
  const [fresh, late] = await Promise.all([
    next,
    prepared<Row>(
      db,
      sql`select ${columns} from ${table} where seq = any(${`{${gaps.join(',')}}`}::bigint[])`,
    ),
  ]);
  return [...late, ...fresh];
}

const selections = new WeakMap<PgTable, SQL>();
/** `"user_id" as "userId", …` for every column; bigint seq as a number, like the schema's mode. */
function columnsOf(table: PgTable): SQL {
  let columns = selections.get(table);
  if (!columns) {
    columns = sql.join(
      Object.entries(getTableColumns(table)).map(([key, column]) =>
        column.name === 'seq'
          ? sql`seq::float8 as ${sql.identifier(key)}`
          : sql`${sql.identifier(column.name)} as ${sql.identifier(key)}`,
      ),
      sql`, `,
    );
    selections.set(table, columns);
  }
  return columns;
}

export async function maxSeq(db: Database, table: PgTable & { seq: PgColumn }): Promise<number> {
  const [row] = await db.select({ max: sql<string | null>`max(${table.seq})` }).from(table);
  return Number(row?.max ?? 0);
}
