// The messaging pages of spec §2. Kept out of lib/paths.ts so they stay off the first load.

const q = encodeURIComponent;

export const chatPaths = {
  /** `/messages`, or `/messages?chat={chat or person id}&name={their name}` (spec §2). */
  messages: (chatOrUserId?: string, name?: string) =>
    chatOrUserId
      ? `/messages?chat=${q(chatOrUserId)}${name ? `&name=${q(name)}` : ''}`
      : '/messages',
  /** spec §2 `event-group-chat?event={id}`. */
  eventGroupChat: (eventId: string) => `/event-group-chat?event=${q(eventId)}`,
};
