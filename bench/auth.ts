// Sign-in throughput with argon2id on this machine, and whether other routes stay responsive
// while sign-in is flooded. The server trusts X-Forwarded-For here so each request can come from
// its own address: that measures real password checks rather than cheap 429s.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEMO_PASSWORD, getDemoAccount } from '../src/server/db/seed/demo-accounts';
import { freePort, startProcess, stopProcess, waitForOk } from './lib';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

export interface AuthBenchResult {
  signIn: { reqPerSec: number; p99Ms: number; ok: number; limited: number };
  healthIdle: { p99Ms: number; reqPerSec: number };
  healthDuringFlood: { p99Ms: number; reqPerSec: number };
  healthDuringSingleIpFlood: { p99Ms: number; reqPerSec: number };
}

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

function signInFlood(base: string, rotateIps: boolean) {
  const account = getDemoAccount('attendee');
  const body = JSON.stringify({ email: account.email, password: DEMO_PASSWORD });
  return autocannon({
    url: `${base}/api/auth/sign-in`,
    connections: 20,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          body,
          headers: {
            'content-type': 'application/json',
            ...(rotateIps ? { 'x-forwarded-for': nextIp() } : {}),
          },
        }),
      },
    ],
  });
}

const health = (base: string) =>
  autocannon({ url: `${base}/api/health`, connections: 5, duration: DURATION_S });

export async function benchAuth(): Promise<AuthBenchResult> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-bench-auth-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startProcess('node', ['dist/server/main.js'], {
    PORT: String(port),
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
  });
  try {
    await waitForOk(`${base}/api/health`, performance.now(), server);
    const idle = await health(base);
    const [flood, during] = await Promise.all([signInFlood(base, true), health(base)]);
    const [, duringSingle] = await Promise.all([signInFlood(base, false), health(base)]);
    return {
      signIn: {
        reqPerSec: Math.round(flood['2xx'] / DURATION_S),
        p99Ms: flood.latency.p99,
        ok: flood['2xx'],
        limited: flood.non2xx,
      },
      healthIdle: { p99Ms: idle.latency.p99, reqPerSec: Math.round(idle.requests.average) },
      healthDuringFlood: {
        p99Ms: during.latency.p99,
        reqPerSec: Math.round(during.requests.average),
      },
      healthDuringSingleIpFlood: {
        p99Ms: duringSingle.latency.p99,
        reqPerSec: Math.round(duringSingle.requests.average),
      },
    };
  } finally {
    await stopProcess(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
