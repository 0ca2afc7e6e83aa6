import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isUuid } from '../../../contracts/ids';
import type { DbExecutor } from '../../db/client';
import { currentUser } from '../../platform/auth/guards';
import type { AuthUser } from '../../platform/auth/sessions';
import { actAsTeamMember, requestedOwner } from '../teams/teams.service';

// Booking chats act for the team (decision 073): a member switched to an organizer's account
// whose role opens the hire requests (`vendors.bookings`: vendor manager, manager) on the
// booking's event reads and answers the organizer's booking chats as the organizer, and each
// message they send names them. Anyone else, other roles and a member whose scope leaves the
// event out included, is themselves: not in the chat, they get the answer any stranger gets.

interface ChatActor {
  /** Who the chat's statements run as: the signed-in person, or the organizer they answer for. */
  user: AuthUser;
  /** The member writing for the organizer's account; null when the person acts as themself. */
  writtenBy: string | null;
}

/** The organizer's booking chat `chatId` and its booking's event, when the organizer is in it. */
async function bookingEventOf(
  db: DbExecutor,
  params: { chatId: string; ownerId: string },
): Promise<string | null> {
  const { rows } = await db.execute<{ event_id: string }>(sql`
    select b.event_id from chats c
    join bookings b on b.id = c.booking_id and b.organizer_id = ${params.ownerId}
    join chat_participants p on p.chat_id = c.id and p.user_id = ${params.ownerId}
    where c.id = ${params.chatId} and c.is_booking_related`);
  return rows[0]?.event_id ?? null;
}

/**
 * Who a chat route acts as for `chatId`. With `action`, a member's action goes to the owner's
 * activity log (sending; reading is not logged).
 */
export async function chatActor(
  db: DbExecutor,
  request: FastifyRequest,
  chatId: string,
  action?: string,
): Promise<ChatActor> {
  const me = await currentUser(request);
  const ownerId = requestedOwner(request, me);
  if (!ownerId || !isUuid(chatId)) return { user: me, writtenBy: null };
  const eventId = await bookingEventOf(db, { chatId, ownerId });
  if (!eventId) return { user: me, writtenBy: null };
  const allowed = await actAsTeamMember(db, {
    actor: me,
    ownerId,
    eventId,
    permission: 'vendors.bookings',
    ...(action ? { action } : {}),
  });
  return allowed
    ? { user: { ...me, id: ownerId, roles: [] }, writtenBy: me.id }
    : { user: me, writtenBy: null };
}
