import { isAdmin } from '../../platform/auth/guards';
import type { AuthUser } from '../../platform/auth/sessions';

type Actor = Pick<AuthUser, 'id' | 'roles'> | null | undefined;

/** The event's organizer and admins manage its attendees (see everyone, whatever the setting). */
export const managesAttendees = (actor: Actor, event: { userId: string }) =>
  Boolean(actor && (actor.id === event.userId || isAdmin(actor)));

/**
 * How much of an event's attendee list this person sees: managers the whole list, everyone
 * else what the organizer chose (`attendeeVisibility`).
 */
export const attendeeVisibilityFor = <V extends string>(
  actor: Actor,
  event: { userId: string; attendeeVisibility: V },
): V | 'list' => (managesAttendees(actor, event) ? 'list' : event.attendeeVisibility);
