import { afterAll } from 'vitest';
import { closeLeftoverApps } from './test-app';

// Registered before each integration file's own hooks, so it runs after its afterAll: whatever
// the file left open is closed before the worker takes the next file (isolate: false).
afterAll(async () => {
  await closeLeftoverApps();
}, 60_000);
