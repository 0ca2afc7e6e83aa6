import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { chatParticipants, chats } from '../../db/schema/messaging';
import { profiles } from '../../db/schema/users';

/** The pair's key, smaller id first: one direct chat per pair is the unique index on it. */
export const directKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** Adds people to a chat (again is harmless), with their display name at the time. */
export async function addParticipants(
  tx: DbExecutor,
  chatId: string,
  userIds: readonly string[],
): Promise<void> {
  if (!userIds.length) return;
  await tx.execute(sql`
    insert into ${chatParticipants} (chat_id, user_id, name)
    select ${chatId}::uuid, p.id, p.full_name from ${profiles} p
    where p.id = any(${sql.param([...userIds])}::uuid[])
    on conflict do nothing`);
}

/**
 * spec §7 find_chat_between_users, made safe under concurrency: two people opening a chat with
 * each other at the same moment both land on the one row the unique key lets exist.
 */
export async function findOrCreateDirectChat(
  tx: DbExecutor,
  params: { userId: string; otherId: string },
): Promise<{ id: string; created: boolean }> {
  const key = directKey(params.userId, params.otherId);
  const [created] = await tx
    .insert(chats)
    .values({ directKey: key, createdBy: params.userId })
    .onConflictDoNothing({ target: chats.directKey })
    .returning({ id: chats.id });
  if (created) {
    await addParticipants(tx, created.id, [params.userId, params.otherId]);
    return { id: created.id, created: true };
  }
  const [existing] = await tx.select({ id: chats.id }).from(chats).where(eq(chats.directKey, key));
  if (!existing) throw new Error('direct chat vanished between insert and select');
  // Someone removed from their own direct chat (never today) gets back in.
  await addParticipants(tx, existing.id, [params.userId, params.otherId]);
  return { id: existing.id, created: false };
}

/** The event's one group chat, created on first use (with the organizer in it). */
export async function ensureEventChat(tx: DbExecutor, eventId: string): Promise<string> {
  const [event] = await tx
    .select({ id: events.id, title: events.title, userId: events.userId })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw new Error(`event ${eventId} not found`);
  const [created] = await tx
    .insert(chats)
    .values({ isGroup: true, eventId, title: event.title, createdBy: event.userId })
    .onConflictDoNothing({ target: chats.eventId })
    .returning({ id: chats.id });
  const chatId =
    created?.id ??
    (await tx.select({ id: chats.id }).from(chats).where(eq(chats.eventId, eventId)))[0]?.id;
  if (!chatId) throw new Error('event chat vanished between insert and select');
  if (created) await addParticipants(tx, chatId, [event.userId]);
  return chatId;
}

/**
 * Puts someone in the event's group chat (a ticket holder entering, a vendor whose fee was
 * paid). The caller has decided they may; returns the chat id.
 */
export async function joinEventChat(
  tx: DbExecutor,
  params: { eventId: string; userId: string },
): Promise<string> {
  const chatId = await ensureEventChat(tx, params.eventId);
  await addParticipants(tx, chatId, [params.userId]);
  return chatId;
}

/**
 * The chat that belongs to a booking (vendor hiring): one per booking, between the organizer
 * and the vendor, titled for what is being booked. Returns the chat id (the same on a retry).
 */
export async function openBookingChat(
  tx: DbExecutor,
  params: { bookingId: string; organizerId: string; vendorId: string; title: string },
): Promise<string> {
  const [created] = await tx
    .insert(chats)
    .values({
      isBookingRelated: true,
      bookingId: params.bookingId,
      title: params.title,
      createdBy: params.organizerId,
    })
    .onConflictDoNothing({ target: chats.bookingId })
    .returning({ id: chats.id });
  const chatId =
    created?.id ??
    (
      await tx
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.bookingId, params.bookingId), eq(chats.isBookingRelated, true)))
    )[0]?.id;
  if (!chatId) throw new Error('booking chat vanished between insert and select');
  await addParticipants(tx, chatId, [params.organizerId, params.vendorId]);
  return chatId;
}

/**
 * A group chat that belongs to something another module owns (a ride's driver and riders):
 * not tied to an event or a booking, titled by its owner, which keeps the id and decides who
 * is in it. Returns the new chat's id.
 */
export async function openGroupChat(
  tx: DbExecutor,
  params: { title: string; createdBy: string; memberIds: readonly string[] },
): Promise<string> {
  const [created] = await tx
    .insert(chats)
    .values({ isGroup: true, title: params.title, createdBy: params.createdBy })
    .returning({ id: chats.id });
  if (!created) throw new Error('group chat insert returned nothing');
  await addParticipants(tx, created.id, params.memberIds);
  return created.id;
}

/** Takes people out of a chat (their messages stay; they can no longer read or post). */
export async function removeParticipants(
  tx: DbExecutor,
  chatId: string,
  userIds: readonly string[],
): Promise<void> {
  if (!userIds.length) return;
  await tx.execute(sql`
    delete from ${chatParticipants}
    where chat_id = ${chatId}::uuid and user_id = any(${sql.param([...userIds])}::uuid[])`);
}
