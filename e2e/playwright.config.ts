import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// Playwright evaluates this file in the main process and again in every worker. The port and
// data directory are chosen once, in the main process, and handed down through the environment
// so the workers talk to the same server.
function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,()=>{process.stdout.write(String(s.address().port));s.close()})",
  ])
    .toString()
    .trim();
}
process.env.E2E_PORT ??= freePort();
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mea-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  // The main process outlives the server it started (Playwright stops it first): the embedded
  // database (~40 MB) goes with the run.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

const FULL_CHROMIUM = '/usr/bin/chromium';
// Chromium's headless shell when installed (as .ci/run and `npm test` as root do): the same
// engine without the full browser's layers, about a third less CPU over the journeys
// (decision 097). The full Chromium otherwise.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const everydayChromium = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
// The headless shell denies notifications whatever is granted, so the journeys of push and of the
// prompt that asks for it run in the full browser, where they can fail.
const FULL_BROWSER_JOURNEYS = ['**/notifications.spec.ts', '**/buy-bar.spec.ts'];

const launchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Streaming journeys: a generated camera and microphone, permission granted
  // without a prompt, and video that may start playing without a click.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];

const port = process.env.E2E_PORT;
// Passkeys need `localhost` (docs/architecture.md); 127.0.0.1 would also be another cookie site.
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: '.',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A third worker was tried (decision 064): no faster, and the three-person meeting's fake
  // video no longer arrived in time beside two other journeys.
  workers: 2,
  reporter: 'list',
  // Long journeys (an organizer setting up tickets and codes) take 30 s on a busy 2-core machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // A failed journey keeps its trace: actions, DOM snapshots, network, console. Not the
    // screencast: encoding a picture of every changed frame of every page cost about 30 % of the
    // suite's CPU (shell + tickets journeys: 415 → 284 CPU s, decision 041), and the DOM
    // snapshots show the page at each step anyway.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  // Debian's Chromium; Playwright never downloads browsers on these machines.
  projects: [
    {
      name: 'chromium',
      testIgnore: FULL_BROWSER_JOURNEYS,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: everydayChromium, args: launchArgs },
      },
    },
    {
      name: 'chromium-full',
      testMatch: FULL_BROWSER_JOURNEYS,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: FULL_CHROMIUM, args: launchArgs },
      },
    },
  ],
  webServer: {
    // The production build (`npm run test:e2e` builds first) on a fresh embedded database.
    command: 'node dist/server/main.js',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...(process.env as Record<string, string>),
      PORT: port,
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Always the embedded database of this run, even when the shell has a DATABASE_URL.
      DATABASE_URL: '',
      // Every journey signs in from this one address; keep the per-client limits out of the way.
      RATE_LIMIT_MULTIPLIER: '20',
      // The cheapest argon2id for the journeys' hundreds of sign-ins (honoured only with
      // NODE_ENV=test; the integration tests keep and check the real cost, decision 128).
      CHEAP_PASSWORD_HASH: 'true',
      // The webhook journey's receiver listens on loopback (private networks stay refused).
      OUTGOING_ALLOW_LOOPBACK: 'true',
      // Live streaming journeys: 1 s HLS segments at 320 px, so going live, playing
      // and the replay come sooner and the encoders leave the machine to the other journeys.
      STREAM_SEGMENT_SECONDS: '1',
      STREAM_MAX_WIDTH: '320',
    },
  },
});
