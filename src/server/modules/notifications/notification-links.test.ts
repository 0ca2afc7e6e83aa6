import { describe, expect, it } from 'vitest';
import { notificationLink } from './notification-links';

const chatId = '6f1c1f3e-8d7a-4c55-9a41-1c9d2b7e4f10';
const eventId = '0b4f6a3c-2e1d-4f9a-8c7b-5d6e7f8a9b0c';

describe('notificationLink for group chats and vendors', () => {
  it("opens an event's group chat on the event chat page", () => {
    expect(
      notificationLink({
        type: 'event_chat_message',
        relatedId: chatId,
        relatedType: 'messages',
        metadata: { chat_id: chatId, event_id: eventId },
      }),
    ).toBe(`/event-group-chat?event=${eventId}`);
  });

  it('opens a group chat of no event (a ride’s) in the messages page', () => {
    expect(
      notificationLink({
        type: 'event_chat_message',
        relatedId: chatId,
        relatedType: 'messages',
        metadata: { chat_id: chatId, event_id: null },
      }),
    ).toBe(`/messages?chat=${chatId}`);
  });

  it('opens the map of the vendors for vendor_location_sharing', () => {
    expect(
      notificationLink({
        type: 'vendor_location_sharing',
        relatedId: eventId,
        relatedType: null,
        metadata: { event_id: eventId },
      }),
    ).toBe(`/event/${eventId}/vendor-locations`);
  });

  it("opens a waiting-list offer's place, whichever type wrote it", () => {
    for (const type of ['waitlist_offer', 'ticket_purchase'])
      expect(
        notificationLink({
          type,
          relatedId: eventId,
          relatedType: 'events',
          metadata: { waitlist_url: '/waitlist/abc.def' },
        }),
      ).toBe('/waitlist/abc.def');
  });
});
