// The demo data's picture themes (decision 047): each is one illustration in demo-images/, drawn
// by scripts/draw-demo-images.ts, and each event category, vendor service, venue and blog post
// is matched to the theme that fits it.

import path from 'node:path';
import { PACKAGE_ROOT } from '../../platform/paths';

/** The committed picture of a theme (a WebP, 1600 × 900). */
export const demoThemeImage = (theme: string) =>
  path.join(PACKAGE_ROOT, 'src/server/db/seed/demo-images', `${theme}.webp`);

export interface DemoTheme {
  key: string;
  /** Lucide icon names: the first is drawn large, the others scattered small. */
  icons: string[];
  from: string;
  to: string;
  accent: string;
  light: string;
  deep: string;
  ground: 'city' | 'hills' | 'waves';
}

export const DEMO_THEMES: DemoTheme[] = [
  {
    key: 'music',
    icons: ['music', 'guitar', 'mic-vocal', 'speaker'],
    from: '#4c1d95',
    to: '#db2777',
    accent: '#f9a8d4',
    light: '#fde68a',
    deep: '#1e1b4b',
    ground: 'city',
  },
  {
    key: 'nightlife',
    icons: ['party-popper', 'sparkles', 'wine', 'music'],
    from: '#1e1b4b',
    to: '#a21caf',
    accent: '#f0abfc',
    light: '#fef08a',
    deep: '#0f0a2e',
    ground: 'city',
  },
  {
    key: 'food',
    icons: ['utensils-crossed', 'chef-hat', 'coffee', 'cake-slice', 'wine'],
    from: '#c2410c',
    to: '#facc15',
    accent: '#fff7ed',
    light: '#fef3c7',
    deep: '#7c2d12',
    ground: 'hills',
  },
  {
    key: 'business',
    icons: ['presentation', 'briefcase', 'users', 'lightbulb', 'handshake'],
    from: '#1e3a8a',
    to: '#0d9488',
    accent: '#99f6e4',
    light: '#e0f2fe',
    deep: '#0f172a',
    ground: 'city',
  },
  {
    key: 'arts',
    icons: ['palette', 'drama', 'brush', 'clapperboard', 'image'],
    from: '#0f766e',
    to: '#7c3aed',
    accent: '#fcd34d',
    light: '#ccfbf1',
    deep: '#134e4a',
    ground: 'waves',
  },
  {
    key: 'screen',
    icons: ['clapperboard', 'popcorn', 'ticket', 'sparkles'],
    from: '#111827',
    to: '#b91c1c',
    accent: '#fca5a5',
    light: '#fde68a',
    deep: '#030712',
    ground: 'city',
  },
  {
    key: 'sports',
    icons: ['trophy', 'medal', 'bike', 'dumbbell'],
    from: '#15803d',
    to: '#0ea5e9',
    accent: '#bbf7d0',
    light: '#ecfccb',
    deep: '#14532d',
    ground: 'hills',
  },
  {
    key: 'outdoors',
    icons: ['mountain', 'tent', 'compass', 'map-pin'],
    from: '#0369a1',
    to: '#f97316',
    accent: '#fed7aa',
    light: '#e0f2fe',
    deep: '#1c1917',
    ground: 'hills',
  },
  {
    key: 'celebration',
    icons: ['heart-handshake', 'gift', 'flower-2', 'sparkles', 'cake-slice'],
    from: '#be185d',
    to: '#f59e0b',
    accent: '#fbcfe8',
    light: '#fef9c3',
    deep: '#831843',
    ground: 'waves',
  },
  {
    key: 'learning',
    icons: ['graduation-cap', 'book-open', 'lightbulb', 'pencil'],
    from: '#3730a3',
    to: '#f59e0b',
    accent: '#fde68a',
    light: '#e0e7ff',
    deep: '#1e1b4b',
    ground: 'city',
  },
  {
    key: 'community',
    icons: ['hand-heart', 'users', 'heart-handshake', 'megaphone'],
    from: '#047857',
    to: '#65a30d',
    accent: '#d9f99d',
    light: '#ecfdf5',
    deep: '#064e3b',
    ground: 'hills',
  },
  {
    key: 'camera',
    icons: ['camera', 'aperture', 'image', 'sparkles'],
    from: '#334155',
    to: '#0891b2',
    accent: '#a5f3fc',
    light: '#f1f5f9',
    deep: '#0f172a',
    ground: 'waves',
  },
  {
    key: 'gear',
    icons: ['speaker', 'lamp', 'tent', 'mic'],
    from: '#3f3f46',
    to: '#7c3aed',
    accent: '#c4b5fd',
    light: '#fafafa',
    deep: '#18181b',
    ground: 'city',
  },
  {
    key: 'venue',
    icons: ['building-2', 'door-open', 'map-pin', 'calendar-days'],
    from: '#312e81',
    to: '#ea580c',
    accent: '#fdba74',
    light: '#fef3c7',
    deep: '#1e1b4b',
    ground: 'city',
  },
  {
    key: 'news',
    icons: ['newspaper', 'megaphone', 'ticket', 'lightbulb'],
    from: '#6d28d9',
    to: '#0ea5e9',
    accent: '#ddd6fe',
    light: '#f5f3ff',
    deep: '#2e1065',
    ground: 'waves',
  },
];

const EVENT_THEME: Record<string, string> = {
  Conference: 'business',
  Convention: 'business',
  Festival: 'music',
  Fundraiser: 'community',
  Gala: 'celebration',
  Meeting: 'business',
  Networking: 'business',
  'Non-Profit Event': 'community',
  'Open House': 'venue',
  Party: 'nightlife',
  Performance: 'arts',
  'Professional Event': 'business',
  Retreat: 'outdoors',
  Reunion: 'celebration',
  Screening: 'screen',
  Seminar: 'learning',
  'Sporting Event or Competition': 'sports',
  Tasting: 'food',
  Tour: 'outdoors',
  Trip: 'outdoors',
  Wedding: 'celebration',
  'Workshop or Class': 'learning',
  Workshop: 'learning',
  Music: 'music',
  Arts: 'arts',
  Business: 'business',
  Sports: 'sports',
  Food: 'food',
};

/** The theme of an event category (an unknown one gets the community theme). */
export const themeForEvent = (category: string) => EVENT_THEME[category] ?? 'community';

/** The theme of a vendor's or venue's service category, read from its words. */
export function themeForService(category: string | null): string {
  const c = (category ?? '').toLowerCase();
  if (/dj|band|music|sound\/light|entertain|host|mc|speaker/.test(c)) return 'music';
  if (/cater|food|chef|mixolog|bartend|bar\b/.test(c)) return 'food';
  if (/photo|video|booth/.test(c)) return 'camera';
  if (/rent|tent|table|chair|light|sound|equipment|security|transport/.test(c)) return 'gear';
  if (/flor|wedding|decor|makeup|hair|planner|coordinat/.test(c)) return 'celebration';
  if (/artist|art gal|theater|theatre/.test(c)) return 'arts';
  if (/corporate|business/.test(c)) return 'business';
  if (/non-profit|community/.test(c)) return 'community';
  if (/night|part/.test(c)) return 'nightlife';
  if (/rooftop|space|venue|warehouse|hall|ballroom|garden|restaurant/.test(c)) return 'venue';
  return 'community';
}

/** The theme of a blog post from its tags. */
export function themeForPost(tags: readonly string[]): string {
  const t = tags.join(' ').toLowerCase();
  if (/vendor/.test(t)) return 'gear';
  if (/check-in|ticket/.test(t)) return 'business';
  if (/news/.test(t)) return 'news';
  return 'learning';
}
