import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SERVICE_OPTIONS, UserType } from '../../../../contracts/enums';

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
  // Vendor services
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
