// `npm run bench [name]`: checks the name, builds, then prints the figures. Medians; ratios
// against a reference measured in the same run, because these 2-core machines are noisy.
// `npm run bench guard`: the short guard of guard.ts against bench/baselines.json.
import { execFileSync } from 'node:child_process';
import { GUARD_ENV } from './guard-rule';
import { BENCH_NAMES, type BenchName, unknownBenchMessage } from './names';

const only = process.argv[2];
const guard = only === 'guard';
const unknown = guard ? undefined : unknownBenchMessage(only);
if (unknown) {
  process.stderr.write(`${unknown}\n`);
  process.exit(1);
}
/** Whether this run includes the bench `name` (all of them when none was named). */
const runs = (name: BenchName) => !only || only === name;

// The name is checked before the build, so a typo is answered in seconds, not after a minute.
execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });

if (guard) {
  // The benches read their sizes when they load: the guard's go into the environment first.
  Object.assign(process.env, GUARD_ENV);
  const { runGuard } = await import('./guard');
  process.exit(await runGuard());
}

const { siteReports } = await import('./reports-site');
const { ticketingReports } = await import('./reports-ticketing');
const { trafficReports } = await import('./reports-traffic');
// Typed as every name: a bench named in BENCH_NAMES without a report does not compile.
const reports: Record<BenchName, () => Promise<void>> = {
  ...siteReports,
  ...trafficReports,
  ...ticketingReports,
};
for (const name of BENCH_NAMES) if (runs(name)) await reports[name]();
