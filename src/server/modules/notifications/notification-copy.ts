/**
 * The words of notifications that a SQL statement writes itself (messaging's send writes its
 * notifications in the same statement as the messages). TypeScript and SQL take them from here:
 * `sqlCopy` (in notifications.queries.ts) turns one of these functions into a SQL expression
 * whose fixed text travels as parameters, so the wording cannot drift between the two.
 */
export const notificationCopy = {
  /** Whose name a message shows once their account is gone. */
  deletedAccount: 'Deleted account',
  message: {
    title: (p: { sender: string }) => `New message from ${p.sender}`,
    message: (p: { preview: string }) => p.preview,
  },
  eventChatMessage: {
    title: (p: { event: string }) => `New messages in ${p.event}`,
    /** An event chat without an event title (never expected; the chat keeps a name). */
    unnamedChat: 'your group chat',
    message: (p: { sender: string; preview: string }) => `${p.sender}: ${p.preview}`,
  },
};
