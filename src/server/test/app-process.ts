import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { loadConfig, type Config } from '../config';
import { findFreePort } from '../db/embedded';
import { PACKAGE_ROOT } from '../platform/paths';

// tsx, with Lingui's macros expanded as everywhere the server runs (scripts/lingui-register.mjs).
const LINGUI_HOOKS = path.join(PACKAGE_ROOT, 'scripts/lingui-register.mjs');

/** The real server (`src/server/main.ts`) in a child process, for tests that kill or starve it. */
export const APP_SECRET = 'fault-test-secret-fault-test-secret-0000';

/** What every test server runs with, in a child process or in the test's own. */
const TEST_SERVER_ENV = {
  NODE_ENV: 'test',
  SEED_DEMO: 'false',
  HOST: '127.0.0.1',
  SESSION_SECRET: APP_SECRET,
};

/**
 * The config of a server started in the test's own process (`startServer`), on a free port:
 * e.g. the restart after a process started with `startAppProcess` was killed, on its database
 * and DATA_DIR (`env`).
 */
export async function testServerConfig(env: Record<string, string>): Promise<Config> {
  return loadConfig({
    ...env,
    ...TEST_SERVER_ENV,
    LOG_LEVEL: 'silent',
    PORT: String(await findFreePort()),
  });
}

/**
 * How long the child may take to answer its health check. Starting it loads every module
 * through tsx: a few seconds alone, well over a minute on two cores shared with other test runs.
 * A test that starts one gives itself this much more than its own work.
 */
export const APP_START_LIMIT_MS = 180_000;

export interface AppProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** What it wrote to stderr (an unhandled error ends up here). */
  stderr(): string;
  /** Resolves with the exit code or signal when the process ends. */
  exited: Promise<[number | null, NodeJS.Signals | null]>;
  /** SIGTERM and wait (no-op when it already ended). */
  stop(): Promise<void>;
}

export async function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const port = await findFreePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', LINGUI_HOOKS, path.join(PACKAGE_ROOT, 'src/server/main.ts')],
    {
      env: {
        ...process.env,
        ...TEST_SERVER_ENV,
        PORT: String(port),
        LOG_LEVEL: 'error',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const base = `http://127.0.0.1:${port}`;
  const app: AppProcess = {
    child,
    port,
    base,
    stderr: () => stderr,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
  // Waits for the condition (health answers 200, or the child ends), not for a time.
  const deadline = performance.now() + APP_START_LIMIT_MS;
  let last = 'no answer yet';
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the app exited during start (${child.exitCode ?? child.signalCode}):\n${stderr}`,
      );
    const health = await fetch(`${base}/api/health`).then(
      (response) => response,
      (error: Error) => {
        last = error.message;
      },
    );
    if (health?.ok) return app;
    if (health) last = `GET /api/health answered ${health.status}`;
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 250)), exited]);
  }
  await app.stop();
  throw new Error(
    `the app did not answer GET /api/health within ${APP_START_LIMIT_MS / 1000} s (last: ${last}); its stderr:\n${stderr}`,
  );
}
