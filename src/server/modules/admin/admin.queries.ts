import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminEventQuery, AdminOrderQuery, AdminUserQuery } from '../../../contracts/admin';
import type { Role } from '../../../contracts/enums';
import type { DbExecutor } from '../../db/client';
import { accountSuspensions, featuredEvents, siteSettings } from '../../db/schema/admin';
import { profileNameCounts, userRoles } from '../../db/schema/users';
import { isUuid } from '../../../contracts/ids';
import { containsPattern } from '../../db/like-pattern';

// Every list is paged, sorted and filtered in SQL: the console never loads a table.

/** `where a and b …`, or nothing without filters. */
export const where = (parts: SQL[]) =>
  parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
const direction = (dir: 'asc' | 'desc') => (dir === 'asc' ? sql`asc` : sql`desc`);

// ---------- users ----------

export type UserRow = {
  id: string;
  email: string;
  fullName: string;
  userType: string;
  roles: string[];
  confirmed: boolean;
  suspended: boolean;
  createdAt: Date;
};

const USER_SORT: Record<AdminUserQuery['sort'], SQL> = {
  created: sql`u.created_at`,
  email: sql`lower(u.email)`,
  name: sql`p.full_name`,
};

/**
 * Ids of the people whose address or name contains the text: one trigram index scan per column
 * (users_email_trgm_idx, profiles_full_name_trgm_idx), where an OR across the join would read
 * every account.
 */
const peopleMatching = (text: string) => {
  const pattern = containsPattern(text);
  return sql`select id from users where email ilike ${pattern}
    union select id from profiles where full_name ilike ${pattern}`;
};

/**
 * `rowwise`: the search as a test of each row, for a walk over a few thousand accounts, where the
 * trigram scans of peopleMatching would first collect every match in the table.
 */
function userFilters(query: AdminUserQuery, rowwise = false): SQL[] {
  const filters: SQL[] = [];
  if (query.q)
    filters.push(
      rowwise
        ? sql`(u.email ilike ${containsPattern(query.q)} or p.full_name ilike ${containsPattern(query.q)})`
        : sql`u.id in (${peopleMatching(query.q)})`,
    );
  if (query.type) filters.push(sql`p.user_type = ${query.type}`);
  if (query.role)
    filters.push(
      sql`exists (select 1 from user_roles r where r.user_id = u.id and r.role = ${query.role})`,
    );
  if (query.status === 'suspended') filters.push(sql`s.user_id is not null`);
  if (query.status === 'active') filters.push(sql`s.user_id is null`);
  if (query.confirmed === 'true') filters.push(sql`u.email_confirmed_at is not null`);
  if (query.confirmed === 'false') filters.push(sql`u.email_confirmed_at is null`);
  if (query.createdFrom) filters.push(sql`u.created_at >= ${query.createdFrom}::date`);
  if (query.createdTo) filters.push(sql`u.created_at < ${query.createdTo}::date + 1`);
  return filters;
}

/** Above this many rows an unfiltered list's total is the planner's estimate, not a count. */
const ESTIMATE_FROM = 100_000;

/**
 * The table's row count as PostgreSQL's statistics have it (kept by autovacuum and analyze), or
 * null below ESTIMATE_FROM or when the table was never analysed. Counting a million orders for
 * a page's "of N" takes longer than the page itself (decision 020).
 */
async function estimatedRows(db: DbExecutor, table: 'users' | 'orders') {
  const { rows } = await db.execute<{ n: number }>(
    sql`select reltuples::float8 as n from pg_class where oid = ${table}::regclass`,
  );
  const n = rows[0]?.n ?? -1;
  return n >= ESTIMATE_FROM ? Math.round(n) : null;
}

/**
 * A filtered list by creation date first looks among the newest (or oldest) NEWEST_WALK accounts
 * only: a common word ("okafor" names one person in twenty) fills a page there from a few hundred
 * rows through users_created_idx, where the full query reads and sorts every match (decision
 * 083). A page not filled there is answered by the full query.
 */
const NEWEST_WALK = 4000;

/**
 * The count of a search alone, without joining every match to its account: the people whose name
 * matches, plus the matching addresses whose name does not match. The same number as counting
 * peopleMatching, without collecting and de-duplicating every id (decision 101). The names are
 * counted in profile_name_counts, one row per distinct name with its number of people (kept by
 * triggers on profiles), where re-checking every matching profile read the whole table ("okafor"
 * names one person in twenty: 10,101 rows on 2,107 of 2,126 pages, decision 144).
 */
const countOf = (query: AdminUserQuery, filters: SQL[]) => {
  if (!query.q || filters.length !== 1)
    return sql`select count(*)::int as n from users u join profiles p on p.id = u.id
        left join account_suspensions s on s.user_id = u.id
      ${where(filters)}`;
  const pattern = containsPattern(query.q);
  return sql`select ((select coalesce(sum(people), 0) from ${profileNameCounts}
      where full_name ilike ${pattern})
    + (select count(*) from users u where u.email ilike ${pattern} and not exists (
      select 1 from profiles p where p.id = u.id and p.full_name ilike ${pattern})))::int as n`;
};

export async function listUsers(db: DbExecutor, query: AdminUserQuery) {
  const filters = userFilters(query);
  const dir = direction(query.dir);
  const offset = (query.page - 1) * query.pageSize;
  const estimate = filters.length ? null : await estimatedRows(db, 'users');
  // The page and its count run side by side (on two pool connections).
  const counting =
    estimate !== null
      ? Promise.resolve(estimate)
      : db.execute<{ n: number }>(countOf(query, filters)).then(({ rows }) => rows[0]?.n ?? 0);
  const page = (from: SQL, parts = filters) =>
    db.execute<UserRow>(sql`
    select u.id, u.email, p.full_name as "fullName", p.user_type as "userType",
      coalesce((select array_agg(r.role::text order by r.role) from user_roles r
        where r.user_id = u.id), '{}'::text[]) as roles,
      u.email_confirmed_at is not null as confirmed, s.user_id is not null as suspended,
      u.created_at as "createdAt"
    from ${from} u join profiles p on p.id = u.id
      left join account_suspensions s on s.user_id = u.id
    ${where(parts)}
    order by ${USER_SORT[query.sort]} ${dir}, u.id ${dir}
    limit ${query.pageSize} offset ${offset}`);
  const walk =
    filters.length && query.sort === 'created' && offset + query.pageSize <= NEWEST_WALK
      ? page(
          sql`(select * from users order by created_at ${dir}, id ${dir} limit ${NEWEST_WALK})`,
          userFilters(query, true),
        )
      : null;
  const [{ rows }, total] = await Promise.all([
    walk
      ? walk.then((found) => (found.rows.length === query.pageSize ? found : page(sql`users`)))
      : page(sql`users`),
    counting,
  ]);
  return { rows, total };
}

export async function getUserDetail(db: DbExecutor, params: { id: string }) {
  const [user] = (
    await db.execute<
      UserRow & {
        phone: string | null;
        businessName: string | null;
        suspensionReason: string | null;
        suspendedAt: Date | null;
      }
    >(sql`
      select u.id, u.email, p.full_name as "fullName", p.user_type as "userType",
        coalesce((select array_agg(r.role::text order by r.role) from user_roles r
          where r.user_id = u.id), '{}'::text[]) as roles,
        u.email_confirmed_at is not null as confirmed, s.user_id is not null as suspended,
        u.created_at as "createdAt", p.phone, p.business_name as "businessName",
        s.reason as "suspensionReason", s.suspended_at as "suspendedAt"
      from users u join profiles p on p.id = u.id
        left join account_suspensions s on s.user_id = u.id
      where u.id = ${params.id}`)
  ).rows;
  if (!user) return null;
  const [eventRows, orderRows, ticketRows, sessionRows, passkeyRows] = await Promise.all([
    db.execute<{ id: string; title: string; status: string }>(sql`
      select id, title, event_status as status from events where user_id = ${params.id}
      order by created_at desc limit 20`),
    db.execute<{
      id: string;
      status: string;
      totalCents: number;
      currency: string;
      createdAt: Date;
    }>(sql`
      select id, status, total_cents as "totalCents", currency, created_at as "createdAt"
      from orders where user_id = ${params.id} order by created_at desc limit 20`),
    db.execute<{ n: number }>(
      sql`select count(*)::int as n from tickets where user_id = ${params.id}`,
    ),
    db.execute<{ id: string; userAgent: string | null; lastSeenAt: Date }>(sql`
      select id, user_agent as "userAgent", last_seen_at as "lastSeenAt" from sessions
      where user_id = ${params.id} order by last_seen_at desc limit 20`),
    db.execute<{ id: string; name: string; createdAt: Date }>(sql`
      select id, name, created_at as "createdAt" from passkeys where user_id = ${params.id}
      order by created_at desc`),
  ]);
  return {
    user,
    events: eventRows.rows,
    orders: orderRows.rows,
    ticketCount: ticketRows.rows[0]?.n ?? 0,
    sessions: sessionRows.rows,
    passkeys: passkeyRows.rows,
  };
}

export async function userExists(db: DbExecutor, params: { id: string }): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from users where id = ${params.id}`);
  return rows.length > 0;
}

/** Serialises role changes, so two admins removing each other cannot leave no admin. */
export async function lockRoles(db: DbExecutor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('mea:admin-roles'))`);
}

export async function countAdmins(db: DbExecutor): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from user_roles where role = 'admin'`,
  );
  return rows[0]?.n ?? 0;
}

export async function userHasRole(db: DbExecutor, params: { userId: string; role: Role }) {
  const { rows } = await db.execute(
    sql`select 1 from user_roles where user_id = ${params.userId} and role = ${params.role}`,
  );
  return rows.length > 0;
}

export async function grantRole(db: DbExecutor, params: { userId: string; role: Role }) {
  await db.insert(userRoles).values(params).onConflictDoNothing();
}

export async function revokeRole(db: DbExecutor, params: { userId: string; role: Role }) {
  await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, params.userId), eq(userRoles.role, params.role)));
}

export async function insertSuspension(
  db: DbExecutor,
  params: { userId: string; reason: string; by: string; now: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(accountSuspensions)
    .values({
      userId: params.userId,
      reason: params.reason,
      suspendedBy: params.by,
      suspendedAt: params.now,
    })
    .onConflictDoNothing()
    .returning({ userId: accountSuspensions.userId });
  return inserted.length > 0;
}

export async function deleteSuspension(db: DbExecutor, params: { userId: string }) {
  const { rows } = await db.execute(
    sql`delete from account_suspensions where user_id = ${params.userId} returning user_id`,
  );
  return rows.length > 0;
}

/** Ends every session of a person; returns how many there were. */
export async function deleteSessionsOf(db: DbExecutor, params: { userId: string }) {
  const { rows } = await db.execute(
    sql`delete from sessions where user_id = ${params.userId} returning id`,
  );
  return rows.length;
}

// ---------- events ----------

export type EventRow = {
  id: string;
  title: string;
  status: string;
  startsAt: Date;
  createdAt: Date;
  organizerId: string;
  organizerName: string;
  organizerEmail: string;
  ticketsSold: number;
  featured: boolean;
};

const EVENT_SORT: Record<AdminEventQuery['sort'], SQL> = {
  created: sql`e.created_at`,
  starts: sql`e.starts_at`,
  title: sql`lower(e.title)`,
};

export async function listEvents(db: DbExecutor, query: AdminEventQuery) {
  const filters: SQL[] = [];
  if (query.q) {
    filters.push(
      isUuid(query.q)
        ? sql`e.id = ${query.q}::uuid`
        : sql`(e.title ilike ${containsPattern(query.q)} or u.email ilike ${containsPattern(query.q)})`,
    );
  }
  if (query.status) filters.push(sql`e.event_status = ${query.status}`);
  if (query.featured === 'true') filters.push(sql`f.event_id is not null`);
  if (query.featured === 'false') filters.push(sql`f.event_id is null`);
  const dir = direction(query.dir);
  const offset = (query.page - 1) * query.pageSize;
  const from = sql`from events e join users u on u.id = e.user_id join profiles p on p.id = u.id
    left join featured_events f on f.event_id = e.id`;
  const { rows } = await db.execute<EventRow>(sql`
    select e.id, e.title, e.event_status as status, e.starts_at as "startsAt",
      e.created_at as "createdAt", u.id as "organizerId", p.full_name as "organizerName",
      u.email as "organizerEmail", e.total_tickets_sold as "ticketsSold",
      f.event_id is not null as featured
    ${from} ${where(filters)}
    order by ${EVENT_SORT[query.sort]} ${dir}, e.id ${dir}
    limit ${query.pageSize} offset ${offset}`);
  const [count] = (
    await db.execute<{ n: number }>(sql`select count(*)::int as n ${from} ${where(filters)}`)
  ).rows;
  return { rows, total: count?.n ?? 0 };
}

/** Moves an event between statuses only from the expected one; the old status or null. */
export async function setEventStatus(
  db: DbExecutor,
  params: { id: string; from: string; to: string; now: Date },
): Promise<boolean> {
  const { rows } = await db.execute(sql`
    update events set event_status = ${params.to}::event_status, updated_at = ${params.now}
      ${params.to === 'published' ? sql`, published_at = coalesce(published_at, ${params.now})` : sql``}
    where id = ${params.id} and event_status = ${params.from}::event_status
    returning id`);
  return rows.length > 0;
}

export async function eventStatus(db: DbExecutor, params: { id: string }) {
  const { rows } = await db.execute<{ status: string; title: string }>(
    sql`select event_status as status, title from events where id = ${params.id}`,
  );
  return rows[0] ?? null;
}

export async function featureEvent(
  db: DbExecutor,
  params: { eventId: string; by: string; now: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(featuredEvents)
    .values({ eventId: params.eventId, featuredBy: params.by, featuredAt: params.now })
    .onConflictDoNothing()
    .returning({ id: featuredEvents.eventId });
  return inserted.length > 0;
}

export async function unfeatureEvent(db: DbExecutor, params: { eventId: string }) {
  const { rows } = await db.execute(
    sql`delete from featured_events where event_id = ${params.eventId} returning event_id`,
  );
  return rows.length > 0;
}

// ---------- orders ----------

export type OrderRow = {
  id: string;
  kind: string;
  status: string;
  currency: string;
  totalCents: number;
  refundedCents: number;
  createdAt: Date;
  buyerId: string;
  buyerName: string;
  buyerEmail: string;
  eventTitle: string | null;
};

const ORDER_SORT: Record<AdminOrderQuery['sort'], SQL> = {
  created: sql`o.created_at`,
  total: sql`o.total_cents`,
};

export function orderFilters(query: Omit<AdminOrderQuery, 'page' | 'pageSize'>): SQL[] {
  const filters: SQL[] = [];
  if (query.q) {
    if (isUuid(query.q)) filters.push(sql`o.id = ${query.q}::uuid`);
    else {
      // The matching buyers' and events' orders by their indexes, not a test per order row.
      const pattern = containsPattern(query.q);
      filters.push(sql`o.id in (
        select id from orders where user_id in (${peopleMatching(query.q)})
        union select qi.order_id from order_items qi join events qe on qe.id = qi.event_id
          where qe.title ilike ${pattern})`);
    }
  }
  if (query.status) filters.push(sql`o.status = ${query.status}`);
  if (query.kind) filters.push(sql`o.kind = ${query.kind}`);
  if (query.from) filters.push(sql`o.created_at >= ${query.from}::date`);
  if (query.to) filters.push(sql`o.created_at < ${query.to}::date + 1`);
  if (query.minCents !== undefined) filters.push(sql`o.total_cents >= ${query.minCents}`);
  if (query.maxCents !== undefined) filters.push(sql`o.total_cents <= ${query.maxCents}`);
  return filters;
}

const ORDER_COLUMNS = sql`o.id, o.kind, o.status, o.currency, o.total_cents as "totalCents",
  o.refunded_cents as "refundedCents", o.created_at as "createdAt", u.id as "buyerId",
  p.full_name as "buyerName", u.email as "buyerEmail",
  coalesce(
    (select e.title from events e where e.id = o.event_id),
    (select e.title from order_items oi join events e on e.id = oi.event_id
      where oi.order_id = o.id limit 1)
  ) as "eventTitle"`;
const ORDER_FROM = sql`from orders o join users u on u.id = o.user_id join profiles p on p.id = u.id`;

export async function listOrders(db: DbExecutor, query: AdminOrderQuery) {
  const filters = orderFilters(query);
  const dir = direction(query.dir);
  const offset = (query.page - 1) * query.pageSize;
  const estimate = filters.length ? null : await estimatedRows(db, 'orders');
  // No filter reads the buyer's row: the count needs the orders table alone.
  const countFrom = sql`from orders o`;
  const counting =
    estimate !== null
      ? Promise.resolve(estimate)
      : db
          .execute<{ n: number }>(sql`select count(*)::int as n ${countFrom} ${where(filters)}`)
          .then(({ rows }) => rows[0]?.n ?? 0);
  const [{ rows }, total] = await Promise.all([
    db.execute<OrderRow>(sql`
    select ${ORDER_COLUMNS} ${ORDER_FROM} ${where(filters)}
    order by ${ORDER_SORT[query.sort]} ${dir}, o.id ${dir}
    limit ${query.pageSize} offset ${offset}`),
    counting,
  ]);
  return { rows, total };
}

/**
 * One page of the CSV export, walked by (created_at, id) from the newest: each page is an index
 * range, so the export's memory stays one page whatever the table's size.
 */
export async function orderExportPage(
  db: DbExecutor,
  params: {
    query: Omit<AdminOrderQuery, 'page' | 'pageSize'>;
    after: { createdAt: Date; id: string } | null;
    limit: number;
  },
) {
  const filters = orderFilters(params.query);
  if (params.after)
    filters.push(sql`(o.created_at, o.id) < (${params.after.createdAt}, ${params.after.id}::uuid)`);
  const { rows } = await db.execute<OrderRow>(sql`
    select ${ORDER_COLUMNS} ${ORDER_FROM} ${where(filters)}
    order by o.created_at desc, o.id desc limit ${params.limit}`);
  return rows;
}

// ---------- settings ----------

export async function readSettings(db: DbExecutor) {
  return db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings);
}

export async function writeSetting(
  db: DbExecutor,
  params: { key: string; value: unknown; by: string; now: Date },
) {
  await db
    .insert(siteSettings)
    .values({ key: params.key, value: params.value, updatedBy: params.by, updatedAt: params.now })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value: params.value, updatedBy: params.by, updatedAt: params.now },
    });
}

// ---------- global search ----------

export async function searchEverything(db: DbExecutor, params: { q: string }) {
  const pattern = containsPattern(params.q);
  const byId = isUuid(params.q);
  const [users, events, orders] = await Promise.all([
    db.execute<{ id: string; email: string; fullName: string }>(sql`
      select u.id, u.email, p.full_name as "fullName" from users u join profiles p on p.id = u.id
      where ${byId ? sql`u.id = ${params.q}::uuid` : sql`u.email ilike ${pattern} or p.full_name ilike ${pattern}`}
      order by u.created_at desc limit 5`),
    db.execute<{ id: string; title: string }>(sql`
      select id, title from events
      where ${byId ? sql`id = ${params.q}::uuid` : sql`title ilike ${pattern}`}
      order by created_at desc limit 5`),
    db.execute<{ id: string; buyerEmail: string; totalCents: number }>(sql`
      select o.id, u.email as "buyerEmail", o.total_cents as "totalCents"
      from orders o join users u on u.id = o.user_id
      where ${byId ? sql`o.id = ${params.q}::uuid` : sql`u.email ilike ${pattern}`}
      order by o.created_at desc limit 5`),
  ]);
  return { users: users.rows, events: events.rows, orders: orders.rows };
}

/** Each ticket holder once, with the language they chose (null reads English). */
export async function ticketHolders(db: DbExecutor, params: { eventId: string }) {
  const { rows } = await db.execute<{ user_id: string; language: string | null }>(sql`
    select distinct t.user_id, u.language from tickets t join users u on u.id = t.user_id
    where t.event_id = ${params.eventId} and t.status <> 'void'`);
  return rows.map((row) => ({ userId: row.user_id, language: row.language }));
}

// ---------- ownership transfer ----------

/** The domain an erased account's placeholder address uses (reserved: it can never receive mail). */
export const ERASED_DOMAIN = 'erased.invalid';

/** Someone an event could move to: what the console checks before it transfers. */
export async function ownerCandidate(db: DbExecutor, params: { id: string }) {
  const { rows } = await db.execute<{
    id: string;
    fullName: string;
    userType: string;
    suspended: boolean;
    erased: boolean;
  }>(sql`
    select u.id, p.full_name as "fullName", p.user_type::text as "userType",
      exists (select 1 from account_suspensions s where s.user_id = u.id) as suspended,
      u.email like ${`%@${ERASED_DOMAIN}`} as erased
    from users u join profiles p on p.id = u.id where u.id = ${params.id}`);
  return rows[0] ?? null;
}

export async function profileName(db: DbExecutor, params: { id: string }): Promise<string> {
  const { rows } = await db.execute<{ name: string }>(
    sql`select full_name as name from profiles where id = ${params.id}`,
  );
  return rows[0]?.name ?? '';
}
