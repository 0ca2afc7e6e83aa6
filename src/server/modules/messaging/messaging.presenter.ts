import type { z } from 'zod';
import type {
  BlockedUserSchema,
  ChatDetail,
  ChatPerson,
  ChatSummary,
  Message,
} from '../../../contracts/messaging';
import { MEDIA_PREFIX } from '../../platform/storage/storage';
import type { BlockedPersonRow, ChatRow, ParticipantRow } from './chats.queries';
import type { MessageRow } from './messaging.queries';

// Rows to response shapes. History pages are the exception: their JSON is built by PostgreSQL
// (MESSAGE_JSON in messaging.queries.ts), and a test holds it equal to presentMessage.

export function presentMessage(row: MessageRow): Message {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    senderName: row.senderName ?? 'Deleted account',
    senderAvatarUrl: row.senderAvatarUrl,
    writtenBy: row.writtenBy
      ? { id: row.writtenBy, name: row.writerName ?? 'Deleted account' }
      : null,
    body: deleted ? '' : row.body,
    image:
      !deleted && row.imageKey
        ? {
            url: `${MEDIA_PREFIX}${row.imageKey}`,
            width: row.imageWidth ?? 0,
            height: row.imageHeight ?? 0,
          }
        : null,
    clientId: row.clientId,
    createdAt: new Date(row.createdAt).toISOString(),
    deleted,
    removedByModerator: row.removedByModerator,
    seq: Number(row.seq),
  };
}

export function presentChat(row: ChatRow): ChatSummary {
  const other: ChatPerson | null = row.otherId
    ? {
        id: row.otherId,
        name: row.otherName ?? 'Unknown',
        avatarUrl: row.otherAvatarUrl,
        userType: row.otherUserType ?? 'attendee',
      }
    : null;
  return {
    id: row.id,
    kind: row.isGroup ? 'group' : row.isBookingRelated ? 'booking' : 'direct',
    title: row.isGroup
      ? (row.eventTitle ?? row.title ?? 'Group chat')
      : row.isBookingRelated
        ? `${other?.name ?? 'Booking'} · ${row.title ?? 'Booking'}`
        : (other?.name ?? row.title ?? 'Conversation'),
    avatarUrl: row.isGroup ? null : (other?.avatarUrl ?? null),
    lastMessage: row.lastMessage,
    lastMessageAt: row.lastMessageAt ? new Date(row.lastMessageAt).toISOString() : null,
    lastSenderId: row.lastSenderId,
    unreadCount: row.unreadCount,
    other,
    eventId: row.eventId,
    bookingId: row.bookingId,
  };
}

/** One of a chat's people; the event's owner is marked as its organizer. */
export function presentParticipant(
  person: ParticipantRow,
  eventOwnerId: string | null,
): ChatDetail['participants'][number] {
  return {
    id: person.id,
    name: person.name,
    avatarUrl: person.avatarUrl,
    userType: person.userType,
    lastReadAt: person.lastReadAt ? new Date(person.lastReadAt).toISOString() : null,
    isOrganizer: person.id === eventOwnerId,
  };
}

export function presentBlockedPerson(row: BlockedPersonRow): z.infer<typeof BlockedUserSchema> {
  return { ...row, blockedAt: new Date(row.blockedAt).toISOString() };
}
