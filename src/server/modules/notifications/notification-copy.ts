import { sql, type SQL } from 'drizzle-orm';

/**
 * The words of notifications that a SQL statement writes itself (messaging's send writes its
 * notifications in the same statement as the messages). TypeScript and SQL take them from here:
 * `sqlCopy` turns one of these functions into a SQL expression whose fixed text travels as
 * parameters, so the wording cannot drift between the two.
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

// Characters no copy contains, marking where each value goes while the text is split.
const MARK = '\u{F0000}';

/**
 * The copy function as a SQL text expression: its fixed parts as parameters, each `{value}` the
 * given SQL expression (which must not be null; coalesce it first).
 */
export function sqlCopy<K extends string>(
  copy: (p: Record<K, string>) => string,
  values: Record<K, SQL>,
): SQL {
  const keys = Object.keys(values) as K[];
  const marks = Object.fromEntries(keys.map((key, i) => [key, `${MARK}${i}${MARK}`])) as Record<
    K,
    string
  >;
  const parts = copy(marks).split(MARK);
  // split gives text, index, text, index, …, text.
  const pieces: SQL[] = parts.map((part, i) => {
    if (i % 2 === 0) return sql`${part}::text`;
    const key = keys[Number(part)];
    if (key === undefined) throw new Error(`copy placeholder ${part} has no value`);
    return sql`(${values[key]})::text`;
  });
  return sql`(${sql.join(pieces, sql` || `)})`;
}
