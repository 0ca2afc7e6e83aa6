import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { questionAnswers } from '../../db/schema/questions';
import { tickets, ticketTypes } from '../../db/schema/tickets';
import { eventTransferSettings, ticketTransfers } from '../../db/schema/transfers';
import { profiles, users } from '../../db/schema/users';

export async function findTransferSettings(db: DbExecutor, params: { eventId: string }) {
  const [row] = await db
    .select({
      allowed: eventTransferSettings.allowed,
      cutoffHours: eventTransferSettings.cutoffHours,
    })
    .from(eventTransferSettings)
    .where(eq(eventTransferSettings.eventId, params.eventId));
  return row ?? { allowed: false, cutoffHours: 0 };
}

export async function upsertTransferSettings(
  db: DbExecutor,
  params: { eventId: string; allowed: boolean; cutoffHours: number; now: Date },
) {
  const values = {
    allowed: params.allowed,
    cutoffHours: params.cutoffHours,
    updatedAt: params.now,
  };
  await db
    .insert(eventTransferSettings)
    .values({ eventId: params.eventId, ...values })
    .onConflictDoUpdate({ target: eventTransferSettings.eventId, set: values });
}

/** The copy of an event's settings, for event duplication. */
export async function copyTransferSettings(
  db: DbExecutor,
  params: { fromEventId: string; toEventId: string; now: Date },
) {
  await db.execute(sql`
    insert into ${eventTransferSettings} (event_id, allowed, cutoff_hours, updated_at)
    select ${params.toEventId}, allowed, cutoff_hours, ${params.now}
    from ${eventTransferSettings} where event_id = ${params.fromEventId}`);
}

const ticketSelection = {
  id: tickets.id,
  userId: tickets.userId,
  status: tickets.status,
  transferPending: tickets.transferPending,
  eventId: tickets.eventId,
  ticketTypeName: ticketTypes.name,
  holderEmail: users.email,
  holderName: profiles.fullName,
  event: {
    title: events.title,
    startsAt: events.startsAt,
    timezone: events.timezone,
    ownerId: events.userId,
  },
};

function selectTicket(db: DbExecutor, where: SQL | undefined) {
  return db
    .select(ticketSelection)
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(users, eq(users.id, tickets.userId))
    .leftJoin(profiles, eq(profiles.id, tickets.userId))
    .where(where);
}

export type HeldTicket = Awaited<ReturnType<typeof selectTicket>>[number];

/** The holder's ticket, locked for the transaction when asked (a transfer changes it). */
export async function findHeldTicket(
  db: DbExecutor,
  params: { ticketId: string; userId: string; lock?: boolean },
): Promise<HeldTicket | undefined> {
  const query = selectTicket(
    db,
    and(eq(tickets.id, params.ticketId), eq(tickets.userId, params.userId)),
  );
  const [row] = params.lock ? await query.for('update', { of: tickets }) : await query;
  return row;
}

/** A ticket its holder, its event's owner or (visibleTo null) an admin may read. */
export async function findTicketVisibleTo(
  db: DbExecutor,
  params: { ticketId: string; visibleTo: string | null },
) {
  const access =
    params.visibleTo === null
      ? undefined
      : sql`(${tickets.userId} = ${params.visibleTo} or ${events.userId} = ${params.visibleTo})`;
  const [row] = await selectTicket(db, and(eq(tickets.id, params.ticketId), access));
  return row;
}

export async function findAccountByEmail(db: DbExecutor, params: { email: string }) {
  const [row] = await db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(sql`lower(${users.email}) = ${params.email.toLowerCase()}`);
  return row;
}

/**
 * Gives the ticket a new code (the old one stops working at once) and, when `toUserId` is set,
 * a new holder; `pending` leaves it without a usable code until a claim.
 */
export async function reissueTicket(
  db: DbExecutor,
  params: { ticketId: string; toUserId?: string; pending: boolean },
) {
  await db
    .update(tickets)
    .set({
      codeVersion: sql`${tickets.codeVersion} + 1`,
      transferPending: params.pending,
      ...(params.toUserId ? { userId: params.toUserId } : {}),
    })
    .where(eq(tickets.id, params.ticketId));
}

/** The new holder answers the per-ticket questions themselves (decision 055). */
export async function clearTicketAnswers(db: DbExecutor, params: { ticketId: string }) {
  await db.delete(questionAnswers).where(eq(questionAnswers.ticketId, params.ticketId));
}

export async function insertTransfer(db: DbExecutor, values: typeof ticketTransfers.$inferInsert) {
  const [row] = await db.insert(ticketTransfers).values(values).returning();
  if (!row) throw new Error('transfer not inserted');
  return row;
}

/** Ends a pending transfer; undefined when it was no longer pending (claimed or cancelled). */
export async function settleTransfer(
  db: DbExecutor,
  params: { id: string; status: 'completed' | 'cancelled'; toUserId?: string; at: Date },
) {
  const [row] = await db
    .update(ticketTransfers)
    .set(
      params.status === 'completed'
        ? { status: 'completed', toUserId: params.toUserId, completedAt: params.at }
        : { status: 'cancelled', cancelledAt: params.at },
    )
    .where(and(eq(ticketTransfers.id, params.id), eq(ticketTransfers.status, 'pending')))
    .returning();
  return row;
}

export async function findTransferById(db: DbExecutor, params: { id: string }) {
  const [row] = await db.select().from(ticketTransfers).where(eq(ticketTransfers.id, params.id));
  return row;
}

export async function findTransferByClaimHash(
  db: DbExecutor,
  params: { hash: string; lock?: boolean },
) {
  const query = db
    .select({
      transfer: ticketTransfers,
      ticketTypeName: ticketTypes.name,
      event: {
        title: events.title,
        startsAt: events.startsAt,
        timezone: events.timezone,
        ownerId: events.userId,
      },
      fromName: profiles.fullName,
    })
    .from(ticketTransfers)
    .innerJoin(tickets, eq(tickets.id, ticketTransfers.ticketId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .innerJoin(events, eq(events.id, ticketTransfers.eventId))
    .leftJoin(profiles, eq(profiles.id, ticketTransfers.fromUserId))
    .where(eq(ticketTransfers.claimTokenHash, params.hash));
  const [row] = params.lock ? await query.for('update', { of: ticketTransfers }) : await query;
  return row;
}

const fromUser = alias(users, 'from_user');
const fromProfile = alias(profiles, 'from_profile');
const toProfile = alias(profiles, 'to_profile');

function selectHistory(db: DbExecutor, where: SQL) {
  return db
    .select({
      transfer: ticketTransfers,
      fromName: fromProfile.fullName,
      fromEmail: fromUser.email,
      toName: toProfile.fullName,
    })
    .from(ticketTransfers)
    .leftJoin(fromUser, eq(fromUser.id, ticketTransfers.fromUserId))
    .leftJoin(fromProfile, eq(fromProfile.id, ticketTransfers.fromUserId))
    .leftJoin(toProfile, eq(toProfile.id, ticketTransfers.toUserId))
    .where(where)
    .orderBy(desc(ticketTransfers.createdAt), desc(ticketTransfers.id));
}

export type HistoryRow = Awaited<ReturnType<typeof selectHistory>>[number];

export function findTransfersOfTicket(db: DbExecutor, params: { ticketId: string }) {
  return selectHistory(db, eq(ticketTransfers.ticketId, params.ticketId));
}

export function findTransfersOfEvent(db: DbExecutor, params: { eventId: string }) {
  return selectHistory(db, eq(ticketTransfers.eventId, params.eventId));
}

export function findPendingOfTicket(db: DbExecutor, params: { ticketId: string }) {
  return selectHistory(
    db,
    and(
      eq(ticketTransfers.ticketId, params.ticketId),
      eq(ticketTransfers.status, 'pending'),
    ) as SQL,
  ).then((rows) => rows[0]);
}

/** `ticket.transferred` for the organizer's webhook endpoints, in the transfer's transaction. */
export async function emitTransferWebhook(
  db: DbExecutor,
  params: { ownerId: string; transferId: string; at: Date; payload: Record<string, unknown> },
) {
  await db.execute(
    sql`select webhook_emit(${params.ownerId}, 'ticket.transferred', ${`ticket.transferred:${params.transferId}`}, ${params.at}, ${JSON.stringify(params.payload)}::jsonb)`,
  );
}
