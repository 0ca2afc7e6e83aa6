import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SUPPORT_TOPICS } from '../../../contracts/content';

/** The contact form's topics (stored as codes), named in the page's language. */
export const TOPIC_LABELS: Record<(typeof SUPPORT_TOPICS)[number], MessageDescriptor> = {
  general: msg`General question`,
  tickets: msg`Tickets`,
  payments: msg`Payments and refunds`,
  account: msg`My account`,
  vendors: msg`Vendors`,
  organizers: msg`Organizing events`,
  other: msg`Something else`,
};
