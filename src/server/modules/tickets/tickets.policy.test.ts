import { describe, expect, it } from 'vitest';
import { attendeeVisibilityFor, managesAttendees } from './tickets.policy';

const event = { userId: 'owner', attendeeVisibility: 'hidden' as 'hidden' | 'count' | 'list' };
const person = (id: string, roles: ('admin' | 'moderator' | 'blog_admin')[] = []) => ({
  id,
  roles,
});

describe('attendee list access', () => {
  it("lets the event's organizer and admins manage attendees, no one else", () => {
    expect(managesAttendees(person('owner'), event)).toBe(true);
    expect(managesAttendees(person('root', ['admin']), event)).toBe(true);
    expect(managesAttendees(person('ana'), event)).toBe(false);
    expect(managesAttendees(person('mod', ['moderator']), event)).toBe(false);
    expect(managesAttendees(null, event)).toBe(false);
  });

  it("shows managers the whole list and everyone else the organizer's setting", () => {
    expect(attendeeVisibilityFor(person('owner'), event)).toBe('list');
    expect(attendeeVisibilityFor(person('root', ['admin']), event)).toBe('list');
    expect(attendeeVisibilityFor(person('ana'), event)).toBe('hidden');
    expect(attendeeVisibilityFor(undefined, { ...event, attendeeVisibility: 'count' })).toBe(
      'count',
    );
  });
});
