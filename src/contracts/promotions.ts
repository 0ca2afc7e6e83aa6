import { z } from 'zod';

// Issue 24 "Ads and the home billboard". Served content uses neutral names ("promotions",
// "sponsored") in URLs and classes: content blockers hide anything called ad, ads or banner.

export const PROMO_PLACEMENTS = [
  'home_billboard',
  'events_list',
  'search_results',
  'event_sidebar',
] as const;
export type PromoPlacement = (typeof PROMO_PLACEMENTS)[number];
export const PROMO_PLACEMENT_LABELS: Record<PromoPlacement, string> = {
  home_billboard: 'Home billboard',
  events_list: 'Events list',
  search_results: 'Search results',
  event_sidebar: 'Event page sidebar',
};

export const PROMO_PRICING = ['cpm', 'cpc'] as const;
export type PromoPricing = (typeof PROMO_PRICING)[number];

export const PROMO_STATUSES = [
  'awaiting_payment',
  'in_review',
  'live',
  'paused',
  'rejected',
  'ended',
] as const;
export type PromoStatus = (typeof PROMO_STATUSES)[number];

export const PROMO_ACCOUNT_TYPES = ['attendee', 'organizer', 'vendor', 'venue'] as const;
