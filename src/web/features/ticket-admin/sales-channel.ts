import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BoxOfficeMethod } from '../../../contracts/box-office';

/** How a sale at the door was paid, as the organizer's order and attendee lists mark it. */
export const BOX_OFFICE_LABELS: Record<BoxOfficeMethod, MessageDescriptor> = {
  cash: msg`Box office · cash`,
  card: msg`Box office · card`,
  complimentary: msg`Box office · complimentary`,
};
