import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { UserType } from '../../../contracts/enums';
import { paths } from '../../lib/paths';

export interface QuickLink {
  to: string;
  label: MessageDescriptor;
  description: MessageDescriptor;
}

const BROWSE: QuickLink = {
  to: paths.events(),
  label: msg`Browse events`,
  description: msg`Find something to do`,
};
const CREATE: QuickLink = {
  to: paths.createEvent(),
  label: msg`Create an event`,
  description: msg`Publish and sell tickets`,
};
const MY_EVENTS: QuickLink = {
  to: paths.myEvents(),
  label: msg`My events`,
  description: msg`Events you host or joined`,
};
const MESSAGES: QuickLink = {
  to: paths.messages(),
  label: msg`Messages`,
  description: msg`Talk to organizers and vendors`,
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
          label: msg`Hire a vendor`,
          description: msg`DJs, caterers, photographers…`,
        },
        MESSAGES,
      ];
    case 'organizer':
      return [
        CREATE,
        MY_EVENTS,
        {
          to: paths.vendors(),
          label: msg`Find vendors`,
          description: msg`Hire for your next event`,
        },
        MESSAGES,
      ];
    case 'vendor':
      return [
        {
          to: paths.vendorProfile(),
          label: msg`Vendor profile`,
          description: msg`Your services and photos`,
        },
        {
          to: paths.vendorApplications(),
          label: msg`Vendor applications`,
          description: msg`Events you applied to`,
        },
        BROWSE,
        MESSAGES,
      ];
    case 'venue':
      return [
        {
          to: '/venue-dashboard',
          label: msg`Venue dashboard`,
          description: msg`Your space and bookings`,
        },
        CREATE,
        MY_EVENTS,
        MESSAGES,
      ];
  }
}
