import { describe, expect, it } from 'vitest';
import { canModerate, eventChatAccess, mayEnter, type EventChatFacts } from './messaging.policy';

const none: EventChatFacts = {
  ownerId: 'owner',
  hasTicket: false,
  participantRole: null,
  canAccessChat: null,
};
const person = (id: string, roles: string[] = []) => ({ id, roles });

describe('event group chat access', () => {
  it('names each way in, and each way out', () => {
    expect(eventChatAccess(none, null)).toBe('signed_out');
    expect(eventChatAccess(none, person('owner'))).toBe('organizer');
    expect(eventChatAccess({ ...none, hasTicket: true }, person('ana'))).toBe('ticket_holder');
    expect(
      eventChatAccess({ ...none, participantRole: 'vendor', canAccessChat: true }, person('dj')),
    ).toBe('vendor');
    expect(
      eventChatAccess({ ...none, participantRole: 'vendor', canAccessChat: false }, person('dj')),
    ).toBe('vendor_fee_due');
    expect(eventChatAccess(none, person('root', ['admin']))).toBe('admin');
    expect(eventChatAccess(none, person('ana'))).toBe('needs_ticket');
  });

  it('lets a vendor with a fee due in once they also hold a ticket', () => {
    const facts = { ...none, hasTicket: true, participantRole: 'vendor', canAccessChat: false };
    expect(eventChatAccess(facts, person('dj'))).toBe('ticket_holder');
  });

  it('admits only the member kinds', () => {
    expect(
      ['organizer', 'ticket_holder', 'vendor', 'admin'].every((a) => mayEnter(a as never)),
    ).toBe(true);
    expect(['needs_ticket', 'vendor_fee_due', 'signed_out'].some((a) => mayEnter(a as never))).toBe(
      false,
    );
  });
});

describe('chat moderation', () => {
  const group = { isGroup: true, eventOwnerId: 'owner' };

  it("lets a group chat's organizer and admins moderate, and no one else", () => {
    expect(canModerate(group, person('owner'))).toBe(true);
    expect(canModerate(group, person('root', ['admin']))).toBe(true);
    expect(canModerate(group, person('ana'))).toBe(false);
    expect(canModerate(group, person('mod', ['moderator']))).toBe(false);
  });

  it('gives no one moderation of a direct chat, admins included', () => {
    const direct = { isGroup: false, eventOwnerId: null };
    expect(canModerate(direct, person('root', ['admin']))).toBe(false);
    expect(canModerate({ ...direct, eventOwnerId: 'owner' }, person('owner'))).toBe(false);
  });
});
