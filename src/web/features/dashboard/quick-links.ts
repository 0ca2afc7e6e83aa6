import type { UserType } from '../../../contracts/enums';
import { paths } from '../../lib/paths';

export interface QuickLink {
  to: string;
  label: string;
  description: string;
}

const BROWSE: QuickLink = {
  to: paths.events(),
  label: 'Browse events',
  description: 'Find something to do',
};
const CREATE: QuickLink = {
  to: paths.createEvent(),
  label: 'Create an event',
  description: 'Publish and sell tickets',
};
const MY_EVENTS: QuickLink = {
  to: paths.myEvents(),
  label: 'My events',
  description: 'Events you host or joined',
};
const MESSAGES: QuickLink = {
  to: paths.messages(),
  label: 'Messages',
  description: 'Talk to organizers and vendors',
};

/** The dashboard's shortcuts for each account type (spec §1: what each type comes to do). */
export function quickLinks(userType: UserType): QuickLink[] {
  switch (userType) {
    case 'attendee':
      return [
        BROWSE,
        MY_EVENTS,
        {
          to: paths.vendors(),
          label: 'Hire a vendor',
          description: 'DJs, caterers, photographers…',
        },
        MESSAGES,
      ];
    case 'organizer':
      return [
        CREATE,
        MY_EVENTS,
        { to: paths.vendors(), label: 'Find vendors', description: 'Hire for your next event' },
        MESSAGES,
      ];
    case 'vendor':
      return [
        {
          to: paths.vendorProfile(),
          label: 'Vendor profile',
          description: 'Your services and photos',
        },
        {
          to: paths.vendorApplications(),
          label: 'Vendor applications',
          description: 'Events you applied to',
        },
        BROWSE,
        MESSAGES,
      ];
    case 'venue':
      return [
        {
          to: '/venue-dashboard',
          label: 'Venue dashboard',
          description: 'Your space and bookings',
        },
        CREATE,
        MY_EVENTS,
        MESSAGES,
      ];
  }
}
