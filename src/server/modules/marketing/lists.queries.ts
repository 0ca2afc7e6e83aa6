import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { SubscriberStatus } from '../../../contracts/marketing';
import type { DbExecutor } from '../../db/client';
import { emailLists, emailSubscribers } from '../../db/schema/marketing';
import { ownedBy, type Owner } from './marketing.queries';
import { containsPattern } from '../../db/like-pattern';

export type ListRow = typeof emailLists.$inferSelect;
export type SubscriberRow = typeof emailSubscribers.$inferSelect;

const counts = {
  unconfirmed: sql<number>`count(*) filter (where ${emailSubscribers.status} = 'unconfirmed')::int`,
  subscribed: sql<number>`count(*) filter (where ${emailSubscribers.status} = 'subscribed')::int`,
  unsubscribed: sql<number>`count(*) filter (where ${emailSubscribers.status} = 'unsubscribed')::int`,
  bounced: sql<number>`count(*) filter (where ${emailSubscribers.status} = 'bounced')::int`,
  complained: sql<number>`count(*) filter (where ${emailSubscribers.status} = 'complained')::int`,
};

export async function findLists(db: DbExecutor, params: { owner: Owner; ids?: string[] }) {
  const lists = await db
    .select()
    .from(emailLists)
    .where(
      and(
        eq(emailLists.ownerId, params.owner.id),
        params.ids ? inArray(emailLists.id, params.ids) : undefined,
      ),
    )
    .orderBy(desc(emailLists.createdAt));
  return withCounts(db, lists);
}

export async function withCounts(db: DbExecutor, lists: ListRow[]) {
  if (lists.length === 0) return [];
  const rows = await db
    .select({ listId: emailSubscribers.listId, ...counts })
    .from(emailSubscribers)
    .where(
      inArray(
        emailSubscribers.listId,
        lists.map((l) => l.id),
      ),
    )
    .groupBy(emailSubscribers.listId);
  const byList = new Map(rows.map(({ listId, ...c }) => [listId, c]));
  return lists.map((list) => ({
    ...list,
    counts: byList.get(list.id) ?? {
      unconfirmed: 0,
      subscribed: 0,
      unsubscribed: 0,
      bounced: 0,
      complained: 0,
    },
  }));
}

export async function findOwnedList(db: DbExecutor, params: { id: string; owner: Owner }) {
  const [row] = await db
    .select()
    .from(emailLists)
    .where(and(eq(emailLists.id, params.id), ownedBy(emailLists.ownerId, params.owner)));
  return row;
}

/** How many of these lists the person may see (their own; admins every one). */
export async function countOwnedLists(db: DbExecutor, params: { ids: string[]; owner: Owner }) {
  if (params.ids.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailLists)
    .where(and(inArray(emailLists.id, params.ids), ownedBy(emailLists.ownerId, params.owner)));
  return row?.n ?? 0;
}

export async function findListById(db: DbExecutor, params: { id: string }) {
  const [row] = await db.select().from(emailLists).where(eq(emailLists.id, params.id));
  return row;
}

export async function insertList(db: DbExecutor, values: typeof emailLists.$inferInsert) {
  const [row] = await db.insert(emailLists).values(values).returning();
  return row as ListRow;
}

export async function updateOwnedList(
  db: DbExecutor,
  params: { id: string; owner: Owner; set: Partial<typeof emailLists.$inferInsert> },
) {
  const [row] = await db
    .update(emailLists)
    .set(params.set)
    .where(and(eq(emailLists.id, params.id), ownedBy(emailLists.ownerId, params.owner)))
    .returning();
  return row;
}

export async function deleteOwnedList(db: DbExecutor, params: { id: string; owner: Owner }) {
  const rows = await db
    .delete(emailLists)
    .where(and(eq(emailLists.id, params.id), ownedBy(emailLists.ownerId, params.owner)))
    .returning({ id: emailLists.id });
  return rows.length === 1;
}

export async function findSubscribers(
  db: DbExecutor,
  params: {
    listId: string;
    status?: SubscriberStatus;
    search: string;
    limit: number;
    offset: number;
  },
) {
  const where = and(
    eq(emailSubscribers.listId, params.listId),
    params.status ? eq(emailSubscribers.status, params.status) : undefined,
    params.search
      ? or(
          ilike(emailSubscribers.email, containsPattern(params.search)),
          ilike(emailSubscribers.name, containsPattern(params.search)),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(emailSubscribers)
      .where(where)
      .orderBy(desc(emailSubscribers.createdAt), emailSubscribers.email)
      .limit(params.limit)
      .offset(params.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailSubscribers)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The list's rows for these addresses (to tell duplicates from people who left). */
export async function findListEmails(db: DbExecutor, params: { listId: string; emails: string[] }) {
  if (params.emails.length === 0) return new Map<string, SubscriberStatus>();
  const rows = await db
    .select({ email: emailSubscribers.email, status: emailSubscribers.status })
    .from(emailSubscribers)
    .where(
      and(
        eq(emailSubscribers.listId, params.listId),
        inArray(emailSubscribers.email, params.emails),
      ),
    );
  return new Map(rows.map((r) => [r.email, r.status]));
}

/** Inserts new addresses; one already on the list is left alone (returned rows are the new ones). */
export async function insertSubscribers(
  db: DbExecutor,
  rows: (typeof emailSubscribers.$inferInsert)[],
) {
  if (rows.length === 0) return [];
  return db
    .insert(emailSubscribers)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: emailSubscribers.id, email: emailSubscribers.email });
}

export async function findSubscriber(db: DbExecutor, params: { listId: string; email: string }) {
  const [row] = await db
    .select()
    .from(emailSubscribers)
    .where(
      and(eq(emailSubscribers.listId, params.listId), eq(emailSubscribers.email, params.email)),
    );
  return row;
}

export async function setSubscriberStatus(
  db: DbExecutor,
  params: {
    listId: string;
    email: string;
    from: SubscriberStatus[];
    to: SubscriberStatus;
    now: Date;
  },
) {
  return db
    .update(emailSubscribers)
    .set({ status: params.to, updatedAt: params.now })
    .where(
      and(
        eq(emailSubscribers.listId, params.listId),
        eq(emailSubscribers.email, params.email),
        inArray(emailSubscribers.status, params.from),
      ),
    )
    .returning({ id: emailSubscribers.id });
}

export async function deleteSubscriber(db: DbExecutor, params: { listId: string; id: string }) {
  const rows = await db
    .delete(emailSubscribers)
    .where(and(eq(emailSubscribers.listId, params.listId), eq(emailSubscribers.id, params.id)))
    .returning({ id: emailSubscribers.id });
  return rows.length === 1;
}

/** Every row of a list, oldest first, for the CSV export. */
export async function exportSubscribers(db: DbExecutor, params: { listId: string; limit: number }) {
  return db
    .select()
    .from(emailSubscribers)
    .where(eq(emailSubscribers.listId, params.listId))
    .orderBy(emailSubscribers.createdAt, emailSubscribers.email)
    .limit(params.limit);
}

/**
 * Fills an automatic list from ticket holders: of one event, or of every event of the owner.
 * Only people whose mail settings allow organizers' mail ("events" group, email on; no row means
 * the default, on) and who are not suppressed; people already on the list keep their status.
 */
export async function syncAttendees(
  db: DbExecutor,
  params: { list: Pick<ListRow, 'id' | 'ownerId' | 'kind' | 'eventId'> },
) {
  const { list } = params;
  if (list.kind === 'manual') return;
  const which =
    list.kind === 'event_attendees'
      ? sql`e.id = ${list.eventId}`
      : sql`e.user_id = ${list.ownerId}`;
  await db.execute(sql`
    insert into email_subscribers (list_id, email, name, status, source)
    select distinct on (lower(u.email)) ${list.id}::uuid, lower(u.email), coalesce(p.full_name, ''), 'subscribed', 'attendees'
      from tickets t
      join events e on e.id = t.event_id
      join users u on u.id = t.user_id
      left join profiles p on p.id = u.id
      left join notification_settings ns on ns.user_id = u.id
     where ${which} and t.status <> 'void'
       and coalesce((ns.settings -> 'groups' -> 'events' ->> 'email')::boolean, true)
       and not exists (select 1 from email_suppressions x where x.owner_id = ${list.ownerId} and x.email = lower(u.email))
     order by lower(u.email)
    on conflict (list_id, email) do nothing`);
}
