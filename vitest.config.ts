import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { linguiPlugins } from './scripts/lingui-vite.mjs';

// Every project expands Lingui's macros (web components and server messages alike).
const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
const lingui = linguiPlugins({
  webRoot,
  stripMessages: false,
});

const WEB_TESTS = 'src/web/**/*.test.{ts,tsx}';

/**
 * The web tests that need a module graph of their own: those that replace a module
 * (`vi.mock` only reaches a module imported after it), and those that watch a module's state
 * from its first import (the toaster's queue, the contracts' texts arriving). The rest share one
 * graph per worker (decision 064).
 */
const webIsolated = readdirSync(webRoot, { recursive: true, encoding: 'utf8' })
  .map((name) => `src/web/${name.split('\\').join('/')}`)
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter(
    (file) =>
      /\bvi\.mock\(/.test(readFileSync(`${webRoot}/${file.slice('src/web/'.length)}`, 'utf8')) ||
      ['src/web/lib/toast.test.tsx', 'src/web/components/ui/field.test.tsx'].includes(file),
  );

const webProject = {
  environment: 'happy-dom' as const,
  setupFiles: ['src/web/test/setup.ts'],
  // A few files do seconds of work on a busy machine (cn-light compares every class the
  // app writes); vitest's 5 s default failed them there, where nothing was wrong.
  testTimeout: 15_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        plugins: lingui,
        test: {
          name: 'unit',
          environment: 'node',
          // One module graph per worker instead of one per file: the unit tests import the server's
          // modules and mock none of them, and this halved the project's CPU (decision 064).
          isolate: false,
          include: [
            'src/{server,contracts}/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts'],
        },
      },
      {
        plugins: [...lingui, react()],
        test: {
          ...webProject,
          name: 'web',
          include: [WEB_TESTS],
          exclude: webIsolated,
          // One module graph per worker: a quarter of the project's time went to importing
          // the same modules and setting up happy-dom again for every file (decision 064).
          isolate: false,
        },
      },
      {
        plugins: [...lingui, react()],
        test: { ...webProject, name: 'web-isolated', include: webIsolated },
      },
      {
        plugins: lingui,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['src/server/**/*.int.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: ['src/server/test/setup-file.ts'],
          // Vitest's default on 2 cores is one file at a time; these files mostly wait on
          // PostgreSQL and sockets, and each has its own database cloned from the template.
          maxWorkers: 2,
          // One module graph per worker instead of one per file (decision 040): half the time.
          // Safe because every file gets its own database and the harness closes what a file
          // leaves open.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
