import type { UserType } from '../../../contracts/enums';

// Public pages of the people who host. Whether a page exists is decided in the query
// (`getPublicProfile` filters by PUBLIC_PAGE_TYPES), so an attendee's id is simply "not found";
// the page shows the public fields only (name, business, avatar, type, category: never email or
// phone, which their owner alone sees through /profile).

/** Only hosts have a public page: organizers, venues and vendors. Attendees' profiles stay private. */
export const PUBLIC_PAGE_TYPES = [
  'organizer',
  'venue',
  'vendor',
] as const satisfies readonly UserType[];

export const hasPublicPage = (userType: UserType) =>
  (PUBLIC_PAGE_TYPES as readonly UserType[]).includes(userType);

/** Anyone signed in may follow a host's page, except their own. */
export const mayFollow = (follower: { id: string }, organizerId: string) =>
  follower.id !== organizerId;
