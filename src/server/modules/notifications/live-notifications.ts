import type { ServerFrame } from '../../../contracts/realtime';
import type { Database } from '../../db/client';
import {
  lateCondition,
  query,
  readSeqStatements,
  timestamptzIso,
  typeParsers,
  TIMESTAMPTZ,
  type Statements,
} from '../../platform/realtime/seq-table';
import { linkOf } from './notification-links';

// The notifications the live socket carries, read for the socket alone: every row any process
// writes passes through here (tens of thousands a second), so the read keeps PostgreSQL's text
// for the timestamp and the metadata and writes the frame from it, instead of making a Date and
// an object per row only to turn them back into text (decision 007 has the figures).

/** A notifications row as the socket reads it. */
export interface LiveNotification {
  seq: number;
  userId: string;
  /** Push and email were queued (dispatched_at is set). */
  dispatched: boolean;
  /** Changed since it was written (mark read): the frame says UPDATE. */
  updated: boolean;
  id: string;
  type: string;
  title: string;
  message: string;
  read: boolean;
  /** PostgreSQL's text, e.g. `2026-11-21 14:17:53.606123+00`. */
  createdAt: string;
  relatedId: string | null;
  relatedType: string | null;
  /** The jsonb as PostgreSQL writes it: valid JSON of an object. */
  metadata: string;
}

const COLUMNS = `n.seq::float8, n.user_id, n.dispatched_at is not null, n.updated_at is not null,
  n.id, n.type, n.title, n.message, n.read, n.created_at, n.related_id, n.related_type, n.metadata`;

/** A row of COLUMNS from its values, in their order. */
function fromValues(values: unknown[]): LiveNotification {
  return {
    seq: values[0] as number,
    userId: values[1] as string,
    dispatched: values[2] as boolean,
    updated: values[3] as boolean,
    id: values[4] as string,
    type: values[5] as string,
    title: values[6] as string,
    message: values[7] as string,
    read: values[8] as boolean,
    createdAt: values[9] as string,
    relatedId: values[10] as string | null,
    relatedType: values[11] as string | null,
    metadata: values[12] as string,
  };
}

// Ordered by the table's column (`n.seq`), which the seq index gives in order (seq-table.ts).
const statements: Statements = {
  next: {
    name: 'live_notifications_next',
    text: `select ${COLUMNS} from notifications n where n.seq > $1 order by n.seq limit $2`,
  },
  late: {
    name: 'live_notifications_late',
    text: `select ${COLUMNS} from notifications n where ${lateCondition('n.seq')}`,
  },
};

const forUser = {
  name: 'live_notifications_for_user',
  text: `select ${COLUMNS} from notifications n
    where n.user_id = $1 and n.seq > $2 order by n.seq limit $3`,
};

const JSONB = 3802;
const keepText = (text: string) => text;
/** pg's parsers, except timestamptz and jsonb, which stay PostgreSQL's text. */
const types = typeParsers({ [TIMESTAMPTZ]: keepText, [JSONB]: keepText });

/** Rows after the cursor and late ones in the gaps, in sequence order (RealtimeSource.read). */
export function readLiveNotifications(
  db: Database,
  after: number,
  gaps: number[],
  limit: number,
): Promise<LiveNotification[]> {
  return readSeqStatements(db, statements, after, gaps, limit, types, fromValues);
}

/** One user's rows with seq > since, ascending (a reconnect's catch-up). */
export function liveNotificationsFor(
  db: Database,
  userId: string,
  since: number,
  limit: number,
): Promise<LiveNotification[]> {
  return query(db, forUser, [userId, since, limit], types, fromValues);
}

const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));

/**
 * The `notifications` frame for these rows as JSON text: the same notification as the list's
 * (presentNotification), its metadata spliced in as PostgreSQL wrote it.
 */
export function liveNotificationFrameJson(rows: LiveNotification[]): string {
  let events = '';
  for (const row of rows) {
    const link = linkOf(row, () => JSON.parse(row.metadata) as Record<string, unknown>);
    events +=
      `${events ? ',' : ''}{"op":"${row.updated ? 'UPDATE' : 'INSERT'}","notification":{` +
      `"id":"${row.id}","userId":"${row.userId}","type":${text(row.type)},` +
      `"title":${text(row.title)},"message":${text(row.message)},"read":${row.read},` +
      `"createdAt":"${timestamptzIso(row.createdAt)}","relatedId":${text(row.relatedId)},` +
      `"relatedType":${text(row.relatedType)},"metadata":${row.metadata},` +
      `"link":${text(link)},"seq":${row.seq}}}`;
  }
  return `{"type":"notifications","events":[${events}]}`;
}

/** The same frame as an object (a reconnect's catch-up, a few hundred rows at most). */
export function liveNotificationFrame(rows: LiveNotification[]): ServerFrame {
  return JSON.parse(liveNotificationFrameJson(rows)) as ServerFrame;
}
