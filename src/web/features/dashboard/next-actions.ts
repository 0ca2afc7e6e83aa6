import type { NextAction } from '../../../contracts/dashboard';
import { paths } from '../../lib/paths';

export interface NextActionLink {
  label: string;
  /** Which event, or why it matters. */
  detail: string;
  to: string;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** What each next action says and where it leads (the server says what; the web says how). */
export function nextActionLink(action: NextAction): NextActionLink {
  const event = action.eventTitle ?? '';
  switch (action.kind) {
    case 'create_event':
      return {
        label: 'Create your first event',
        detail: 'Publish it and start selling tickets.',
        to: paths.createEvent(),
      };
    case 'publish_draft':
      return {
        label: 'Publish your draft',
        detail: `${event} is saved as a draft: only you can see it.`,
        to: action.eventId ? paths.editEvent(action.eventId) : paths.myEvents(),
      };
    case 'add_ticket_type':
      return {
        label: 'Add a ticket type',
        detail: `${event} has no tickets on sale yet.`,
        to: action.eventId ? paths.eventTickets(action.eventId) : paths.myEvents(),
      };
    case 'answer_vendor_applications':
      return {
        label: `Answer ${plural(action.count, 'vendor application')}`,
        detail: `Vendors are waiting for your answer${event ? `, starting with ${event}` : ''}.`,
        to: action.eventId
          ? `/vendor_requests/${encodeURIComponent(action.eventId)}`
          : paths.myEvents(),
      };
    case 'reply_to_messages':
      return {
        label: `Reply to ${plural(action.count, 'unread message')}`,
        detail: 'People are asking about your events.',
        to: paths.messages(),
      };
  }
}
