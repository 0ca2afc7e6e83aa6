import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChatSummary, Message } from '../../../contracts/messaging';
import {
  applyMessageEvents,
  applySent,
  clearUnread,
  previewOf,
  type ListData,
  type PagesData,
} from './cache';
import { imageProblem } from './composer';
import { messagingKeys } from './keys';
import { typingText } from './use-chat-presence';

let seq = 100;
function message(overrides: Partial<Message> = {}): Message {
  seq += 1;
  return {
    id: `m${seq}`,
    chatId: 'c1',
    senderId: 'other',
    senderName: 'Ann',
    senderAvatarUrl: null,
    body: `hello ${seq}`,
    image: null,
    clientId: null,
    createdAt: new Date(Date.parse('2026-05-20T12:00:00.000Z') + seq * 1000).toISOString(),
    deleted: false,
    seq,
    ...overrides,
  };
}
function chat(id: string, overrides: Partial<ChatSummary> = {}): ChatSummary {
  return {
    id,
    kind: 'direct',
    title: id,
    avatarUrl: null,
    lastMessage: null,
    lastMessageAt: null,
    lastSenderId: null,
    unreadCount: 0,
    other: null,
    eventId: null,
    bookingId: null,
    ...overrides,
  };
}
function setup() {
  const client = new QueryClient();
  client.setQueryData<ListData>(messagingKeys.chats(), {
    pages: [{ items: [chat('c0'), chat('c1')], nextCursor: null }],
    pageParams: [null],
  });
  client.setQueryData<PagesData>(messagingKeys.messages('c1'), {
    pages: [{ items: [], nextCursor: null }],
    pageParams: [null],
  });
  const list = () => client.getQueryData<ListData>(messagingKeys.chats())?.pages[0]?.items ?? [];
  const history = () =>
    client.getQueryData<PagesData>(messagingKeys.messages('c1'))?.pages[0]?.items ?? [];
  return { client, list, history };
}

describe('live messages in the caches', () => {
  it('a message from someone else goes into the history, raises the unread count once and moves the chat up', () => {
    const { client, list, history } = setup();
    const incoming = message();
    const options = { myId: 'me', isLooking: () => false };
    applyMessageEvents(client, [{ op: 'INSERT', message: incoming }], options);
    // A replay after a reconnect changes nothing.
    applyMessageEvents(client, [{ op: 'INSERT', message: incoming }], options);
    expect(history().map((m) => m.id)).toEqual([incoming.id]);
    expect(list().map((c) => c.id)).toEqual(['c1', 'c0']);
    expect(list()[0]).toMatchObject({ unreadCount: 1, lastMessage: incoming.body });
    clearUnread(client, 'c1');
    expect(list()[0]?.unreadCount).toBe(0);
  });

  it('no unread count while the chat is being looked at, nor for my own sends', () => {
    const { client, list } = setup();
    applyMessageEvents(client, [{ op: 'INSERT', message: message() }], {
      myId: 'me',
      isLooking: (id) => id === 'c1',
    });
    applySent(client, message({ senderId: 'me', clientId: 'x' }), 'me');
    expect(list()[0]?.unreadCount).toBe(0);
    expect(list()[0]?.lastSenderId).toBe('me');
  });

  it('a removed message is shown as removed in the history', () => {
    const { client, history } = setup();
    const sent = message();
    applyMessageEvents(client, [{ op: 'INSERT', message: sent }], {
      myId: 'me',
      isLooking: () => true,
    });
    applyMessageEvents(
      client,
      [{ op: 'UPDATE', message: { ...sent, body: '', deleted: true, seq: sent.seq + 1 } }],
      { myId: 'me', isLooking: () => true },
    );
    expect(history()[0]).toMatchObject({ id: sent.id, deleted: true });
    expect(previewOf(history()[0] as Message)).toBe('Message removed');
  });
});

describe('composer and typing helpers', () => {
  it('refuses images that are not pictures or larger than 8 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageProblem({ type: 'application/pdf', size: 1000 })).toMatch(/JPEG, PNG/);
    expect(imageProblem({ type: 'image/jpeg', size: 8 * 1024 * 1024 + 1 })).toBe(
      'Images can be at most 8 MB',
    );
  });

  it('says who is typing', () => {
    expect(typingText([])).toBeNull();
    expect(typingText(['Ann'])).toBe('Ann is typing…');
    expect(typingText(['Ann', 'Bo'])).toBe('Ann and Bo are typing…');
    expect(typingText(['Ann', 'Bo', 'Cy'])).toBe('Several people are typing…');
  });
});
