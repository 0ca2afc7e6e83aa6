import { msg } from '@lingui/core/macro';

const enc = encodeURIComponent;

/** A place on a waiting list, by the link mailed to its holder. */
export const placePath = (token: string) => `/waitlist/${enc(token)}`;

/** The organizer's waiting list of an event. */
export const eventWaitlistPath = (eventId: string) => `/event/${enc(eventId)}/waitlist`;

/** The organizer's ticketing tab that leads to the waiting list. */
export const WAITLIST_TAB = msg`Waiting list`;
