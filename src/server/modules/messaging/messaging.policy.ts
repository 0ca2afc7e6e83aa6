import type { EventChatAccess } from '../../../contracts/messaging';

export interface EventChatFacts {
  ownerId: string;
  hasTicket: boolean;
  participantRole: string | null;
  canAccessChat: boolean | null;
}

/**
 * Who may enter an event's group chat: the organizer, ticket holders, vendors whose
 * event_participants row grants chat access (a vendor with a fee due is told to pay it), and
 * admins (moderation). Everyone else is told to get a ticket.
 */
export function eventChatAccess(
  facts: EventChatFacts,
  user: { id: string; roles: readonly string[] } | null,
): EventChatAccess {
  if (!user) return 'signed_out';
  if (facts.ownerId === user.id) return 'organizer';
  if (facts.canAccessChat) return facts.participantRole === 'vendor' ? 'vendor' : 'ticket_holder';
  if (facts.hasTicket) return 'ticket_holder';
  if (facts.participantRole === 'vendor') return 'vendor_fee_due';
  if (user.roles.includes('admin')) return 'admin';
  return 'needs_ticket';
}

export const mayEnter = (access: EventChatAccess) =>
  access === 'organizer' || access === 'ticket_holder' || access === 'vendor' || access === 'admin';

/** Who moderates a chat (pin, delete others' messages): a group chat's event organizer, or an admin. */
export const canModerate = (
  chat: { isGroup: boolean; eventOwnerId: string | null },
  user: { id: string; roles: readonly string[] },
) => chat.isGroup && (chat.eventOwnerId === user.id || user.roles.includes('admin'));
