import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { supportMessages, supportTickets } from '../../db/schema/content';
import { userRoles, users } from '../../db/schema/users';
import { must } from '../../platform/must';

export async function insertTicket(
  db: DbExecutor,
  params: {
    ticket: typeof supportTickets.$inferInsert;
    message: Omit<typeof supportMessages.$inferInsert, 'ticketId'>;
  },
) {
  const [inserted] = await db.insert(supportTickets).values(params.ticket).returning();
  const ticket = must(inserted, 'inserted ticket');
  await db.insert(supportMessages).values({ ...params.message, ticketId: ticket.id });
  return ticket;
}

/** A ticket the viewer may see: staff see every ticket, a requester only their own. */
export async function findTicket(
  db: DbExecutor,
  params: { id: string; viewerId: string; asStaff: boolean },
) {
  const [ticket] = await db
    .select()
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.id, params.id),
        params.asStaff ? undefined : eq(supportTickets.requesterId, params.viewerId),
      ),
    );
  if (!ticket) return null;
  const messages = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, ticket.id))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  return { ...ticket, messages };
}

export function findTicketsOfRequester(db: DbExecutor, params: { userId: string }) {
  return db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.requesterId, params.userId))
    .orderBy(desc(supportTickets.updatedAt))
    .limit(200);
}

export function findTicketQueue(
  db: DbExecutor,
  params: { status?: 'open' | 'pending' | 'closed' },
) {
  return db
    .select()
    .from(supportTickets)
    .where(params.status ? eq(supportTickets.status, params.status) : undefined)
    .orderBy(desc(supportTickets.updatedAt))
    .limit(500);
}

export async function addTicketMessage(
  db: DbExecutor,
  params: {
    ticketId: string;
    message: Omit<typeof supportMessages.$inferInsert, 'ticketId'>;
    status?: 'open' | 'pending' | 'closed';
    now: Date;
  },
) {
  await db.insert(supportMessages).values({ ...params.message, ticketId: params.ticketId });
  await db
    .update(supportTickets)
    .set({ updatedAt: params.now, ...(params.status ? { status: params.status } : {}) })
    .where(eq(supportTickets.id, params.ticketId));
}

export async function setTicketStatus(
  db: DbExecutor,
  params: { id: string; status: 'open' | 'pending' | 'closed'; now: Date },
) {
  const rows = await db
    .update(supportTickets)
    .set({ status: params.status, updatedAt: params.now })
    .where(eq(supportTickets.id, params.id))
    .returning({ id: supportTickets.id });
  return rows.length === 1;
}

/** Admins and moderators: who hears about new tickets. */
export async function findSupportStaff(db: DbExecutor) {
  const result = await db.execute<{ email: string; language: string | null }>(sql`
    select distinct u.email, u.language from users u join ${userRoles} r on r.user_id = u.id
    where r.role in ('admin', 'moderator') limit 50`);
  return result.rows;
}

/** The language a requester with an account chose (null: none, or no account). */
export async function languageOfUser(db: DbExecutor, params: { userId: string | null }) {
  if (!params.userId) return null;
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, params.userId));
  return row?.language ?? null;
}
