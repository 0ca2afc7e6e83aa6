import { describe, expect, it } from 'vitest';
import { nextActionLink } from './next-actions';

const EVENT = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('the host dashboard next actions', () => {
  it('sends a draft to its edit page, where Publish is', () => {
    expect(
      nextActionLink({ kind: 'publish_draft', eventId: EVENT, eventTitle: 'Gala', count: 1 }),
    ).toEqual({
      label: 'Publish your draft',
      detail: 'Gala is saved as a draft: only you can see it.',
      to: `/edit-event/${EVENT}`,
    });
  });

  it('sends an event without tickets to its ticket types', () => {
    expect(
      nextActionLink({ kind: 'add_ticket_type', eventId: EVENT, eventTitle: 'Gala', count: 1 }),
    ).toMatchObject({ label: 'Add a ticket type', to: `/event/${EVENT}/tickets` });
  });

  it('counts the vendor applications and opens the event with the most', () => {
    expect(
      nextActionLink({
        kind: 'answer_vendor_applications',
        eventId: EVENT,
        eventTitle: 'Gala',
        count: 3,
      }),
    ).toMatchObject({ label: 'Answer 3 vendor applications', to: `/vendor_requests/${EVENT}` });
    expect(
      nextActionLink({
        kind: 'answer_vendor_applications',
        eventId: EVENT,
        eventTitle: 'Gala',
        count: 1,
      }).label,
    ).toBe('Answer 1 vendor application');
  });

  it('sends unread messages to the inbox and a new host to the event form', () => {
    expect(
      nextActionLink({ kind: 'reply_to_messages', eventId: null, eventTitle: null, count: 2 }),
    ).toMatchObject({ label: 'Reply to 2 unread messages', to: '/messages' });
    expect(
      nextActionLink({ kind: 'create_event', eventId: null, eventTitle: null, count: 1 }),
    ).toMatchObject({ label: 'Create your first event', to: '/create-event' });
  });
});
