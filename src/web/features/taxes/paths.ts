import { msg } from '@lingui/core/macro';

/** The organizer's ticketing tab that leads to the event's taxes. */
export const TAXES_TAB = msg`Taxes`;

export const eventTaxesPath = (eventId: string) => `/event/${encodeURIComponent(eventId)}/taxes`;
