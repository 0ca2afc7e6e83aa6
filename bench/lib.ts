import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Polls until the URL answers 2xx; returns the milliseconds it took, measured from `since`.
 * Gives up at once when the server process it waits for has exited.
 */
export async function waitForOk(
  url: string,
  since: number,
  server?: ChildProcess,
  timeoutMs = 120_000,
): Promise<number> {
  while (performance.now() - since < timeoutMs) {
    if (server && server.exitCode !== null)
      throw new Error(`the server exited (code ${server.exitCode}) before ${url} answered`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return performance.now() - since;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
): ChildProcess {
  return spawn(command, args, {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
}

/** SIGINT to the whole process group (npm → node), as Ctrl-C would, then wait for the exit. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  if (child.pid) process.kill(-child.pid, 'SIGINT');
  await exited;
}

/**
 * CPU ms (user + system) from /proc, counted in clock ticks of 10 ms (USER_HZ 100): the process
 * `pid` alone, or with `tree` every live process descended from it (the server and its embedded
 * PostgreSQL, whose backends are the postmaster's children).
 */
export async function cpuMsOf(pid: number, scope: 'process' | 'tree'): Promise<number> {
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const entry of scope === 'process' ? [String(pid)] : await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The command name (field 2) may hold spaces; the fields after its ')' are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    stats.set(Number(entry), { parent: Number(fields[1]), ticks });
  }
  const inTree = (id: number): boolean => {
    for (let at = id, hops = 0; at > 1 && hops < 64; hops++) {
      if (at === pid) return true;
      at = stats.get(at)?.parent ?? 0;
    }
    return false;
  };
  let ticks = 0;
  for (const [id, stat] of stats) if (inTree(id)) ticks += stat.ticks;
  return ticks * 10;
}

/** One section of the bench report: a heading and its figures. */
export const print = (title: string, body: string) =>
  process.stdout.write(`\n## ${title}\n${body}\n`);

export function table(rows: Record<string, string | number>[]): string {
  const headers = Object.keys(rows[0] ?? {});
  const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => String(r[h]).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  return [
    line(headers),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(headers.map((h) => String(r[h])))),
  ].join('\n');
}

export interface BuiltServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  process: ChildProcess;
  /** The embedded PostgreSQL the server started (for seeding and raw measurements). */
  databaseUrl: string;
  /** Stops the server (and its database) and deletes its data directory. */
  stop(): Promise<void>;
}

/** The production build on a free port with a fresh DATA_DIR, answering /api/health. */
export async function startBuiltServer(
  name: string,
  env: Record<string, string> = {},
  options: {
    /**
     * Run the server inside bench/heap-probe.ts, which writes its process.memoryUsage() to this
     * file every 50 ms (and after a full collection on SIGUSR2).
     */
    heapFile?: string;
  } = {},
): Promise<BuiltServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `mea-bench-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROFILE_DIR=/tmp/prof writes a V8 CPU profile of the server when it stops.
  const profile = process.env.BENCH_CPU_PROFILE_DIR;
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const main = 'dist/server/main.js';
  const probe = options.heapFile
    ? ['--expose-gc', '--import', 'tsx', 'bench/heap-probe.ts', main]
    : [main];
  const server = startProcess('node', [...nodeArgs, ...probe], {
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    ...(options.heapFile ? { BENCH_HEAP_FILE: options.heapFile } : {}),
    ...env,
  });
  const stop = async () => {
    await stopProcess(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`${base}/api/health`, performance.now(), server);
    const databaseUrl = (await fs.readFile(path.join(dataDir, 'postgres.url'), 'utf8')).trim();
    return { base, process: server, databaseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
