import type { VendorLinks, VendorService, VendorServiceType } from '../../../contracts/vendors';

// Demo vendors for the directory, the public vendor pages and the applications screen. The demo
// vendor account (vendor@mea.events) gets a profile too; these are extra businesses.

export interface DemoVendor {
  email: string;
  fullName: string;
  businessName: string;
  category: VendorServiceType;
  description: string;
  services: VendorService[];
  links: VendorLinks;
  serviceArea: string;
  availability: string;
}

const s = (
  name: string,
  min: number | null,
  max: number | null,
  description = '',
): VendorService => ({
  name,
  description,
  priceMinCents: min,
  priceMaxCents: max,
});

export const DEMO_VENDOR_PROFILE: Omit<
  DemoVendor,
  'email' | 'fullName' | 'businessName' | 'category'
> = {
  description:
    'Open-format DJ and small-venue production: house, Afrobeats, soul and throwbacks, with a lighting rig that fits in one van. Ten years of weddings, rooftops and corporate parties.',
  services: [
    s('DJ set (4 hours)', 60_000, 120_000, 'Sound system for up to 200 guests included'),
    s('Uplighting package', 25_000, 45_000),
    s('MC add-on', 15_000, 15_000),
  ],
  links: { website: 'https://ortizsound.example', instagram: 'https://instagram.com/ortizsound' },
  serviceArea: 'San Francisco Bay Area',
  availability: 'Thursday to Sunday, evenings',
};

export const DEMO_VENDORS: readonly DemoVendor[] = [
  {
    email: 'golden.plate@mea.events',
    fullName: 'Adaeze Nwosu',
    businessName: 'Golden Plate Catering',
    category: 'Caterer',
    description:
      'West African and Californian menus for 30 to 400 guests: jollof bars, suya skewers, grilled vegetables and a dessert table. Halal and vegan options on every menu.',
    services: [
      s('Buffet (per guest)', 3_500, 6_500),
      s('Passed canapés (per guest)', 1_800, 2_800),
      s('Tasting for two', 15_000, 15_000),
    ],
    links: { website: 'https://goldenplate.example' },
    serviceArea: 'Oakland and the East Bay',
    availability: 'All week; weekends book three months ahead',
  },
  {
    email: 'frame.light@mea.events',
    fullName: 'Jonah Reyes',
    businessName: 'Frame & Light Studio',
    category: 'Photographer',
    description:
      'Documentary photography for weddings, galas and conferences. Same-week online gallery, printed albums on request.',
    services: [s('Half day (4 hours)', 90_000, 120_000), s('Full day', 180_000, 240_000)],
    links: {
      website: 'https://framelight.example',
      instagram: 'https://instagram.com/framelight',
    },
    serviceArea: 'Atlanta and North Georgia',
    availability: 'Fridays and weekends',
  },
  {
    email: 'shake.stir@mea.events',
    fullName: 'Maya Thompson',
    businessName: 'Shake & Stir Mobile Bar',
    category: 'Mixologist/Bartender',
    description:
      'A converted horse trailer bar with two licensed bartenders, seasonal cocktail menus and zero-proof options.',
    services: [
      s('Bar service (3 hours)', 80_000, 150_000),
      s('Signature cocktail design', 20_000, null),
    ],
    links: { instagram: 'https://instagram.com/shakeandstir' },
    serviceArea: 'London and the Home Counties',
    availability: 'Weekends, some weekday evenings',
  },
  {
    email: 'lagos.tents@mea.events',
    fullName: 'Tunde Bakare',
    businessName: 'Eko Tents & Rentals',
    category: 'Tent Rental',
    description:
      'Marquees from 50 to 1,000 guests, with flooring, tables, chairs and generators. Set-up and take-down crews included.',
    services: [s('Marquee (100 guests)', 250_000, 400_000), s('Table and chair set', 1_000, 2_000)],
    links: { website: 'https://ekotents.example' },
    serviceArea: 'Lagos and Ogun State',
    availability: 'Year round',
  },
  {
    email: 'petal.stem@mea.events',
    fullName: 'Grace Kim',
    businessName: '',
    category: 'Florist',
    description: 'Seasonal, locally grown flowers for tables, arches and bouquets.',
    services: [s('Centrepieces (each)', 4_500, 12_000)],
    links: {},
    serviceArea: 'Toronto',
    availability: 'Wednesday to Saturday',
  },
];
