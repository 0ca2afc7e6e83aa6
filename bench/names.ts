// The benches `npm run bench <name>` runs one of. A name that is not here must stop the run with
// the list: a typo used to run nothing and still exit 0, which read as "all figures fine".
export const BENCH_NAMES = [
  'bundle',
  'web-vitals',
  'lighthouse',
  'language-switch',
  'content',
  'startup',
  'http',
  'funnels',
  'campaigns',
  'auth',
  'team-auth',
  'search',
  'rides',
  'admin',
  'seo',
  'flash',
  'checkout-taxes',
  'realtime',
  'messaging',
  'mail',
  'scale',
  'subscriptions',
  'referrals',
  'streaming',
  'meetings',
  'api',
  'ads',
  'export-attendees',
  'waitlist-offers',
  'checkout-questions',
  'flash-pools',
  'invoices',
  'privacy',
  'check-in',
  'seating',
] as const;

export type BenchName = (typeof BENCH_NAMES)[number];

/** What to tell someone who asked for a bench that does not exist, or undefined when it does. */
export function unknownBenchMessage(name: string | undefined): string | undefined {
  if (name === undefined || (BENCH_NAMES as readonly string[]).includes(name)) return undefined;
  return `No bench named "${name}". Run \`npm run bench\` for all of them, or one of: ${BENCH_NAMES.join(', ')}.`;
}
