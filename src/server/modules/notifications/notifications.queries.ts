import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_CHANNELS,
  NOTIFICATION_GROUPS,
  type NotificationGroup,
  type NotificationSettings,
} from '../../../contracts/notifications';
import { LOCALES, SOURCE_LOCALE, type Locale } from '../../../contracts/locales';
import type { DbExecutor } from '../../db/client';
import {
  eventAnnouncements,
  notificationSettings,
  notifications,
  pushSubscriptions,
  streamNotifications,
} from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { isUuid } from '../../../contracts/ids';

// Every query here takes the user's id and filters by it: spec §6 scoping lives in the query.

export type NotificationRow = typeof notifications.$inferSelect;
export type StreamNotificationRow = typeof streamNotifications.$inferSelect;

const cursorOf = (row: NotificationRow) => `${row.createdAt.toISOString()}_${row.id}`;

function parseCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const [at, id] = cursor.split('_');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime()) || !isUuid(id)) return null;
  return { at: date, id };
}

export async function listNotifications(
  db: DbExecutor,
  params: {
    userId: string;
    limit: number;
    before?: string;
    unread?: boolean;
    group?: NotificationGroup;
    type?: string;
  },
): Promise<{ items: NotificationRow[]; nextCursor: string | null }> {
  const conditions: (SQL | undefined)[] = [eq(notifications.userId, params.userId)];
  if (params.unread) conditions.push(eq(notifications.read, false));
  if (params.type) conditions.push(eq(notifications.type, params.type));
  if (params.group) {
    const types: readonly string[] = NOTIFICATION_GROUPS[params.group];
    // `events` has no in-app types: an empty list matches nothing.
    conditions.push(types.length ? inArray(notifications.type, [...types]) : sql`false`);
  }
  const cursor = parseCursor(params.before);
  if (cursor) {
    conditions.push(
      or(
        lt(notifications.createdAt, cursor.at),
        and(eq(notifications.createdAt, cursor.at), lt(notifications.id, cursor.id)),
      ),
    );
  }
  const rows = await db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(params.limit + 1);
  const items = rows.slice(0, params.limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > params.limit && last ? cursorOf(last) : null };
}

/** New notification rows; a repeated dedupe key writes nothing. Returns how many were new. */
export async function insertNotifications(
  db: DbExecutor,
  params: { rows: (typeof notifications.$inferInsert)[] },
): Promise<number> {
  const inserted = await db
    .insert(notifications)
    .values(params.rows.map((row) => ({ ...row, metadata: row.metadata ?? {} })))
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return inserted.length;
}

/**
 * Folds a repeat into the user's unread notification of the same group (metadata.group_key):
 * new words, the time of the latest and a count. Null when there is none to fold into.
 */
export async function foldIntoUnread(
  db: DbExecutor,
  params: { userId: string; groupKey: string; message: (count: number) => string; now: Date },
): Promise<NotificationRow | null> {
  const [open] = await db
    .select({ id: notifications.id, metadata: notifications.metadata })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, params.userId),
        eq(notifications.read, false),
        sql`${notifications.metadata}->>'group_key' = ${params.groupKey}`,
      ),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  if (!open) return null;
  const previous = Number(open.metadata.count);
  const count = (Number.isSafeInteger(previous) && previous > 0 ? previous : 1) + 1;
  const [row] = await db
    .update(notifications)
    .set({
      message: params.message(count),
      createdAt: params.now,
      metadata: { ...open.metadata, count },
    })
    .where(and(eq(notifications.id, open.id), eq(notifications.read, false)))
    .returning();
  return row ?? null;
}

/** Like insertNotifications, answering whose rows were new. */
export async function insertNotificationsReturningUsers(
  db: DbExecutor,
  params: { rows: (typeof notifications.$inferInsert)[] },
) {
  return db
    .insert(notifications)
    .values(params.rows)
    .onConflictDoNothing()
    .returning({ userId: notifications.userId });
}

export async function insertStreamNotifications(
  db: DbExecutor,
  params: { rows: (typeof streamNotifications.$inferInsert)[] },
) {
  await db.insert(streamNotifications).values(params.rows);
}

/** One notification written as asked (no dedupe key), returned whole. */
export async function insertNotification(
  db: DbExecutor,
  params: { row: typeof notifications.$inferInsert },
): Promise<NotificationRow | undefined> {
  const [row] = await db.insert(notifications).values(params.row).returning();
  return row;
}

/** Everyone holding a ticket that still counts (valid or already used), once each. */
export async function listAttendeeIds(
  db: DbExecutor,
  params: { eventId: string },
): Promise<string[]> {
  const rows = await db.execute<{ user_id: string }>(sql`
    select distinct user_id from tickets
    where event_id = ${params.eventId} and status in ('valid', 'checked_in')`);
  return rows.rows.map((r) => r.user_id);
}

/** Announcements sent for an event after a moment (the hourly limit). */
export async function countAnnouncementsSince(
  db: DbExecutor,
  params: { eventId: string; since: Date },
): Promise<number> {
  const [recent] = await db
    .select({ n: count() })
    .from(eventAnnouncements)
    .where(
      and(
        eq(eventAnnouncements.eventId, params.eventId),
        gt(eventAnnouncements.createdAt, params.since),
      ),
    );
  return recent?.n ?? 0;
}

export async function insertAnnouncement(
  db: DbExecutor,
  row: typeof eventAnnouncements.$inferInsert,
) {
  await db.insert(eventAnnouncements).values(row);
}

/** Each user's chosen language (null or absent: none chosen). */
export async function languagesOf(
  db: DbExecutor,
  userIds: string[],
): Promise<Map<string, string | null>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((r) => [r.id, r.language]));
}

/** Whether a user exists (notifications.user_id is not a foreign key). */
export async function userExists(db: DbExecutor, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(row);
}

export async function countUnread(
  db: DbExecutor,
  params: { userId: string; type?: string },
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, params.userId),
        eq(notifications.read, false),
        params.type ? eq(notifications.type, params.type) : undefined,
      ),
    );
  return row?.count ?? 0;
}

/** spec §7 mark_notification_read; null when it is not this user's (or does not exist). */
export async function markRead(
  db: DbExecutor,
  params: { userId: string; id: string },
): Promise<NotificationRow | null> {
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, params.id), eq(notifications.userId, params.userId)))
    .returning();
  return row ?? null;
}

/** spec §7 mark_all_notifications_read (optionally of one type: the chat badge's messages). */
export async function markAllRead(
  db: DbExecutor,
  params: { userId: string; type?: string },
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(
      and(
        eq(notifications.userId, params.userId),
        eq(notifications.read, false),
        params.type ? eq(notifications.type, params.type) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** What changed for one user after `since` (a reconnecting socket's catch-up), oldest first. */
export async function streamChangesSince(
  db: DbExecutor,
  params: { userId: string; since: number; limit: number },
): Promise<StreamNotificationRow[]> {
  return db
    .select()
    .from(streamNotifications)
    .where(
      and(eq(streamNotifications.userId, params.userId), gt(streamNotifications.seq, params.since)),
    )
    .orderBy(streamNotifications.seq)
    .limit(params.limit);
}

export function defaultSettings(): NotificationSettings {
  return {
    groups: structuredClone(DEFAULT_CHANNELS),
    quietHours: null,
    timeZone: 'UTC',
    sound: true,
  };
}

/** Stored choices over the defaults (a group added later gets its default). */
function withDefaults(stored: NotificationSettings | undefined): NotificationSettings {
  const base = defaultSettings();
  if (!stored) return base;
  return { ...base, ...stored, groups: { ...base.groups, ...stored.groups } };
}

export async function getSettings(db: DbExecutor, userId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select({ settings: notificationSettings.settings })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return withDefaults(row?.settings);
}

export async function settingsForUsers(
  db: DbExecutor,
  userIds: string[],
): Promise<Map<string, NotificationSettings>> {
  const found = new Map<string, NotificationSettings>();
  if (!userIds.length) return found;
  const rows = await db
    .select()
    .from(notificationSettings)
    .where(inArray(notificationSettings.userId, userIds));
  const stored = new Map(rows.map((r) => [r.userId, r.settings]));
  for (const userId of userIds) found.set(userId, withDefaults(stored.get(userId)));
  return found;
}

export async function saveSettings(
  db: DbExecutor,
  params: { userId: string; settings: NotificationSettings; now: Date },
): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId: params.userId, settings: params.settings, updatedAt: params.now })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { settings: params.settings, updatedAt: params.now },
    });
}

export async function upsertPushSubscription(
  db: DbExecutor,
  params: { userId: string; endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(params)
    .onConflictDoUpdate({
      target: [pushSubscriptions.userId, pushSubscriptions.endpoint],
      set: { p256dh: params.p256dh, auth: params.auth },
    });
}

export async function deletePushSubscription(
  db: DbExecutor,
  params: { userId: string; endpoint: string },
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, params.userId),
        eq(pushSubscriptions.endpoint, params.endpoint),
      ),
    );
}

export async function listPushSubscriptions(db: DbExecutor, userIds: string[]) {
  if (!userIds.length) return [];
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
}

export async function listUnreadStreamNotifications(
  db: DbExecutor,
  params: { userId: string; limit: number },
): Promise<StreamNotificationRow[]> {
  return db
    .select()
    .from(streamNotifications)
    .where(and(eq(streamNotifications.userId, params.userId), eq(streamNotifications.read, false)))
    .orderBy(desc(streamNotifications.createdAt))
    .limit(params.limit);
}

export async function markStreamNotificationRead(
  db: DbExecutor,
  params: { userId: string; id: string },
): Promise<StreamNotificationRow | null> {
  const [row] = await db
    .update(streamNotifications)
    .set({ read: true })
    .where(
      and(eq(streamNotifications.id, params.id), eq(streamNotifications.userId, params.userId)),
    )
    .returning();
  return row ?? null;
}

// ---------- delivery ----------

export type Recipient = {
  id: string;
  email: string;
  name: string;
  confirmed: boolean;
  /** The account's language (null: English), what their mail is written in. */
  language: string | null;
};

export async function recipientsByIds(
  db: DbExecutor,
  userIds: string[],
): Promise<Map<string, Recipient>> {
  if (!userIds.length) return new Map();
  const rows = await db.execute<Recipient>(sql`
    select u.id, u.email, coalesce(nullif(p.full_name, ''), u.email) as name,
      u.email_confirmed_at is not null as confirmed, u.language
    from users u left join profiles p on p.id = u.id
    where u.id in (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(rows.rows.map((r) => [r.id, r]));
}

/**
 * Marks up to `limit` notifications nobody has sent by push or email yet as dispatched and
 * returns them; rows another transaction holds are skipped (SKIP LOCKED), not waited for.
 */
export async function claimUndispatched(tx: DbExecutor, params: { now: Date; limit: number }) {
  const pending = tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(isNull(notifications.dispatchedAt))
    .orderBy(asc(notifications.seq))
    .limit(params.limit)
    .for('update', { skipLocked: true });
  return tx
    .update(notifications)
    .set({ dispatchedAt: params.now })
    .where(inArray(notifications.id, pending))
    .returning();
}

// Characters no copy contains, marking where each value goes while the text is split.
const MARK = '\u{F0000}';

/**
 * The copy function as a SQL text expression: its fixed parts as parameters, each `{value}` the
 * given SQL expression (which must not be null; coalesce it first). Given `language` (the
 * recipient's users.language), the expression writes the copy in that language (English when
 * it is null or not offered).
 */
export function sqlCopy<K extends string>(
  copy: (p: Record<K, string>, locale?: Locale) => string,
  values: Record<K, SQL>,
  language?: SQL,
): SQL {
  if (!language) return sqlCopyIn(copy, values, SOURCE_LOCALE);
  const others = LOCALES.filter((locale) => locale !== SOURCE_LOCALE);
  const branches = others.map(
    (locale) => sql`when ${locale}::text then ${sqlCopyIn(copy, values, locale)}`,
  );
  return sql`(case (${language})::text ${sql.join(branches, sql` `)} else ${sqlCopyIn(copy, values, SOURCE_LOCALE)} end)`;
}

function sqlCopyIn<K extends string>(
  copy: (p: Record<K, string>, locale?: Locale) => string,
  values: Record<K, SQL>,
  locale: Locale,
): SQL {
  const keys = Object.keys(values) as K[];
  const marks = Object.fromEntries(keys.map((key, i) => [key, `${MARK}${i}${MARK}`])) as Record<
    K,
    string
  >;
  const parts = copy(marks, locale).split(MARK);
  // split gives text, index, text, index, …, text.
  const pieces: SQL[] = parts.map((part, i) => {
    if (i % 2 === 0) return sql`${part}::text`;
    const key = keys[Number(part)];
    if (key === undefined) throw new Error(`copy placeholder ${part} has no value`);
    return sql`(${values[key]})::text`;
  });
  return sql`(${sql.join(pieces, sql` || `)})`;
}
