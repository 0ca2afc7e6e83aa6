// Cold `npm start` to the first successful GET /api/health, with an empty and an existing DATA_DIR.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, median, startProcess, stopProcess, waitForOk } from './lib';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 3);

async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = startProcess('npm', ['start', '--silent'], {
    PORT: String(port),
    DATA_DIR: dataDir,
  });
  try {
    return await waitForOk(`http://127.0.0.1:${port}/api/health`, started, child);
  } finally {
    await stopProcess(child);
  }
}

export async function benchStartup(): Promise<{
  emptyMs: number;
  existingMs: number;
  runs: number;
}> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-bench-start-'));
  // mkdtemp makes a private folder; the embedded PostgreSQL (its own user when run as root) must pass through.
  await fs.chmod(root, 0o755);
  try {
    const empty: number[] = [];
    for (let i = 0; i < RUNS; i++) empty.push(await timeStart(path.join(root, `empty-${i}`)));
    const existingDir = path.join(root, 'empty-0');
    const existing: number[] = [];
    for (let i = 0; i < RUNS; i++) existing.push(await timeStart(existingDir));
    return { emptyMs: median(empty), existingMs: median(existing), runs: RUNS };
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
}
