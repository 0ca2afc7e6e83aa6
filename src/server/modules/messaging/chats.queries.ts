import { and, eq, sql } from 'drizzle-orm';
import type { ChatPerson } from '../../../contracts/messaging';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { chatParticipants, chats } from '../../db/schema/messaging';
import { profiles } from '../../db/schema/users';
import { rowsOf, run } from './messaging.queries';
import { teamChatIdsOf } from './team-chats.queries';

// Chats and who is in them: membership (direct, event, booking and group chats), the chat list,
// read marks, pins and blocks. As in messaging.queries.ts, every read names the person acting.

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

export interface ChatRow {
  id: string;
  title: string | null;
  isGroup: boolean;
  isBookingRelated: boolean;
  bookingId: string | null;
  eventId: string | null;
  eventTitle: string | null;
  eventDate: string | null;
  eventOwnerId: string | null;
  pinnedMessageId: string | null;
  lastMessage: string | null;
  lastMessageAt: Date | null;
  lastSenderId: string | null;
  createdAt: Date;
  unreadCount: number;
  otherId: string | null;
  otherName: string | null;
  otherAvatarUrl: string | null;
  otherUserType: string | null;
}

const CHAT_COLUMNS = sql`c.id, c.title, c.is_group as "isGroup",
  c.is_booking_related as "isBookingRelated", c.booking_id as "bookingId", c.event_id as "eventId",
  e.title as "eventTitle", e.date::text as "eventDate", e.user_id as "eventOwnerId",
  c.pinned_message_id as "pinnedMessageId", c.last_message as "lastMessage",
  c.last_message_at as "lastMessageAt", c.last_sender_id as "lastSenderId",
  c.created_at as "createdAt",
  (select count(*) from (select 1 from messages m where m.chat_id = c.id
     and m.created_at > coalesce(me.last_read_at, '-infinity') and m.sender_id <> me.user_id
     and m.deleted_at is null limit 100) unread)::int as "unreadCount",
  o.user_id as "otherId", o.full_name as "otherName", o.avatar_url as "otherAvatarUrl",
  o.user_type::text as "otherUserType"`;

// The other person of a direct or booking chat.
const OTHER_JOIN = sql`left join lateral (
    select cp.user_id, pr.full_name, pr.avatar_url, pr.user_type from chat_participants cp
    join profiles pr on pr.id = cp.user_id
    where cp.chat_id = c.id and cp.user_id <> me.user_id and not c.is_group
    limit 1) o on true`;

/**
 * The person's chats, most recent activity first (keyset pages). With `teamOf`, the team a member
 * switched to: that organizer's booking chats the member answers are listed too, as the
 * organizer sees them (their unread count, the vendor as the other person).
 */
export async function listChats(
  db: DbExecutor,
  params: { userId: string; limit: number; afterId: string | null; teamOf?: string | null },
): Promise<ChatRow[]> {
  const activity = sql`coalesce(c.last_message_at, c.created_at)`;
  const after = params.afterId
    ? sql`and (${activity}, c.id) < (select coalesce(a.last_message_at, a.created_at), a.id
        from chats a where a.id = ${params.afterId})`
    : sql``;
  const own = sql`
    select ${CHAT_COLUMNS}
    from chat_participants me
    join chats c on c.id = me.chat_id
    left join events e on e.id = c.event_id
    ${OTHER_JOIN}
    where me.user_id = ${params.userId} ${after}
    order by ${activity} desc, c.id desc
    limit ${params.limit}`;
  const team = params.teamOf
    ? sql`
    select ${CHAT_COLUMNS}
    from chat_participants me
    join chats c on c.id = me.chat_id
    left join events e on e.id = c.event_id
    ${OTHER_JOIN}
    where me.user_id = ${params.teamOf} ${after}
      and c.id in (${teamChatIdsOf(params.userId, params.teamOf)})
      and not exists (select 1 from chat_participants mine
        where mine.chat_id = c.id and mine.user_id = ${params.userId})
    order by ${activity} desc, c.id desc
    limit ${params.limit}`
    : null;
  const result = await run(
    db,
    team
      ? sql`select * from ((${own}) union all (${team})) listed
          order by coalesce("lastMessageAt", "createdAt") desc, id desc
          limit ${params.limit}`
      : own,
  );
  return rowsOf<ChatRow>(result);
}

/** One chat as seen by a participant; null when they are not one. */
export async function findChat(
  db: DbExecutor,
  params: { chatId: string; userId: string },
): Promise<ChatRow | null> {
  const result = await run(
    db,
    sql`
    select ${CHAT_COLUMNS}
    from chat_participants me
    join chats c on c.id = me.chat_id
    left join events e on e.id = c.event_id
    ${OTHER_JOIN}
    where me.chat_id = ${params.chatId} and me.user_id = ${params.userId}`,
  );
  return rowsOf<ChatRow>(result)[0] ?? null;
}

export interface ParticipantRow {
  id: string;
  name: string;
  avatarUrl: string | null;
  userType: string;
  lastReadAt: Date | null;
}

/** The chat's people (the first 200 for a big group), organizer first then by joining. */
export async function listParticipants(
  db: DbExecutor,
  params: { chatId: string; ownerId: string | null },
): Promise<{ rows: ParticipantRow[]; count: number }> {
  const result = await run(
    db,
    sql`
    select p.id, p.full_name as name, p.avatar_url as "avatarUrl", p.user_type::text as "userType",
      cp.last_read_at as "lastReadAt", count(*) over ()::int as total
    from chat_participants cp join profiles p on p.id = cp.user_id
    where cp.chat_id = ${params.chatId}
    order by (cp.user_id = ${params.ownerId}) desc nulls last, cp.joined_at
    limit 200`,
  );
  const rows = rowsOf<ParticipantRow & { total: number }>(result);
  return { rows, count: rows[0]?.total ?? 0 };
}

/** Marks the chat read for the person, and its message notifications with it. */
export async function markChatRead(
  db: DbExecutor,
  params: { chatId: string; userId: string },
): Promise<{ readAt: Date; notifications: number } | null> {
  const result = await run(
    db,
    sql`
    with me as (
      update chat_participants set last_read_at = now()
      where chat_id = ${params.chatId} and user_id = ${params.userId}
      returning last_read_at
    ),
    notes as (
      update notifications set read = true
      where user_id = ${params.userId} and read = false
        and type in ('message', 'event_chat_message') and related_id = ${params.chatId}
        and exists (select 1 from me)
      returning 1
    )
    select last_read_at as "readAt", (select count(*) from notes)::int as notifications from me`,
  );
  return rowsOf<{ readAt: Date; notifications: number }>(result)[0] ?? null;
}

export async function setPinned(
  db: DbExecutor,
  params: { chatId: string; messageId: string | null },
): Promise<boolean> {
  const result = await run(
    db,
    sql`
    update chats set pinned_message_id = ${params.messageId}
    where id = ${params.chatId}
      and (${params.messageId}::uuid is null or exists (
        select 1 from messages where id = ${params.messageId} and chat_id = ${params.chatId}
          and deleted_at is null))
    returning id`,
  );
  return result.rows.length > 0;
}

/** Has either person blocked the other? */
export async function isBlockedBetween(
  db: DbExecutor,
  params: { userA: string; userB: string },
): Promise<boolean> {
  const { userA: a, userB: b } = params;
  const result = await run(
    db,
    sql`
    select 1 from user_blocks
    where (blocker_id = ${a} and blocked_id = ${b}) or (blocker_id = ${b} and blocked_id = ${a})`,
  );
  return result.rows.length > 0;
}

/** Has this person blocked that one? */
export async function hasBlocked(
  db: DbExecutor,
  params: { blockerId: string; blockedId: string },
): Promise<boolean> {
  const result = await run(
    db,
    sql`
    select 1 from user_blocks where blocker_id = ${params.blockerId} and blocked_id = ${params.blockedId}`,
  );
  return result.rows.length > 0;
}

export async function findPerson(
  db: DbExecutor,
  params: { userId: string },
): Promise<ChatPerson | null> {
  const result = await run(
    db,
    sql`
    select id, full_name as name, avatar_url as "avatarUrl", user_type::text as "userType"
    from profiles where id = ${params.userId}`,
  );
  return rowsOf<ChatPerson>(result)[0] ?? null;
}

export type BlockedPersonRow = ChatPerson & { blockedAt: Date };

/** The people this person blocked, most recent first. */
export async function listBlockedPeople(
  db: DbExecutor,
  params: { blockerId: string },
): Promise<BlockedPersonRow[]> {
  const result = await run(
    db,
    sql`
    select p.id, p.full_name as name, p.avatar_url as "avatarUrl", p.user_type::text as "userType",
      b.created_at as "blockedAt"
    from user_blocks b join profiles p on p.id = b.blocked_id
    where b.blocker_id = ${params.blockerId}
    order by b.created_at desc`,
  );
  return rowsOf<BlockedPersonRow>(result);
}

export async function block(db: DbExecutor, params: { blockerId: string; blockedId: string }) {
  await run(
    db,
    sql`
    insert into user_blocks (blocker_id, blocked_id) values (${params.blockerId}, ${params.blockedId})
    on conflict do nothing`,
  );
}

export async function unblock(db: DbExecutor, params: { blockerId: string; blockedId: string }) {
  await run(
    db,
    sql`
    delete from user_blocks where blocker_id = ${params.blockerId} and blocked_id = ${params.blockedId}`,
  );
}

/** What decides entry to an event's group chat. */
export async function findEventChatFacts(
  db: DbExecutor,
  params: { eventId: string; userId: string | null },
) {
  const result = await run(
    db,
    sql`
    select e.id, e.title, e.user_id as "ownerId",
      (e.event_status = 'published' or e.user_id = ${params.userId}) as visible,
      exists (select 1 from tickets t where t.event_id = e.id and t.user_id = ${params.userId}
        and t.status <> 'void') as "hasTicket",
      ep.role as "participantRole", ep.can_access_chat as "canAccessChat",
      c.id as "chatId"
    from events e
    left join event_participants ep on ep.event_id = e.id and ep.user_id = ${params.userId}
    left join chats c on c.event_id = e.id
    where e.id = ${params.eventId}`,
  );
  return (
    rowsOf<{
      id: string;
      title: string;
      ownerId: string;
      visible: boolean;
      hasTicket: boolean;
      participantRole: string | null;
      canAccessChat: boolean | null;
      chatId: string | null;
    }>(result)[0] ?? null
  );
}
