// Prints one closing line, "N passed, N failed", totalled over the vitest and Playwright runs in
// a test log, so CI and people see the whole suite's count at a glance.
import { readFileSync } from 'node:fs';

// Colour codes (ESC [ … m) are stripped so the counts can be matched.
const ESC = String.fromCharCode(27);
const log = readFileSync(process.argv[2] ?? '/dev/stdin', 'utf8').replaceAll(
  new RegExp(`${ESC}\\[[0-9;]*m`, 'g'),
  '',
);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const line of log.split('\n')) {
  // vitest: "      Tests  112 passed (112)" or "Tests  1 failed | 111 passed (112)"
  const vitest = line.match(/^\s*Tests\s+(.*)\(\d+\)\s*$/);
  if (vitest?.[1]) {
    passed += Number(vitest[1].match(/(\d+) passed/)?.[1] ?? 0);
    failed += Number(vitest[1].match(/(\d+) failed/)?.[1] ?? 0);
    skipped += Number(vitest[1].match(/(\d+) skipped/)?.[1] ?? 0);
    continue;
  }
  // Playwright: "  27 passed (55.9s)", "  2 failed", "  1 skipped", "  1 flaky"
  const playwright = line.match(/^\s+(\d+) (passed|failed|skipped|flaky)( \(.+\))?\s*$/);
  if (playwright) {
    const n = Number(playwright[1]);
    if (playwright[2] === 'passed' || playwright[2] === 'flaky') passed += n;
    else if (playwright[2] === 'failed') failed += n;
    else skipped += n;
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
