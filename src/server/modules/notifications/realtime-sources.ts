import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ServerFrame } from '../../../contracts/realtime';
import { prepared, type Database } from '../../db/client';
import { notifications, streamNotifications } from '../../db/schema/notifications';
import type { RealtimeSource } from '../../platform/realtime/hub';
import {
  notificationChangesSince,
  streamChangesSince,
  presentNotification,
  presentStreamNotification,
  type NotificationRow,
  type StreamNotificationRow,
} from './notifications.queries';

/**
 * Rows after the cursor plus late arrivals in the gaps, in sequence order. Raw prepared SQL with
 * the table's own property names, not the query builder: at thousands of rows a second, mapping
 * each row through drizzle was a large share of a busy server's time.
 */
async function readBySeq<Row>(
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

async function maxSeq(db: Database, table: PgTable & { seq: PgColumn }): Promise<number> {
  const [row] = await db.select({ max: sql<string | null>`max(${table.seq})` }).from(table);
  return Number(row?.max ?? 0);
}

const op = (row: { updatedAt: Date | null }) =>
  row.updatedAt ? ('UPDATE' as const) : ('INSERT' as const);

export const notificationFrame = (rows: NotificationRow[]): ServerFrame => ({
  type: 'notifications',
  events: rows.map((row) => ({ op: op(row), notification: presentNotification(row) })),
});

export const streamNotificationFrame = (rows: StreamNotificationRow[]): ServerFrame => ({
  type: 'stream_notifications',
  events: rows.map((row) => ({ op: op(row), notification: presentStreamNotification(row) })),
});

export function notificationSource(
  db: Database,
  onNew: () => void,
): RealtimeSource<NotificationRow> {
  return {
    name: 'notifications',
    read: (after, gaps, limit) => readBySeq(db, notifications, after, gaps, limit),
    maxSeq: () => maxSeq(db, notifications),
    seqOf: (row) => row.seq,
    usersOf: (row) => [row.userId],
    frame: notificationFrame,
    changesFor: (userId, since, limit) => notificationChangesSince(db, { userId, since, limit }),
    // New rows still waiting for push and email: start their dispatch now rather than at the sweep.
    onFresh: (rows) => {
      if (rows.some((row) => !row.dispatchedAt)) onNew();
    },
  };
}

export function streamNotificationSource(db: Database): RealtimeSource<StreamNotificationRow> {
  return {
    name: 'stream_notifications',
    read: (after, gaps, limit) => readBySeq(db, streamNotifications, after, gaps, limit),
    maxSeq: () => maxSeq(db, streamNotifications),
    seqOf: (row) => row.seq,
    usersOf: (row) => [row.userId],
    frame: streamNotificationFrame,
    changesFor: (userId, since, limit) => streamChangesSince(db, { userId, since, limit }),
  };
}
