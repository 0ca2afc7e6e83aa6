import { msg } from '@lingui/core/macro';
import { SOURCE_LOCALE, type Locale } from '../../../contracts/locales';
import { translate } from '../../platform/i18n/translate';

/**
 * The words of notifications that a SQL statement writes itself (messaging's send writes its
 * notifications in the same statement as the messages). TypeScript and SQL take them from here:
 * `sqlCopy` (in notifications.queries.ts) turns one of these functions into a SQL expression
 * whose fixed text travels as parameters, so the wording cannot drift between the two. Each
 * function writes in a language (English unless told); given the recipient's language column,
 * sqlCopy writes every language's version and picks the recipient's.
 */
export const notificationCopy = {
  /** Whose name a message shows once their account is gone. */
  deletedAccount: 'Deleted account',
  message: {
    title: (p: { sender: string }, locale: Locale = SOURCE_LOCALE) => {
      const sender = p.sender;
      return translate(locale, msg`New message from ${sender}`);
    },
    message: (p: { preview: string }) => p.preview,
  },
  eventChatMessage: {
    title: (p: { event: string }, locale: Locale = SOURCE_LOCALE) => {
      const event = p.event;
      return translate(locale, msg`New messages in ${event}`);
    },
    /** An event chat without an event title (never expected; the chat keeps a name). */
    unnamedChat: 'your group chat',
    message: (p: { sender: string; preview: string }) => `${p.sender}: ${p.preview}`,
  },
};
