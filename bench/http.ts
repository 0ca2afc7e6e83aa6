// GET /api/health and a hashed static asset under autocannon (50 connections, 10 s), beside a
// bare Fastify hello-world measured in the same run.
import { readFile } from 'node:fs/promises';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startProcess, stopProcess, waitForOk } from './lib';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

export interface LoadResult {
  name: string;
  reqPerSec: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    name,
    reqPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The entry script and stylesheet the home page loads (largest and a typical small asset). */
async function homeAssets(): Promise<{ script: string; style: string }> {
  const html = await readFile('dist/web/index.html', 'utf8');
  const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  const style = html.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
  if (!script || !style) throw new Error('no assets in dist/web/index.html; run npm run build');
  return { script, style };
}

export async function benchHttp(): Promise<LoadResult[]> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-bench-http-'));
  const appPort = await freePort();
  const helloPort = await freePort();
  const app = startProcess('node', ['dist/server/main.js'], {
    PORT: String(appPort),
    DATA_DIR: dataDir,
  });
  const hello = startProcess('npx', ['tsx', 'bench/hello-fastify.ts'], { PORT: String(helloPort) });
  try {
    await waitForOk(`http://127.0.0.1:${appPort}/api/health`, performance.now(), app);
    await waitForOk(`http://127.0.0.1:${helloPort}/`, performance.now(), hello);
    const assets = await homeAssets();
    const br = { 'accept-encoding': 'gzip, br' };
    const results: LoadResult[] = [];
    // Warm-up so JIT and connection pools are settled before measuring.
    await autocannon({
      url: `http://127.0.0.1:${appPort}/api/health`,
      connections: 10,
      duration: 2,
    });
    results.push(
      await load('bare Fastify hello-world (reference)', `http://127.0.0.1:${helloPort}/`),
    );
    results.push(await load('GET /api/health', `http://127.0.0.1:${appPort}/api/health`));
    results.push(
      await load(
        'GET /api/events?limit=3 (home query)',
        `http://127.0.0.1:${appPort}/api/events?limit=3`,
      ),
    );
    // The home page's pool of events: 50 events, compressed per cached answer (compress-json.ts).
    results.push(
      await load(
        'GET /api/events?limit=50 (brotli)',
        `http://127.0.0.1:${appPort}/api/events?limit=50`,
        br,
      ),
    );
    results.push(
      await load(`GET ${assets.style} (brotli)`, `http://127.0.0.1:${appPort}${assets.style}`, br),
    );
    results.push(
      await load(
        `GET ${assets.script} (brotli)`,
        `http://127.0.0.1:${appPort}${assets.script}`,
        br,
      ),
    );
    // A server that stopped mid-run answers nothing: say so rather than report 0 req/s.
    if (app.exitCode !== null || app.signalCode !== null)
      throw new Error(
        `the app server stopped during the run (exit ${app.exitCode ?? app.signalCode}); measured: ${results.map((r) => `${r.name} ${r.reqPerSec} req/s`).join(', ')}`,
      );
    return results;
  } finally {
    await stopProcess(app);
    await stopProcess(hello);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
