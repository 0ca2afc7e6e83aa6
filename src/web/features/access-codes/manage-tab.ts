import { msg } from '@lingui/core/macro';

/** The organizer's ticketing tab that leads to the access codes. */
export const ACCESS_CODES_TAB = msg`Access codes`;
