// Live streaming figures (decision 030): transcoding cost of one stream (CPU seconds per second of
// media, what decides how many streams a 2-core machine carries), and 1,000 concurrent viewers
// fetching a stream's playlist and segments through the signed-token access check, beside plain
// static serving of the same files in the same run. The built server's CPU time is read from
// /proc, so "CPU per viewer" is what the access check and file serving cost at 1 request/s per
// viewer (a player polls the playlist and fetches one 2 s segment every 2 s).
// Glass-to-glass delay: headless Chromium goes live from the real set-up page with a canvas
// "camera" that paints the clock as a 32-cell bar code in every frame; a second context plays
// the real watch page and reads the code back from the decoded video (same machine, same clock).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import autocannon from 'autocannon';
import pg from 'pg';
import { SESSION_COOKIE } from '../src/contracts/auth';
import { connectDatabase } from '../src/server/db/client';
import { getDemoAccount } from '../src/server/db/seed/demo-accounts';
import { createSession } from '../src/server/platform/auth/sessions';
import { freePort, median, startBuiltServer, waitForOk, type BuiltServer } from './lib';

/** node:http serving files from a folder, nothing else: the floor for serving these bytes. */
const STATIC_SERVER = `
const http = require('node:http'); const fs = require('node:fs'); const path = require('node:path');
const [dir, port] = process.argv.slice(1);
http.createServer((req, res) => {
  const file = path.join(dir, path.basename(req.url.split('?')[0]));
  fs.stat(file, (error, stat) => {
    if (error) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-length': stat.size });
    fs.createReadStream(file).pipe(res);
  });
}).listen(Number(port), '127.0.0.1');
`;

const run = promisify(execFile);
const VIEWERS = Number(process.env.BENCH_STREAM_VIEWERS ?? 1000);
// Requests per second per viewer: a player polls the playlist and fetches one segment per
// segment length (2 s): 1/s. 0 = as fast as the server answers (a throughput test).
const RATE = Number(process.env.BENCH_STREAM_RATE ?? 1);
// Seconds of glass-to-glass samples per latency mode; 0 skips the browser part.
const G2G_SECONDS = Number(process.env.BENCH_G2G_SECONDS ?? 15);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HZ = 100; // USER_HZ: /proc ticks per second on Linux

async function cpuSeconds(pid: number): Promise<number> {
  // The server runs as a process group (npm → node); sum every process in it.
  const { stdout } = await run('ps', ['-o', 'pid=', '-g', String(pid)]).catch(() => ({
    stdout: String(pid),
  }));
  let ticks = 0;
  for (const id of stdout.split(/\s+/).filter(Boolean)) {
    const stat = await fs.readFile(`/proc/${id}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return ticks / HZ;
}

export interface TranscodeFigure {
  size: string;
  cpuPerMediaSecond: number;
  streamsPerTwoCores: number;
}

/** CPU seconds ffmpeg spends per second of a MediaRecorder-like webm, through our HLS args. */
async function transcodeCost(size: string, bitrate: string): Promise<TranscodeFigure> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-bench-transcode-'));
  try {
    const input = path.join(dir, 'in.webm');
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
      ...['-i', `testsrc2=size=${size}:rate=30`, '-f', 'lavfi', '-i', 'sine', '-t', '10'],
      ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', bitrate],
      ...['-c:a', 'libopus', input],
    ]);
    const { hlsArgs } = await import('../src/server/modules/streaming/ingest');
    const args = hlsArgs({ input: { kind: 'pipe' }, dir, keepAll: false }).map((a) =>
      a === 'pipe:0' ? input : a,
    );
    const samples: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const { stderr } = await run('/usr/bin/time', ['-f', '%U %S', 'ffmpeg', ...args]);
      const [user, sys] = stderr.trim().split('\n').pop()?.split(' ').map(Number) ?? [0, 0];
      samples.push(((user ?? 0) + (sys ?? 0)) / 10);
    }
    const cpu = median(samples);
    // Leave a quarter of the machine to the API, PostgreSQL and the viewers' requests.
    return { size, cpuPerMediaSecond: cpu, streamsPerTwoCores: Math.floor((2 * 0.75) / cpu) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export interface ViewerFigure {
  what: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** What the errors were: HTTP statuses other than 2xx, socket errors by code, timeouts. */
  errorKinds: Record<string, number>;
  cpuMsPerRequest: number;
}

/**
 * `urls` carry `token=TOKEN` as a placeholder when `tokens` are given: each connection (one
 * viewer) takes its own token on its first request and keeps it, as 1,000 real players would
 * (each viewer counted and written on its own), rather than 1,000 connections sharing one.
 */
async function load(
  what: string,
  urls: string[],
  pid: number,
  tokens: string[] = [],
): Promise<ViewerFigure> {
  const before = await cpuSeconds(pid);
  let next = 0;
  const errorKinds: Record<string, number> = {};
  const count = (kind: string) => (errorKinds[kind] = (errorKinds[kind] ?? 0) + 1);
  // Without a callback autocannon returns its instance, which is also a promise of the result.
  const instance = autocannon({
    url: urls[0] ?? '',
    connections: VIEWERS,
    duration: DURATION_S,
    ...(RATE > 0 ? { connectionRate: RATE } : {}),
    requests: urls.map((u) => {
      const target = new URL(u).pathname + new URL(u).search;
      return {
        setupRequest: (request: autocannon.Request, context: { token?: string }) => {
          if (!tokens.length) return { ...request, path: target };
          context.token ??= tokens[next++ % tokens.length];
          return { ...request, path: target.replace('TOKEN', String(context.token)) };
        },
      };
    }),
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_client: unknown, statusCode: number) => {
    if (statusCode < 200 || statusCode > 299) count(`HTTP ${statusCode}`);
  });
  instance.on('reqError', (error: NodeJS.ErrnoException) => count(error.code ?? error.message));
  const result = await instance;
  if (result.timeouts) errorKinds.timeouts = result.timeouts;
  const cpu = (await cpuSeconds(pid)) - before;
  const total = result.requests.total || 1;
  return {
    what,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    errorKinds,
    cpuMsPerRequest: (cpu * 1000) / total,
  };
}

/**
 * The broadcaster's camera (installed before the set-up page's scripts): a 640×360 canvas
 * repainted every 33 ms with Date.now() mod 2^24 and an 8-bit check as 32 black or white cells
 * of 80×90 px, big enough to survive VP8 and H.264. A string, not a function: Playwright would
 * carry tsx's helpers into the page.
 */
const CLOCK_CAMERA = `(() => {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 360;
  const g = canvas.getContext('2d');
  const draw = () => {
    const code = Date.now() % 16777216;
    const bits = code + ((code * 7 + 3) % 256) * 16777216;
    for (let i = 0; i < 32; i++) {
      g.fillStyle = Math.floor(bits / 2 ** i) % 2 ? '#fff' : '#000';
      g.fillRect((i % 8) * 80, Math.floor(i / 8) * 90, 80, 90);
    }
  };
  draw();
  setInterval(draw, 33);
  navigator.mediaDevices.getUserMedia = async () => canvas.captureStream(30);
})()`;

/** Reads the clock code from the viewer's video now: the delay in ms, or null if unreadable. */
const READ_DELAY = `(() => {
  const video = document.querySelector('video[aria-label="Live stream"]');
  if (!video || video.readyState < 2 || !video.videoWidth) return null;
  const canvas = window.__g2g || (window.__g2g = document.createElement('canvas'));
  canvas.width = 640;
  canvas.height = 360;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  g.drawImage(video, 0, 0, 640, 360);
  const now = Date.now();
  let bits = 0;
  for (let i = 0; i < 32; i++) {
    const p = g.getImageData((i % 8) * 80 + 40, Math.floor(i / 8) * 90 + 45, 1, 1).data;
    if (p[0] + p[1] + p[2] > 384) bits += 2 ** i;
  }
  const code = bits % 16777216;
  if ((code * 7 + 3) % 256 !== Math.floor(bits / 16777216)) return null;
  return (now % 16777216 - code + 16777216) % 16777216;
})()`;

export interface DelayFigure {
  mode: string;
  medianMs: number;
  minMs: number;
  maxMs: number;
  samples: number;
  unreadable: number;
}

async function sampleDelays(page: Page, mode: string): Promise<DelayFigure> {
  // Playing, and the player settled on its distance from the live edge.
  await page.waitForFunction(
    `(document.querySelector('video[aria-label="Live stream"]')?.currentTime ?? 0) > 1`,
    undefined,
    { timeout: 60_000 },
  );
  await new Promise((r) => setTimeout(r, 5000));
  const delays: number[] = [];
  let unreadable = 0;
  const until = performance.now() + G2G_SECONDS * 1000;
  while (performance.now() < until) {
    const delay = await page.evaluate<number | null>(READ_DELAY);
    if (delay === null) unreadable++;
    else delays.push(delay);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    mode,
    medianMs: median(delays),
    minMs: Math.min(...delays),
    maxMs: Math.max(...delays),
    samples: delays.length,
    unreadable,
  };
}

/** Browser broadcaster → HLS → browser viewer, both through the real pages. */
async function glassToGlass(server: BuiltServer, organizerId: string): Promise<DelayFigure[]> {
  const handle = connectDatabase(server.databaseUrl, { max: 1 });
  const { token } = await createSession(handle.db, { userId: organizerId, now: new Date() });
  await handle.close();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  try {
    const cookie = { name: SESSION_COOKIE, value: token, url: server.base };
    // The page's CSP forbids eval, which Playwright's polling of a string predicate needs.
    const broadcaster = await browser.newContext({ baseURL: server.base, bypassCSP: true });
    await broadcaster.addCookies([cookie]);
    await broadcaster.addInitScript(CLOCK_CAMERA);
    // The organizer watches their own stream from a second context (owners may always watch).
    const viewer = await browser.newContext({ baseURL: server.base, bypassCSP: true });
    await viewer.addCookies([cookie]);

    const api = broadcaster.request;
    const created = await api.post('/api/events', {
      data: {
        title: 'Glass to glass',
        category: 'Music',
        description: 'The streaming benchmark measures its own delay on this event.',
        startsAt: '2031-09-12T23:00:00.000Z',
        endsAt: '2031-09-13T02:00:00.000Z',
        timezone: 'America/New_York',
        city: 'Brooklyn',
        venueName: 'Blue Room',
        capacity: 200,
        isFree: true,
      },
    });
    if (created.status() !== 201) throw new Error(`event: ${await created.text()}`);
    const { id: eventId } = (await created.json()) as { id: string };
    await api.post(`/api/events/${eventId}/publish`);
    const stream = await api.post(`/api/events/${eventId}/streams`, {
      data: {
        title: 'Glass to glass',
        scheduledStart: new Date(Date.now() + 3_600_000).toISOString(),
        access: 'public',
        chatEnabled: false,
        recordingEnabled: false,
      },
    });
    if (stream.status() !== 201) throw new Error(`stream: ${await stream.text()}`);
    const { id: streamId } = (await stream.json()) as { id: string };

    const page = await broadcaster.newPage();
    await page.goto(`/event/${eventId}/stream`);
    await page.getByRole('button', { name: 'Start preview' }).click();
    await page.getByRole('button', { name: 'Go live' }).click();
    await page.getByText('You are live.').waitFor({ timeout: 60_000 });

    const watch = await viewer.newPage();
    await watch.goto(`/stream/watch/${streamId}`);
    const figures = [await sampleDelays(watch, 'low latency')];
    await watch.getByLabel('Stable').check();
    figures.push(await sampleDelays(watch, 'stable'));
    await page.getByRole('button', { name: 'Stop broadcast' }).click();
    return figures;
  } finally {
    await browser.close();
  }
}

export async function benchStreaming() {
  // BENCH_TRANSCODE=0 skips the transcoding figures (a viewers-only before/after comparison).
  const transcode =
    process.env.BENCH_TRANSCODE === '0'
      ? []
      : [await transcodeCost('1280x720', '2500k'), await transcodeCost('640x360', '800k')];
  // STREAM_SEGMENT_SECONDS in the bench's environment reaches the server (startProcess passes
  // the environment on): `STREAM_SEGMENT_SECONDS=1 npm run bench streaming` compares.
  const server = await startBuiltServer('streaming', {
    RATE_LIMIT_MULTIPLIER: '100000',
    RTMP_PORT: '0',
  });
  const files = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-bench-static-'));
  let staticServer: ChildProcess | undefined;
  try {
    // The demo seed's recorded public stream gets its replay in the background after start.
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    let streamId: string | undefined;
    for (let i = 0; i < 600 && !streamId; i++) {
      const { rows } = await db.query<{ id: string }>(
        "select id from streams where recording_key is not null and access = 'public' limit 1",
      );
      streamId = rows[0]?.id;
      if (!streamId) await new Promise((r) => setTimeout(r, 100));
    }
    const { rows: organizer } = await db.query<{ id: string }>(
      'select id from users where email = $1',
      [getDemoAccount('organizer').email],
    );
    await db.end();
    if (!streamId) throw new Error('the demo replay was not made (is ffmpeg installed?)');
    // The demo covers are still being drawn after start: let that settle before measuring.
    await new Promise((r) => setTimeout(r, Number(process.env.BENCH_SETTLE_MS ?? 30_000)));
    // The demo organizer is on Pro: streaming is included.
    const delay =
      G2G_SECONDS > 0 && organizer[0] ? await glassToGlass(server, organizer[0].id) : [];
    // One watch grant per viewer (signed out, the public replay: each an anon-… viewer).
    const grantOf = async () =>
      (await (
        await fetch(`${server.base}/api/streams/${streamId}/watch`, {
          method: 'POST',
          headers: { origin: server.base },
        })
      ).json()) as { playlistUrl: string };
    const grant = await grantOf();
    const tokenOf = (url: string) => new URL(url, server.base).searchParams.get('token') ?? '';
    const tokens = [tokenOf(grant.playlistUrl)];
    while (tokens.length < VIEWERS) tokens.push(tokenOf((await grantOf()).playlistUrl));
    const playlistUrl = `${server.base}${grant.playlistUrl}`;
    const playlist = await (await fetch(playlistUrl)).text();
    const segments = playlist.split('\n').filter((l) => l.includes('.ts?token='));
    const urls = [
      playlistUrl,
      ...segments.slice(0, 3).map((s) => `${server.base}/api/streams/${streamId}/hls/${s}`),
    ];
    const templates = urls.map((u) => u.replace(`token=${tokens[0]}`, 'token=TOKEN'));

    // The same bytes from a plain static file server (the reference).
    const names: string[] = ['index.m3u8'];
    await fs.writeFile(path.join(files, 'index.m3u8'), playlist);
    for (const [i, url] of urls.slice(1).entries()) {
      const name = `s${i}.ts`;
      await fs.writeFile(
        path.join(files, name),
        Buffer.from(await (await fetch(url)).arrayBuffer()),
      );
      names.push(name);
    }
    const port = await freePort();
    // Its own process, so its CPU time is read the same way as the server's.
    staticServer = spawn(process.execPath, ['-e', STATIC_SERVER, files, String(port)], {
      stdio: 'ignore',
    });
    await waitForOk(`http://127.0.0.1:${port}/index.m3u8`, performance.now(), staticServer);
    const staticUrls = names.map((n) => `http://127.0.0.1:${port}/${n}`);
    const pid = server.process.pid ?? 0;

    const rounds: { signed: ViewerFigure; plain: ViewerFigure }[] = [];
    await load('warm-up', templates, pid, tokens);
    for (let i = 0; i < ROUNDS; i++)
      rounds.push({
        signed: await load('signed playlist + segments (access checked)', templates, pid, tokens),
        plain: await load('plain static files (reference)', staticUrls, staticServer.pid ?? 0),
      });
    const pick = (key: 'signed' | 'plain'): ViewerFigure => {
      const list = rounds.map((r) => r[key]);
      return {
        what: list[0]?.what ?? key,
        reqPerSec: median(list.map((r) => r.reqPerSec)),
        p50Ms: median(list.map((r) => r.p50Ms)),
        p99Ms: median(list.map((r) => r.p99Ms)),
        errors: list.reduce((sum, r) => sum + r.errors, 0),
        errorKinds: list.reduce<Record<string, number>>((all, r) => {
          for (const [k, n] of Object.entries(r.errorKinds)) all[k] = (all[k] ?? 0) + n;
          return all;
        }, {}),
        cpuMsPerRequest: median(list.map((r) => r.cpuMsPerRequest)),
      };
    };
    return {
      transcode,
      viewers: [pick('signed'), pick('plain')],
      rounds: rounds.length,
      delay,
      segmentSeconds: Number(process.env.STREAM_SEGMENT_SECONDS ?? 2),
      viewerRate: RATE,
    };
  } finally {
    staticServer?.kill();
    await server.stop();
    await fs.rm(files, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchStreaming();
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
}
