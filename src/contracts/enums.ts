// Enumerations of spec §3, shared by forms, filters and the server's validation.

export const USER_TYPES = ['attendee', 'organizer', 'vendor', 'venue'] as const;
export type UserType = (typeof USER_TYPES)[number];

// spec §6: privileged roles held beside the account type.
export const ROLES = ['admin', 'blog_admin', 'moderator'] as const;
export type Role = (typeof ROLES)[number];

export const VENUE_TYPES = [
  'Club',
  'Event Space',
  'Hotel Ballrooms',
  'Conference Rooms',
  'Restaurants',
  'Outdoor Venues',
  'Community Centers',
  'Theaters',
  'Museums',
  'Art Galleries',
  'Warehouses',
  'Rooftops',
  'Other',
] as const;

export const VENDOR_SERVICE_TYPES = [
  'DJ',
  'Host/MC',
  'Host',
  'Speaker',
  'Caterer',
  'Promoter',
  'Mixologist/Bartender',
  'Photographer',
  'Videographer',
  'Tent Rental',
  'Table Rental',
  'Chair Rental',
  'Food Truck',
  'Lighting Equipment',
  'Sound Equipment',
  'Event Rental Equipment',
  'Florist',
  'Wedding Planner',
  'Event Planner',
  'Event Decorator',
  'Security Services',
  'Transportation Services',
  'Live Band',
  'Entertainment',
  'Makeup Artist',
  'Hair Stylist',
  'Photo Booth',
  'Event Coordinator',
  'Musicians',
  'Sound/Light Techs',
  'Artist',
  'Other',
] as const;

export const EVENT_CATEGORIES = [
  'Conference',
  'Convention',
  'Festival',
  'Fundraiser',
  'Gala',
  'Meeting',
  'Networking',
  'Non-Profit Event',
  'Open House',
  'Party',
  'Performance',
  'Professional Event',
  'Retreat',
  'Reunion',
  'Screening',
  'Seminar',
  'Sporting Event or Competition',
  'Tasting',
  'Tour',
  'Trip',
  'Wedding',
  'Workshop or Class',
  'Workshop',
  'Music',
  'Arts',
  'Business',
  'Sports',
  'Food',
  'Other',
] as const;

// Not shown in the spec (§3); designed for the sign-up form (docs/decisions/004-sign-up-lists.md).
export const ORGANIZER_SPECIALTIES = [
  'Conferences',
  'Concerts & Music',
  'Festivals',
  'Weddings',
  'Corporate Events',
  'Parties & Nightlife',
  'Sports Events',
  'Community & Non-Profit',
  'Workshops & Classes',
  'Food & Drink',
  'Arts & Culture',
  'Networking',
  'Other',
] as const;

export const ATTENDEE_INTERESTS = [
  'Music',
  'Festivals',
  'Parties & Nightlife',
  'Conferences',
  'Networking',
  'Arts & Culture',
  'Food & Drink',
  'Sports',
  'Workshops & Classes',
  'Business',
  'Community',
  'Weddings',
  'Other',
] as const;

/** The choices of the sign-up form's service/interest field for each account type. */
export const SERVICE_OPTIONS: Record<UserType, readonly string[]> = {
  attendee: ATTENDEE_INTERESTS,
  organizer: ORGANIZER_SPECIALTIES,
  vendor: VENDOR_SERVICE_TYPES,
  venue: VENUE_TYPES,
};

/** A category's address segment (`Food & Drink` → `food-and-drink`), for /categories/{slug}. */
export function categorySlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
