// Sign-in throughput with argon2id on this machine, and whether other routes stay responsive
// while sign-in is flooded. The server trusts X-Forwarded-For here so each request can come from
// its own address: that measures real password checks rather than cheap 429s. The flood runs in
// its own process; GET /api/health is measured from this one at the same time.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { startBuiltServer } from './lib';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const run = promisify(execFile);

export interface AuthBenchResult {
  signIn: { reqPerSec: number; p99Ms: number };
  singleAddress: { okPerSec: number; limitedPerSec: number };
  healthIdle: { p99Ms: number; reqPerSec: number };
  healthDuringFlood: { p99Ms: number; reqPerSec: number };
  healthDuringSingleIpFlood: { p99Ms: number; reqPerSec: number };
}

async function flood(base: string, mode: 'many' | 'one') {
  const { stdout } = await run('npx', [
    'tsx',
    '--import',
    './scripts/lingui-register.mjs',
    'bench/sign-in-flood.ts',
    base,
    String(DURATION_S),
    mode,
  ]);
  return JSON.parse(stdout) as { ok: number; other: number; p99: number };
}

async function health(base: string, delayMs = 0) {
  // Start a moment after the flood so both overlap fully.
  await new Promise((r) => setTimeout(r, delayMs));
  const result = await autocannon({
    url: `${base}/api/health`,
    connections: 5,
    duration: DURATION_S - 2,
  });
  return { p99Ms: result.latency.p99, reqPerSec: Math.round(result.requests.average) };
}

export async function benchAuth(): Promise<AuthBenchResult> {
  const server = await startBuiltServer('auth', { TRUST_PROXY: 'true' });
  const { base } = server;
  try {
    const healthIdle = await health(base);
    const [many, healthDuringFlood] = await Promise.all([flood(base, 'many'), health(base, 1500)]);
    const [one, healthDuringSingleIpFlood] = await Promise.all([
      flood(base, 'one'),
      health(base, 1500),
    ]);
    return {
      signIn: { reqPerSec: Math.round(many.ok / DURATION_S), p99Ms: many.p99 },
      singleAddress: {
        okPerSec: one.ok / DURATION_S,
        limitedPerSec: Math.round(one.other / DURATION_S),
      },
      healthIdle,
      healthDuringFlood,
      healthDuringSingleIpFlood,
    };
  } finally {
    await server.stop();
  }
}
