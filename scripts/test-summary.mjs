// Prints one closing line, "N passed, N failed", totalled over the vitest and Playwright runs in
// a test log, so CI and people see the whole suite's count at a glance.
import { readFileSync } from 'node:fs';
import { countTests, countsText } from './test-lib.mjs';

console.log(countsText(countTests(readFileSync(process.argv[2] ?? '/dev/stdin', 'utf8'))));
