import { EVENT_CATEGORIES } from '../../../contracts/enums';

// A demo catalogue that makes a first start look alive: hosts in several cities and 65 events
// across every category. Deterministic (no randomness), so reseeding a fresh database gives the
// same site and tests can rely on its shape.

export interface DemoHost {
  email: string;
  fullName: string;
  businessName: string;
  userType: 'organizer' | 'venue' | 'vendor';
  category: string;
  city: string;
}

export const DEMO_CITIES = [
  { city: 'Oakland', country: 'USA', timezone: 'America/Los_Angeles' },
  { city: 'Atlanta', country: 'USA', timezone: 'America/New_York' },
  { city: 'Houston', country: 'USA', timezone: 'America/Chicago' },
  { city: 'Chicago', country: 'USA', timezone: 'America/Chicago' },
  { city: 'New York', country: 'USA', timezone: 'America/New_York' },
  { city: 'Toronto', country: 'Canada', timezone: 'America/Toronto' },
  { city: 'London', country: 'UK', timezone: 'Europe/London' },
  { city: 'Lagos', country: 'Nigeria', timezone: 'Africa/Lagos' },
] as const;

interface DemoCity {
  city: string;
  country: string;
  timezone: string;
}

// Cities outside the rotation above, one paid event each, added after the rotation's events:
// a euro-area and a Brazilian event, sold in EUR and BRL. Adding them to the rotation would
// move every later event to another city, and journeys rely on where the events are.
const EXTRA_CITY_EVENTS: { title: string; category: DemoEvent['category']; city: DemoCity }[] = [
  {
    title: 'Lisbon Fado Night',
    category: 'Performance',
    city: { city: 'Lisbon', country: 'Portugal', timezone: 'Europe/Lisbon' },
  },
  {
    title: 'São Paulo Street Food Tasting',
    category: 'Tasting',
    city: { city: 'São Paulo', country: 'Brazil', timezone: 'America/Sao_Paulo' },
  },
];

export const DEMO_HOSTS: DemoHost[] = [
  {
    email: 'bayarea.live@mea.events',
    fullName: 'Dana Whitfield',
    businessName: 'Bay Area Live',
    userType: 'organizer',
    category: 'Concerts & Music',
    city: 'Oakland',
  },
  {
    email: 'peachtree.events@mea.events',
    fullName: 'Terrence Holloway',
    businessName: 'Peachtree Events Co.',
    userType: 'organizer',
    category: 'Corporate Events',
    city: 'Atlanta',
  },
  {
    email: 'lagos.nights@mea.events',
    fullName: 'Adaeze Nwosu',
    businessName: 'Lagos Nights',
    userType: 'organizer',
    category: 'Parties & Nightlife',
    city: 'Lagos',
  },
  {
    email: 'thames.socials@mea.events',
    fullName: 'Oliver Grant',
    businessName: 'Thames Socials',
    userType: 'organizer',
    category: 'Networking',
    city: 'London',
  },
  {
    email: 'greenleaf.community@mea.events',
    fullName: 'Rosa Delgado',
    businessName: 'Greenleaf Community Works',
    userType: 'organizer',
    category: 'Community & Non-Profit',
    city: 'Houston',
  },
  {
    email: 'lakeshore.hall@mea.events',
    fullName: 'Ben Kowalski',
    businessName: 'Lakeshore Hall',
    userType: 'venue',
    category: 'Event Space',
    city: 'Chicago',
  },
  {
    email: 'skyline.rooftop@mea.events',
    fullName: 'Mira Patel',
    businessName: 'Skyline Rooftop',
    userType: 'venue',
    category: 'Rooftops',
    city: 'New York',
  },
  {
    email: 'maple.theatre@mea.events',
    fullName: 'Claire Fontaine',
    businessName: 'Maple Street Theatre',
    userType: 'venue',
    category: 'Theaters',
    city: 'Toronto',
  },
  {
    email: 'beats.by.kofi@mea.events',
    fullName: 'Kofi Mensah',
    businessName: 'Beats by Kofi',
    userType: 'vendor',
    category: 'DJ',
    city: 'Atlanta',
  },
  {
    email: 'golden.fork@mea.events',
    fullName: 'Sofia Russo',
    businessName: 'Golden Fork Catering',
    userType: 'vendor',
    category: 'Caterer',
    city: 'Chicago',
  },
  {
    email: 'lens.and.light@mea.events',
    fullName: 'Hana Kim',
    businessName: 'Lens & Light Studio',
    userType: 'vendor',
    category: 'Photographer',
    city: 'New York',
  },
  {
    email: 'shaker.bar@mea.events',
    fullName: 'Luis Ortega',
    businessName: 'Shaker Mobile Bar',
    userType: 'vendor',
    category: 'Mixologist/Bartender',
    city: 'Houston',
  },
];

const TITLES: Record<string, string[]> = {
  Conference: ['Future of Events Summit', 'Creator Economy Conference'],
  Convention: ['Comic & Collectibles Convention', 'Home Builders Convention'],
  Festival: [
    'Sunset Jazz Festival',
    'Harvest Street Food Festival',
    'Afrobeats in the Park Festival',
  ],
  Fundraiser: ['Run for Literacy Fundraiser', 'Shelter Benefit Dinner'],
  Gala: ['Winter Stars Charity Gala', 'Arts Council Gala'],
  Meeting: ['Neighborhood Planning Meeting', 'Small Business Owners Meetup'],
  Networking: [
    'Founders & Funders Networking Night',
    'Women in Tech Networking Breakfast',
    'Creatives Happy Hour',
  ],
  'Non-Profit Event': ['Community Garden Volunteer Day', 'Coat Drive Kickoff'],
  'Open House': ['Studio Open House', 'New Venue Open House'],
  Party: ['Rooftop Glow Party', 'Throwback R&B Night', 'New Year Countdown Party'],
  Performance: ['Spoken Word Showcase', 'Contemporary Dance Evening'],
  'Professional Event': ['Event Planners Masterclass', 'Hospitality Leaders Forum'],
  Retreat: ['Mindful Weekend Retreat', 'Writers Cabin Retreat'],
  Reunion: ['Class of 2016 Reunion', 'Family Reunion Picnic'],
  Screening: ['Indie Film Night Screening', 'Documentary Premiere Screening'],
  Seminar: ['Financial Freedom Seminar', 'Wedding Planning Seminar'],
  'Sporting Event or Competition': ['City 5K Fun Run', 'Streetball Tournament'],
  Tasting: ['Natural Wine Tasting', 'Craft Chocolate Tasting'],
  Tour: ['Historic Murals Walking Tour', 'Night Food Tour'],
  Trip: ['Lake Day Trip', 'Wine Country Day Trip'],
  Wedding: ['Wedding Vendor Showcase', 'Bridal Expo'],
  'Workshop or Class': ['Intro to DJing Class', 'Event Photography Class'],
  Workshop: ['Cocktail Mixology Workshop', 'Floral Design Workshop'],
  Music: ['Live Soul Sessions', 'Acoustic Sundays', 'Gospel Brunch'],
  Arts: ['Gallery Night Walk', 'Open Mic & Art Market'],
  Business: ['Pitch Night for Startups', 'Vendor Marketplace Mixer'],
  Sports: ['Watch Party: The Derby', 'Pickleball Social'],
  Food: ['Jollof Cook-Off', 'Taco & Tequila Sunday', 'Farm to Table Supper'],
  Other: ['Board Game Marathon', 'Trivia Night Live'],
};

const VENUES = [
  'The Harbor Loft',
  'Lakeshore Hall',
  'Skyline Rooftop',
  'Maple Street Theatre',
  'Riverside Pavilion',
  'The Warehouse',
  'Civic Center Plaza',
  'Botanic Garden Lawn',
];

export interface DemoEvent {
  hostIndex: number;
  title: string;
  description: string;
  category: (typeof EVENT_CATEGORIES)[number];
  city: DemoCity;
  venueName: string;
  /** Days from now (negative: already over) and local start hour. */
  dayOffset: number;
  hour: number;
  durationHours: number;
  isFree: boolean;
  isReferralBased: boolean;
  capacity: number;
  isOnline: boolean;
}

/**
 * 65 events: every category at least twice, spread over cities, hosts and the next 90 days; then
 * one event in each city outside the rotation, the furthest away, so listings by date and by
 * creation keep the rotation's events where they were.
 */
export function demoEvents(): DemoEvent[] {
  const list: DemoEvent[] = [];
  const organizerHosts = DEMO_HOSTS.map((h, i) => ({ h, i })).filter(
    ({ h }) => h.userType !== 'vendor',
  );
  let n = 0;
  for (const category of EVENT_CATEGORIES) {
    for (const title of TITLES[category] ?? [`${category} Meetup`]) {
      const city = DEMO_CITIES[n % DEMO_CITIES.length] ?? DEMO_CITIES[0];
      const host = organizerHosts[(n * 5) % organizerHosts.length] ?? organizerHosts[0];
      list.push({
        hostIndex: host?.i ?? 0,
        title,
        description: `${title} in ${city.city}. Join neighbours, makers and music lovers for an evening put together by local hosts, with food vendors, a DJ and plenty of space to meet people. Doors open 30 minutes before the start; bring a friend.`,
        category,
        city,
        venueName: VENUES[n % VENUES.length] ?? 'Civic Center Plaza',
        // A few are already over, so timelines and expiry have something to show.
        dayOffset: n % 12 === 5 ? -((n % 20) + 3) : ((n * 7) % 88) + 1,
        hour: [10, 12, 14, 17, 18, 19, 20][n % 7] ?? 19,
        durationHours: [2, 3, 4, 6][n % 4] ?? 3,
        isFree: n % 3 !== 0,
        isReferralBased: n % 9 === 0,
        capacity: [40, 80, 150, 300, 600][n % 5] ?? 100,
        isOnline: n % 11 === 4,
      });
      n += 1;
    }
  }
  for (const [i, extra] of EXTRA_CITY_EVENTS.entries()) {
    const host = organizerHosts[i % organizerHosts.length] ?? organizerHosts[0];
    list.push({
      hostIndex: host?.i ?? 0,
      title: extra.title,
      description: `${extra.title} in ${extra.city.city}. An evening put together by local hosts, with food, music and plenty of space to meet people. Doors open 30 minutes before the start.`,
      category: extra.category,
      city: extra.city,
      venueName: 'Riverside Pavilion',
      dayOffset: 89 + i,
      hour: 20,
      durationHours: 3,
      isFree: false,
      isReferralBased: false,
      capacity: 150,
      isOnline: false,
    });
  }
  return list;
}
