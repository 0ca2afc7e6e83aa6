// Query keys of the messaging caches, in one place: the socket, the mutations and the screens
// must agree on them.

export const messagingKeys = {
  all: ['messaging'] as const,
  chats: () => ['messaging', 'chats'] as const,
  chat: (chatId: string) => ['messaging', 'chat', chatId] as const,
  messages: (chatId: string) => ['messaging', 'messages', chatId] as const,
  /** POST /api/chats/open for a chat id or a person's id (`/messages?chat=`). */
  open: (ref: string) => ['messaging', 'open', ref] as const,
  eventChat: (eventId: string) => ['messaging', 'event-chat', eventId] as const,
  /** POST /api/events/:id/chat/join: entering the event's chat. */
  eventChatJoin: (eventId: string) => ['messaging', 'event-chat', eventId, 'join'] as const,
  blocks: () => ['messaging', 'blocks'] as const,
};
