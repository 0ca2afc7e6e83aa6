import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  PROMO_ACCOUNT_TYPES,
  PromoPlacement,
  PromoStatus,
} from '../../../contracts/promotions';

// Placements are stored as codes (PROMO_PLACEMENTS); the pages name them in the page's language.
export const PLACEMENT_LABELS: Record<PromoPlacement, MessageDescriptor> = {
  home_billboard: msg`Home billboard`,
  events_list: msg`Events list`,
  search_results: msg`Search results`,
  event_sidebar: msg`Event page sidebar`,
};

export const STATUS_LABELS: Record<PromoStatus, MessageDescriptor> = {
  awaiting_payment: msg`Awaiting payment`,
  in_review: msg`In review`,
  live: msg`Live`,
  paused: msg`Paused`,
  rejected: msg`Rejected`,
  ended: msg`Ended`,
};

export const ACCOUNT_TYPE_LABELS: Record<(typeof PROMO_ACCOUNT_TYPES)[number], MessageDescriptor> =
  {
    attendee: msg`Attendee`,
    organizer: msg`Organizer`,
    vendor: msg`Vendor`,
    venue: msg`Venue`,
  };
