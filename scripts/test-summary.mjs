// Prints the failed tests with their first error line, then one closing line, "N passed, N
// failed", totalled over the vitest and Playwright runs in a test log, so CI and people see the
// whole suite's count, and what broke, at a glance.
import { readFileSync } from 'node:fs';
import { countTests, countsText, failedTests } from './test-lib.mjs';

const log = readFileSync(process.argv[2] ?? '/dev/stdin', 'utf8');
const failed = failedTests(log);
if (failed.length) console.log(`Failed tests:\n${failed.map((f) => `  ${f}`).join('\n')}`);
console.log(countsText(countTests(log)));
