import type {
  ChatDetail,
  ChatSummary,
  EventChatStatus,
  Message,
  SendMessageInput,
} from '../../../contracts/messaging';
import { apiGet, apiPost, apiRequest } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';
import { messagingKeys } from './keys';
import type { MessagePage } from './thread';

// One place per endpoint of issue #8 (docs/decisions/011-messaging-in-the-browser.md). Type-only
// contract imports: the event page's "Group chat" link uses this file too.

const enc = encodeURIComponent;

export interface ChatList {
  items: ChatSummary[];
  nextCursor: string | null;
}
export interface UploadedImage {
  imageKey: string;
  url: string;
  width: number;
  height: number;
}

const cursorPath = (path: string, name: string, cursor: string | null, limit?: number) => {
  const params = new URLSearchParams();
  if (limit) params.set('limit', String(limit));
  if (cursor) params.set(name, cursor);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};

/**
 * GET /api/chats, most recent conversation first, one page per `nextCursor` (useInfiniteQuery;
 * a plain object, see decision 008 on `infiniteQueryOptions()` and the bundler).
 */
export const chatListQuery = () => ({
  queryKey: messagingKeys.chats(),
  queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
    apiGet<ChatList>(cursorPath('/api/chats', 'cursor', pageParam), { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last: ChatList) => last.nextCursor,
  // Live changes arrive through the socket; a revisit refetches.
  staleTime: 2000,
});

/** GET /api/chats/:id/messages, newest first; each next page is older. */
export const messagePagesQuery = (chatId: string) => ({
  queryKey: messagingKeys.messages(chatId),
  queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
    apiGet<MessagePage>(cursorPath(`/api/chats/${enc(chatId)}/messages`, 'before', pageParam), {
      signal,
    }),
  initialPageParam: null as string | null,
  getNextPageParam: (last: MessagePage) => last.nextCursor,
  staleTime: 2000,
});

/** GET /api/chats/:id: participants with their read marks, pinned message, moderation rights. */
export const chatQuery = (chatId: string) => ({
  queryKey: messagingKeys.chat(chatId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet<ChatDetail>(`/api/chats/${enc(chatId)}`, { signal }),
  staleTime: 2000,
});

/**
 * POST /api/chats/open: the chat with this id, or the one direct chat with this person (created
 * on first use; the server keeps one per pair). Safe to repeat, so it is a query.
 */
export const openChatQuery = (ref: string) => ({
  queryKey: messagingKeys.open(ref),
  queryFn: () => apiPost<ChatDetail>('/api/chats/open', { ref }),
  staleTime: Infinity,
  retry: false,
});

/** GET /api/events/:eventId/chat: may this person enter the event's group chat, and if not, why. */
export const eventChatStatusQuery = (eventId: string) => ({
  queryKey: messagingKeys.eventChat(eventId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet<EventChatStatus>(`/api/events/${enc(eventId)}/chat`, { signal }),
  staleTime: 30_000,
});

/** The organizer, ticket holders, vendors with access and admins may enter (entering joins). */
export const mayEnterEventChat = (access: EventChatStatus['access']) =>
  access === 'organizer' || access === 'ticket_holder' || access === 'vendor' || access === 'admin';

export const joinEventChat = (eventId: string) =>
  apiPost<ChatDetail>(`/api/events/${enc(eventId)}/chat/join`);

export const sendMessage = (chatId: string, input: SendMessageInput) =>
  apiPost<Message>(`/api/chats/${enc(chatId)}/messages`, input);

export const uploadChatImage = (chatId: string, file: File) =>
  uploadFile<UploadedImage>(`/api/chats/${enc(chatId)}/attachments`, 'image', file);

export const markChatRead = (chatId: string) =>
  apiPost<{ readAt: string }>(`/api/chats/${enc(chatId)}/read`);

export const sendTyping = (chatId: string) =>
  apiPost<undefined>(`/api/chats/${enc(chatId)}/typing`);

export const deleteMessage = (chatId: string, messageId: string) =>
  apiRequest<Message>(`/api/chats/${enc(chatId)}/messages/${enc(messageId)}`, {
    method: 'DELETE',
  });

export const pinMessage = (chatId: string, messageId: string | null) =>
  apiRequest<ChatDetail>(`/api/chats/${enc(chatId)}/pin`, { method: 'PUT', body: { messageId } });

export const blockPerson = (userId: string) =>
  apiRequest<undefined>(`/api/blocks/${enc(userId)}`, { method: 'PUT' });

export const unblockPerson = (userId: string) =>
  apiRequest<undefined>(`/api/blocks/${enc(userId)}`, { method: 'DELETE' });
