import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { BUDGET_KB, benchBundleSize, bundleVerdict } from '../bench/bundle-size';

// The home route's first-load JavaScript budget (decision 016) needs a production build, which
// no unit test has; `npm run test:e2e` builds first, so the browser layer is where a change that
// grows the first paint past the budget fails, instead of only when someone runs the bench.

const dist = fileURLToPath(new URL('../dist/web', import.meta.url));

test(`the home page's first load stays within ${BUDGET_KB} KB of JavaScript (gzip)`, () => {
  const size = benchBundleSize(undefined, dist);
  // Without the home route's chunk the sum would leave out the page itself and pass too easily.
  expect(size.homeChunk, 'the Vite manifest names the home route').toBeDefined();
  const verdict = bundleVerdict(size);
  expect(verdict.isOver, verdict.line).toBe(false);
});
