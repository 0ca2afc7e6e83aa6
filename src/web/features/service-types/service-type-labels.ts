import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ORGANIZER_SPECIALTIES, VENUE_TYPES } from '../../../contracts/enums';
import { VENDOR_MESSAGES, type VendorServiceType } from '../../../contracts/vendor-vocabulary';

// The vendor service types are fixed values the API stores and filters on (in English); only the
// label a person reads is translated, here once for every feature that shows one (the vendor
// pages, sign-up, the home page's services strip), in this folder's own small catalog. A vendor
// without a type shows the contract's default, "Vendor".
export const SERVICE_TYPE_LABELS: Record<VendorServiceType, MessageDescriptor> = {
  DJ: msg`DJ`,
  'Host/MC': msg`Host/MC`,
  Host: msg`Host`,
  Speaker: msg`Speaker`,
  Caterer: msg`Caterer`,
  Promoter: msg`Promoter`,
  'Mixologist/Bartender': msg`Mixologist/Bartender`,
  Photographer: msg`Photographer`,
  Videographer: msg`Videographer`,
  'Tent Rental': msg`Tent Rental`,
  'Table Rental': msg`Table Rental`,
  'Chair Rental': msg`Chair Rental`,
  'Food Truck': msg`Food Truck`,
  'Lighting Equipment': msg`Lighting Equipment`,
  'Sound Equipment': msg`Sound Equipment`,
  'Event Rental Equipment': msg`Event Rental Equipment`,
  Florist: msg`Florist`,
  'Wedding Planner': msg`Wedding Planner`,
  'Event Planner': msg`Event Planner`,
  'Event Decorator': msg`Event Decorator`,
  'Security Services': msg`Security Services`,
  'Transportation Services': msg`Transportation Services`,
  'Live Band': msg`Live Band`,
  Entertainment: msg`Entertainment`,
  'Makeup Artist': msg`Makeup Artist`,
  'Hair Stylist': msg`Hair Stylist`,
  'Photo Booth': msg`Photo Booth`,
  'Event Coordinator': msg`Event Coordinator`,
  Musicians: msg`Musicians`,
  'Sound/Light Techs': msg`Sound/Light Techs`,
  Artist: msg`Artist`,
  Other: msg`Other`,
};

const DEFAULT_CATEGORY = msg`Vendor`;

// Organizers' specialties and venues' types: the category the directories list and filter on,
// stored in English like the service types. Sign-up keeps its own copy in its catalog, so the
// sign-up page downloads no other feature's messages.
const ORGANIZER_SPECIALTY_LABELS: Record<
  (typeof ORGANIZER_SPECIALTIES)[number],
  MessageDescriptor
> = {
  Conferences: msg`Conferences`,
  'Concerts & Music': msg`Concerts & Music`,
  Festivals: msg`Festivals`,
  Weddings: msg`Weddings`,
  'Corporate Events': msg`Corporate Events`,
  'Parties & Nightlife': msg`Parties & Nightlife`,
  'Sports Events': msg`Sports Events`,
  'Community & Non-Profit': msg`Community & Non-Profit`,
  'Workshops & Classes': msg`Workshops & Classes`,
  'Food & Drink': msg`Food & Drink`,
  'Arts & Culture': msg`Arts & Culture`,
  Networking: msg`Networking`,
  Other: msg`Other`,
};

const VENUE_TYPE_LABELS: Record<(typeof VENUE_TYPES)[number], MessageDescriptor> = {
  Club: msg`Club`,
  'Event Space': msg`Event Space`,
  'Hotel Ballrooms': msg`Hotel Ballrooms`,
  'Conference Rooms': msg`Conference Rooms`,
  Restaurants: msg`Restaurants`,
  'Outdoor Venues': msg`Outdoor Venues`,
  'Community Centers': msg`Community Centers`,
  Theaters: msg`Theaters`,
  Museums: msg`Museums`,
  'Art Galleries': msg`Art Galleries`,
  Warehouses: msg`Warehouses`,
  Rooftops: msg`Rooftops`,
  Other: msg`Other`,
};

/** Every account category's name: organizer specialties, venue types, vendor service types. */
export const CATEGORY_LABELS: Record<string, MessageDescriptor> = {
  ...ORGANIZER_SPECIALTY_LABELS,
  ...VENUE_TYPE_LABELS,
  ...SERVICE_TYPE_LABELS,
};

/** A function naming a service type in the page's language (an unknown name shows as stored). */
export function useServiceTypeLabel(): (category: string) => string {
  const { i18n } = useLingui();
  return (category) => {
    if (category === VENDOR_MESSAGES.defaultCategory) return i18n._(DEFAULT_CATEGORY);
    const label = SERVICE_TYPE_LABELS[category as VendorServiceType];
    return label ? i18n._(label) : category;
  };
}

/**
 * A function naming a person's category in the page's language: an organizer's specialty, a
 * venue's type or a vendor's service type (an unknown name shows as stored).
 */
export function useCategoryLabel(): (category: string) => string {
  const { i18n } = useLingui();
  const serviceTypeLabel = useServiceTypeLabel();
  return (category) => {
    const label = CATEGORY_LABELS[category];
    return label ? i18n._(label) : serviceTypeLabel(category);
  };
}
