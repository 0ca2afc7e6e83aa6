import { msg } from '@lingui/core/macro';

/** The organizer's ticketing tab that leads to the questions builder. */
export const QUESTIONS_TAB = msg`Questions`;
