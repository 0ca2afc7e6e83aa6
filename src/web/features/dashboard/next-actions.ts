import { i18n as activeI18n, type I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { NextAction } from '../../../contracts/dashboard';
import { paths } from '../../lib/paths';

export interface NextActionLink {
  label: string;
  /** Which event, or why it matters. */
  detail: string;
  to: string;
}

/**
 * What each next action says and where it leads (the server says what; the web says how), in
 * the language of the `i18n` given: a component passes its own, so it re-renders on a switch.
 */
export function nextActionLink(action: NextAction, i18n: I18n = activeI18n): NextActionLink {
  const event = action.eventTitle ?? '';
  const count = action.count;
  switch (action.kind) {
    case 'create_event':
      return {
        label: i18n._(msg`Create your first event`),
        detail: i18n._(msg`Publish it and start selling tickets.`),
        to: paths.createEvent(),
      };
    case 'publish_draft':
      return {
        label: i18n._(msg`Publish your draft`),
        detail: i18n._(msg`${event} is saved as a draft: only you can see it.`),
        to: action.eventId ? paths.editEvent(action.eventId) : paths.myEvents(),
      };
    case 'add_ticket_type':
      return {
        label: i18n._(msg`Add a ticket type`),
        detail: i18n._(msg`${event} has no tickets on sale yet.`),
        to: action.eventId ? paths.eventTickets(action.eventId) : paths.myEvents(),
      };
    case 'answer_vendor_applications':
      return {
        label: i18n._(
          msg`Answer ${plural(count, { one: '# vendor application', other: '# vendor applications' })}`,
        ),
        detail: event
          ? i18n._(msg`Vendors are waiting for your answer, starting with ${event}.`)
          : i18n._(msg`Vendors are waiting for your answer.`),
        to: action.eventId
          ? `/vendor_requests/${encodeURIComponent(action.eventId)}`
          : paths.myEvents(),
      };
    case 'reply_to_messages':
      return {
        label: i18n._(
          msg`Reply to ${plural(count, { one: '# unread message', other: '# unread messages' })}`,
        ),
        detail: i18n._(msg`People are asking about your events.`),
        to: paths.messages(),
      };
  }
}
