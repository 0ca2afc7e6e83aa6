import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from '../../db/client';

// Reads of a table whose rows go out on the socket, by its `seq` column (RealtimeSource.read
// and maxSeq); every realtime source's table has one.

export interface Statements {
  next: { name: string; text: string };
  late: { name: string; text: string };
}

const statements = new WeakMap<PgTable, Statements>();

/**
 * The table's two reads as SQL text, built once: rows after the cursor, and the late ones in
 * the gaps. Every column under its property name; bigint seq as a number, like the schema's mode.
 * The order is by the table's column (`"t"."seq"`): a bare `seq` would name the float8 output
 * column, which the index cannot give in order, so PostgreSQL would fetch and sort every row
 * past the cursor on each read (all of them when the reader is behind).
 */
export function seqStatements(table: PgTable): Statements {
  let found = statements.get(table);
  if (!found) {
    const name = getTableName(table);
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const columns = Object.entries(getTableColumns(table))
      .map(([key, column]) => {
        const alias = `"${key.replaceAll('"', '""')}"`;
        const source = `${quoted}."${column.name.replaceAll('"', '""')}"`;
        return column.name === 'seq' ? `${source}::float8 as ${alias}` : `${source} as ${alias}`;
      })
      .join(', ');
    const seq = `${quoted}."seq"`;
    found = {
      next: {
        name: `realtime_next_${name}`,
        text: `select ${columns} from ${quoted} where ${seq} > $1 order by ${seq} limit $2`,
      },
      late: {
        name: `realtime_late_${name}`,
        text: `select ${columns} from ${quoted} where ${lateCondition(seq)}`,
      },
    };
    statements.set(table, found);
  }
  return found;
}

/**
 * The late read's condition: the gaps ($1), bounded by the smallest ($2) and the largest ($3).
 * The bounds change nothing in the result; they keep the plan on the seq index. Without
 * statistics (a new or fast-growing table autovacuum has not analyzed yet) PostgreSQL counts
 * each value of `= any` as 0.5% of the table, so 150 gaps looked like three quarters of it and
 * it scanned all of it: 85 ms on 300,000 rows, where the index takes 0.4 ms (decision 007).
 */
export function lateCondition(seq: string): string {
  return `${seq} = any($1::bigint[]) and ${seq} between $2 and $3`;
}

/** The late read's parameters for these gaps (see lateCondition). */
function lateValues(gaps: number[]): [string, number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const gap of gaps) {
    if (gap < min) min = gap;
    if (gap > max) max = gap;
  }
  // One array parameter for the gaps, so the statement stays the same whatever their number.
  return [`{${gaps.join(',')}}`, min, max];
}

/**
 * Rows after the cursor plus late arrivals in the gaps, in sequence order. Raw prepared SQL with
 * the table's own property names, not the query builder: at thousands of rows a second, mapping
 * each row through drizzle (and building the query each time) was a large share of a busy
 * server's time.
 */
export async function readBySeq<Row>(
  db: Database,
  table: PgTable & { seq: PgColumn },
  after: number,
  gaps: number[],
  limit: number,
): Promise<Row[]> {
  return readSeqStatements<Row>(db, seqStatements(table), after, gaps, limit, fastTypes);
}

/**
 * readBySeq with the caller's own statements (`next`: $1 after, $2 limit; `late`: lateCondition's
 * parameters), type parsers and rows (see query).
 */
export async function readSeqStatements<Row>(
  db: Database,
  { next, late }: Statements,
  after: number,
  gaps: number[],
  limit: number,
  types: TypeParsers,
  fromValues?: (values: unknown[]) => Row,
): Promise<Row[]> {
  const fresh = query<Row>(db, next, [after, limit], types, fromValues);
  if (!gaps.length) return fresh;
  const [rows, lateRows] = await Promise.all([
    fresh,
    query<Row>(db, late, lateValues(gaps), types, fromValues),
  ]);
  return [...lateRows, ...rows];
}

type TypeParsers = { getTypeParser: typeof pg.types.getTypeParser };

/**
 * A named statement on the pool under drizzle, with these type parsers. `fromValues` makes each
 * row from its values in column order (pg's array mode), rather than pg copying an object and
 * setting each column by name: 0.8 µs less a row of 13 columns (docs/decisions/007).
 */
export async function query<Row>(
  db: Database,
  statement: { name: string; text: string },
  values: unknown[],
  types: TypeParsers,
  fromValues?: (values: unknown[]) => Row,
): Promise<Row[]> {
  const client = (db as unknown as { $client: pg.Pool | pg.Client }).$client;
  if (!fromValues)
    return (await client.query<Row & pg.QueryResultRow>({ ...statement, values, types })).rows;
  const result = await client.query<unknown[]>({ ...statement, values, types, rowMode: 'array' });
  return result.rows.map(fromValues);
}

export const TIMESTAMPTZ = 1184;
const parseTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ) as (text: string) => Date;

/** The number written by `count` ASCII digits of `text` from `from`. */
function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) value = value * 10 + text.charCodeAt(i) - 48;
  return value;
}

/**
 * PostgreSQL's `2026-11-21 14:17:53.606123+00` to a Date without pg's two regular expressions
 * per value, nor a string per field (tens of thousands of rows a second make both show in a
 * profile, as parsing and as garbage). The same arithmetic as pg's parser (postgres-date), so the
 * same Date: its `1000 * parseFloat(".606123")` is `1000 * (606123 / 1e6)`, both rounding the
 * same exact fraction once. Anything else (another zone, BC, infinity) goes to pg's own parser.
 */
export function fastTimestamptz(text: string): Date {
  if (isPlainUtc(text)) {
    const n = text.length;
    const fraction = n > 23 ? n - 23 : 0;
    const ms = fraction ? 1000 * (digits(text, 20, fraction) / 10 ** fraction) : 0;
    return new Date(
      Date.UTC(
        digits(text, 0, 4),
        digits(text, 5, 2) - 1,
        digits(text, 8, 2),
        digits(text, 11, 2),
        digits(text, 14, 2),
        digits(text, 17, 2),
        ms,
      ),
    );
  }
  return parseTimestamptz(text);
}

/** `YYYY-MM-DD hh:mm:ss[.ffffff]+00`: a four-digit year, at most six fraction digits, UTC. */
function isPlainUtc(text: string): boolean {
  const n = text.length;
  return (
    n >= 22 &&
    n <= 29 &&
    text.charCodeAt(4) === 45 &&
    text.charCodeAt(10) === 32 &&
    text.endsWith('+00') &&
    (n === 22 || text.charCodeAt(19) === 46)
  );
}

/**
 * PostgreSQL's timestamptz text as `Date#toISOString` writes it, without making the Date (the
 * live socket's frames need only the text): the first three fraction digits are the
 * milliseconds, as the Date keeps whole milliseconds.
 */
export function timestamptzIso(text: string): string {
  if (!isPlainUtc(text)) return parseTimestamptz(text).toISOString();
  const n = text.length;
  const ms = n > 23 ? `${text.slice(20, Math.min(23, n - 3))}00`.slice(0, 3) : '000';
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${ms}Z`;
}

/** pg's type parsers, with these ones (by type oid, text format) in their place. */
export function typeParsers(replaced: Record<number, (text: string) => unknown>): TypeParsers {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      (format !== 'binary' && replaced[oid]) ||
      pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
  };
}

const fastTypes = typeParsers({ [TIMESTAMPTZ]: fastTimestamptz });

export async function maxSeq(db: Database, table: PgTable & { seq: PgColumn }): Promise<number> {
  const [row] = await db.select({ max: sql<string | null>`max(${table.seq})` }).from(table);
  return Number(row?.max ?? 0);
}
