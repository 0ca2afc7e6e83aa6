import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { findFreePort } from '../db/embedded';
import { PACKAGE_ROOT } from '../platform/paths';

// tsx, with Lingui's macros expanded as everywhere the server runs (scripts/lingui-register.mjs).
const LINGUI_HOOKS = path.join(PACKAGE_ROOT, 'scripts/lingui-register.mjs');

/** The real server (`src/server/main.ts`) in a child process, for tests that kill or starve it. */
export const APP_SECRET = 'fault-test-secret-fault-test-secret-0000';

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
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'error',
        SESSION_SECRET: APP_SECRET,
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
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the app exited during start:\n${stderr}`);
    const health = await fetch(`${base}/api/health`).catch(() => undefined);
    if (health?.ok) return app;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await app.stop();
  throw new Error(`the app did not start within 60 s:\n${stderr}`);
}
