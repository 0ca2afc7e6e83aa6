import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SERVICE_OPTIONS, UserType } from '../../../../contracts/enums';
import { SERVICE_TYPE_LABELS } from '../../service-types';

type ServiceOption = (typeof SERVICE_OPTIONS)[UserType][number];

// The sign-up choices are fixed values the API stores (in English); only the option a person
// reads is translated. Kept in this feature's catalog so the sign-up page downloads no other
// feature's messages.
export const SERVICE_OPTION_LABELS: Record<string, MessageDescriptor> = {
  // Attendee interests and organizer specialties
  Music: msg`Music`,
  Festivals: msg`Festivals`,
  'Parties & Nightlife': msg`Parties & Nightlife`,
  Conferences: msg`Conferences`,
  Networking: msg`Networking`,
  'Arts & Culture': msg`Arts & Culture`,
  'Food & Drink': msg`Food & Drink`,
  Sports: msg`Sports`,
  'Workshops & Classes': msg`Workshops & Classes`,
  Business: msg`Business`,
  Community: msg`Community`,
  Weddings: msg`Weddings`,
  'Concerts & Music': msg`Concerts & Music`,
  'Corporate Events': msg`Corporate Events`,
  'Sports Events': msg`Sports Events`,
  'Community & Non-Profit': msg`Community & Non-Profit`,
  // Vendor services, named once for every feature
  ...SERVICE_TYPE_LABELS,
  // Venue types
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
} satisfies Record<ServiceOption, MessageDescriptor>;
