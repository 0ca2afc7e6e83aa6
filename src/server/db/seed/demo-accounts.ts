import type { Role, UserType } from '../../../contracts/enums';

// The demo accounts the seed creates and `npm start` prints. Browser tests sign in with them too.
export const DEMO_PASSWORD = 'demo-pass-2026';

export interface DemoAccount {
  key: 'admin' | 'organizer' | 'vendor' | 'venue' | 'attendee';
  email: string;
  fullName: string;
  userType: UserType;
  roles: Role[];
  businessName?: string;
  category?: string;
  service?: string;
  phone: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'admin',
    email: 'admin@mea.events',
    fullName: 'Amara Okafor',
    userType: 'organizer',
    roles: ['admin'],
    service: 'Conferences',
    phone: '+1 555 0100',
  },
  {
    key: 'organizer',
    email: 'organizer@mea.events',
    fullName: 'Marcus Bell',
    userType: 'organizer',
    roles: [],
    service: 'Festivals',
    phone: '+1 555 0101',
  },
  {
    key: 'vendor',
    email: 'vendor@mea.events',
    fullName: 'Lena Ortiz',
    userType: 'vendor',
    roles: [],
    businessName: 'Ortiz Sound & Light',
    category: 'DJ',
    service: 'DJ',
    phone: '+1 555 0102',
  },
  {
    key: 'venue',
    email: 'venue@mea.events',
    fullName: 'Harbor Loft',
    userType: 'venue',
    roles: [],
    businessName: 'The Harbor Loft',
    category: 'Event Space',
    service: 'Event Space',
    phone: '+1 555 0103',
  },
  {
    key: 'attendee',
    email: 'attendee@mea.events',
    fullName: 'Priya Shah',
    userType: 'attendee',
    roles: [],
    service: 'Music',
    phone: '+1 555 0104',
  },
];

export function getDemoAccount(key: DemoAccount['key']): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.key === key);
  if (!account) throw new Error(`Unknown demo account ${key}`);
  return account;
}
