import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ChatDetail, ChatSummary, Message } from '../../../contracts/messaging';
import type { RealtimeOp } from '../../../contracts/realtime';
import type { ChatList } from './api';
import { messagingKeys } from './keys';
import { upsertMessage, type MessagePage } from './thread';

// The query cache is the messaging state (as for notifications, decision 008): the socket's
// frames and the mutations' answers go into the cached pages, list and details through here.

export type ListData = InfiniteData<ChatList, string | null>;
export type PagesData = InfiniteData<MessagePage, string | null>;

/** What the conversation list shows for a message. */
export function previewOf(message: Pick<Message, 'body' | 'image' | 'deleted'>): string {
  if (message.deleted) return 'Message removed';
  if (message.body.trim()) return message.body;
  return message.image ? 'Photo' : '';
}

/** Puts a message into the chat's cached history (if loaded). */
export function putMessage(queryClient: QueryClient, message: Message): void {
  queryClient.setQueryData<PagesData>(messagingKeys.messages(message.chatId), (data) => {
    if (!data) return data;
    const pages = upsertMessage(data.pages, message);
    return pages === data.pages ? data : { ...data, pages };
  });
}

/**
 * A new message in the conversation list: the chat's preview and time, its unread count raised
 * when someone else wrote it and the chat is not being looked at, and the chat moved to the top.
 * Returns false when the list does not hold the chat (the caller refetches the list).
 */
function putInList(
  queryClient: QueryClient,
  message: Message,
  { myId, isLooking }: { myId: string; isLooking: boolean },
): boolean {
  const data = queryClient.getQueryData<ListData>(messagingKeys.chats());
  if (!data) return true;
  const found = data.pages.flatMap((p) => p.items).find((c) => c.id === message.chatId);
  if (!found) return false;
  if (found.lastMessageAt && Date.parse(found.lastMessageAt) > Date.parse(message.createdAt))
    return true;
  const isOthers = message.senderId !== myId;
  const updated: ChatSummary = {
    ...found,
    lastMessage: previewOf(message),
    lastMessageAt: message.createdAt,
    lastSenderId: message.senderId,
    unreadCount: isOthers && !isLooking ? found.unreadCount + 1 : isOthers ? 0 : found.unreadCount,
  };
  const pages = data.pages.map((page, index) => {
    const items = page.items.filter((c) => c.id !== message.chatId);
    return { ...page, items: index === 0 ? [updated, ...items] : items };
  });
  queryClient.setQueryData<ListData>(messagingKeys.chats(), { ...data, pages });
  return true;
}

// Ids of inserts already counted, so a replay after a reconnect does not count them twice.
const counted = new Set<string>();
const COUNTED_MAX = 2000;

/** Applies the socket's `messages` frame. `isLooking(chatId)`: that chat is open and visible. */
export function applyMessageEvents(
  queryClient: QueryClient,
  events: readonly { op: RealtimeOp; message: Message }[],
  { myId, isLooking }: { myId: string; isLooking: (chatId: string) => boolean },
): void {
  let isListStale = false;
  for (const { op, message } of events) {
    putMessage(queryClient, message);
    if (op === 'INSERT') {
      if (counted.has(message.id)) continue;
      counted.add(message.id);
      if (counted.size > COUNTED_MAX) counted.delete(counted.values().next().value as string);
      if (!putInList(queryClient, message, { myId, isLooking: isLooking(message.chatId) }))
        isListStale = true;
    } else {
      // An edit or removal may change a preview: the list asks the server.
      isListStale = true;
      const detail = queryClient.getQueryData<ChatDetail>(messagingKeys.chat(message.chatId));
      if (detail?.pinned?.id === message.id)
        void queryClient.invalidateQueries({ queryKey: messagingKeys.chat(message.chatId) });
    }
  }
  if (isListStale) void queryClient.invalidateQueries({ queryKey: messagingKeys.chats() });
}

/** Our own sent message (the POST's answer), into the history and the list. */
export function applySent(queryClient: QueryClient, message: Message, myId: string): void {
  applyMessageEvents(queryClient, [{ op: 'INSERT', message }], { myId, isLooking: () => true });
}

/** The chat was marked read: no unread messages in the list. */
export function clearUnread(queryClient: QueryClient, chatId: string): void {
  queryClient.setQueryData<ListData>(messagingKeys.chats(), (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => ({
      ...page,
      items: page.items.map((chat) => {
        if (chat.id !== chatId || chat.unreadCount === 0) return chat;
        changed = true;
        return { ...chat, unreadCount: 0 };
      }),
    }));
    return changed ? { ...data, pages } : data;
  });
}

/** A participant's read mark moved (a `read` signal, or our own read). */
export function setReadMark(
  queryClient: QueryClient,
  chatId: string,
  userId: string,
  readAt: string,
): void {
  const update = (detail: ChatDetail | undefined) => {
    if (!detail) return detail;
    let changed = false;
    const participants = detail.participants.map((p) => {
      if (p.id !== userId || (p.lastReadAt && Date.parse(p.lastReadAt) >= Date.parse(readAt)))
        return p;
      changed = true;
      return { ...p, lastReadAt: readAt };
    });
    return changed ? { ...detail, participants } : detail;
  };
  queryClient.setQueryData<ChatDetail>(messagingKeys.chat(chatId), update);
}
