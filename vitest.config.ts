import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { linguiPlugins } from './scripts/lingui-vite.mjs';

// Every project expands Lingui's macros (web components and server messages alike).
const lingui = linguiPlugins({
  webRoot: fileURLToPath(new URL('./src/web', import.meta.url)),
  stripMessages: false,
});

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
          name: 'web',
          environment: 'happy-dom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          // A few files do seconds of work on a busy machine (cn-light compares every class the
          // app writes); vitest's 5 s default failed them there, where nothing was wrong.
          testTimeout: 15_000,
        },
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
