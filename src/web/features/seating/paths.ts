import { msg } from '@lingui/core/macro';

const enc = encodeURIComponent;

/** The organizer's Seating tab of an event: which plan it sells on, categories as ticket types. */
export const eventSeatingPath = (eventId: string) => `/event/${enc(eventId)}/seating`;

/** The buyer's seat picker of an event. */
export const chooseSeatsPath = (eventId: string) => `/event/${enc(eventId)}/seats`;

/** The plan designer: a new plan, or one of the organizer's plans. */
export const planDesignerPath = (planId?: string, eventId?: string) =>
  `/seating/plans/${planId ? enc(planId) : 'new'}${eventId ? `?event=${enc(eventId)}` : ''}`;

/** The organizer's ticketing tab that leads to the event's seating. */
export const SEATING_TAB = msg`Seating`;

/** The organizer's seat exchange for one sold ticket (its current seat in the query). */
export const seatMovePath = (eventId: string, ticketId: string, seat: string) =>
  `/event/${enc(eventId)}/seats/move/${enc(ticketId)}?seat=${enc(seat)}`;

/** The organizer's tickets page of an event, open on its attendee list. */
export const eventTicketsPath = (eventId: string) => `/event/${enc(eventId)}/tickets?tab=attendees`;
