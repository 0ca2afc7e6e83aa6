// `npm run bench [name]`: checks the name, builds, then prints the figures. Medians; ratios
// against a reference measured in the same run, because these 2-core machines are noisy.
import { execFileSync } from 'node:child_process';
import { BENCH_NAMES, type BenchName, unknownBenchMessage } from './names';
import { siteReports } from './reports-site';
import { ticketingReports } from './reports-ticketing';
import { trafficReports } from './reports-traffic';

const only = process.argv[2];
const unknown = unknownBenchMessage(only);
if (unknown) {
  process.stderr.write(`${unknown}\n`);
  process.exit(1);
}
/** Whether this run includes the bench `name` (all of them when none was named). */
const runs = (name: BenchName) => !only || only === name;

// The name is checked before the build, so a typo is answered in seconds, not after a minute.
execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });

// Typed as every name: a bench named in BENCH_NAMES without a report does not compile.
const reports: Record<BenchName, () => Promise<void>> = {
  ...siteReports,
  ...trafficReports,
  ...ticketingReports,
};
for (const name of BENCH_NAMES) if (runs(name)) await reports[name]();
