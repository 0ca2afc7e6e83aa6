import { describe, expect, it } from 'vitest';
import { MEDIA_PREFIX } from '../../platform/storage/storage';
import {
  presentBlockedPerson,
  presentChat,
  presentMessage,
  presentParticipant,
} from './messaging.presenter';
import type { ChatRow } from './chats.queries';
import type { MessageRow } from './messaging.queries';

const at = new Date('2026-03-01T10:00:00.000Z');

const message = (over: Partial<MessageRow> = {}): MessageRow => ({
  id: 'm1',
  chatId: 'c1',
  senderId: 'u1',
  senderName: 'Ana Alves',
  senderAvatarUrl: null,
  writtenBy: null,
  writerName: null,
  body: 'hello',
  clientId: 'k1',
  imageKey: 'chat/abc-40x30.webp',
  imageWidth: 40,
  imageHeight: 30,
  createdAt: at,
  deletedAt: null,
  removedByModerator: false,
  updatedAt: null,
  seq: 7,
  ...over,
});

const chat = (over: Partial<ChatRow> = {}): ChatRow => ({
  id: 'c1',
  title: null,
  isGroup: false,
  isBookingRelated: false,
  bookingId: null,
  eventId: null,
  eventTitle: null,
  eventDate: null,
  eventOwnerId: null,
  pinnedMessageId: null,
  lastMessage: null,
  lastMessageAt: null,
  lastSenderId: null,
  createdAt: at,
  unreadCount: 0,
  otherId: 'u2',
  otherName: 'Ben Bello',
  otherAvatarUrl: '/media/ben.webp',
  otherUserType: 'attendee',
  ...over,
});

describe('a message as the API shows it', () => {
  it('carries its image and time in the contract’s form', () => {
    expect(presentMessage(message({ writtenBy: 'u9', writerName: 'Ola Team' }))).toMatchObject({
      writtenBy: { id: 'u9', name: 'Ola Team' },
    });
    expect(presentMessage(message())).toMatchObject({
      body: 'hello',
      image: { url: `${MEDIA_PREFIX}chat/abc-40x30.webp`, width: 40, height: 30 },
      createdAt: '2026-03-01T10:00:00.000Z',
      deleted: false,
      seq: 7,
    });
  });

  it('shows nothing of a deleted message, and names a deleted sender', () => {
    const shown = presentMessage(message({ deletedAt: at, senderName: null }));
    expect(shown).toMatchObject({ body: '', image: null, deleted: true });
    expect(shown.senderName).toBe('Deleted account');
  });
});

describe('a chat’s title', () => {
  it('is the other person in a direct chat, the event in a group, both in a booking', () => {
    expect(presentChat(chat())).toMatchObject({ kind: 'direct', title: 'Ben Bello' });
    expect(
      presentChat(chat({ isGroup: true, eventTitle: 'Jazz Night', otherId: null })),
    ).toMatchObject({ kind: 'group', title: 'Jazz Night', avatarUrl: null, other: null });
    expect(presentChat(chat({ isBookingRelated: true, title: 'DJ set' }))).toMatchObject({
      kind: 'booking',
      title: 'Ben Bello · DJ set',
    });
  });
});

describe('a chat’s people', () => {
  it('marks the event’s owner as organizer and dates as ISO text', () => {
    const person = { id: 'u9', name: 'Ola', avatarUrl: null, userType: 'organizer' };
    expect(presentParticipant({ ...person, lastReadAt: at }, 'u9')).toEqual({
      ...person,
      lastReadAt: '2026-03-01T10:00:00.000Z',
      isOrganizer: true,
    });
    expect(presentParticipant({ ...person, lastReadAt: null }, null).isOrganizer).toBe(false);
    expect(presentBlockedPerson({ ...person, blockedAt: at }).blockedAt).toBe(
      '2026-03-01T10:00:00.000Z',
    );
  });
});
