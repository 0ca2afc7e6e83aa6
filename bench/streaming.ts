// Issue 26 figures (decision 030): transcoding cost of one stream (CPU seconds per second of
// media, what decides how many streams a 2-core machine carries), and 1,000 concurrent viewers
// fetching a stream's playlist and segments through the signed-token access check, beside plain
// static serving of the same files in the same run. The built server's CPU time is read from
// /proc, so "CPU per viewer" is what the access check and file serving cost at 1 request/s per
// viewer (a player polls the playlist and fetches one 2 s segment every 2 s).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, median, startBuiltServer, waitForOk } from './lib';

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
  cpuMsPerRequest: number;
}

async function load(what: string, urls: string[], pid: number): Promise<ViewerFigure> {
  const before = await cpuSeconds(pid);
  const result = await autocannon({
    url: urls[0] ?? '',
    connections: VIEWERS,
    duration: DURATION_S,
    requests: urls.map((u) => ({ path: new URL(u).pathname + new URL(u).search })),
  });
  const cpu = (await cpuSeconds(pid)) - before;
  const total = result.requests.total || 1;
  return {
    what,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    cpuMsPerRequest: (cpu * 1000) / total,
  };
}

export async function benchStreaming() {
  const transcode = [
    await transcodeCost('1280x720', '2500k'),
    await transcodeCost('640x360', '800k'),
  ];
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
    await db.end();
    if (!streamId) throw new Error('the demo replay was not made (is ffmpeg installed?)');
    // The demo covers are still being drawn after start: let that settle before measuring.
    await new Promise((r) => setTimeout(r, Number(process.env.BENCH_SETTLE_MS ?? 30_000)));
    const grant = (await (
      await fetch(`${server.base}/api/streams/${streamId}/watch`, {
        method: 'POST',
        headers: { origin: server.base },
      })
    ).json()) as { playlistUrl: string };
    const playlistUrl = `${server.base}${grant.playlistUrl}`;
    const playlist = await (await fetch(playlistUrl)).text();
    const segments = playlist.split('\n').filter((l) => l.includes('.ts?token='));
    const urls = [
      playlistUrl,
      ...segments.slice(0, 3).map((s) => `${server.base}/api/streams/${streamId}/hls/${s}`),
    ];

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
    await load('warm-up', urls, pid);
    for (let i = 0; i < ROUNDS; i++)
      rounds.push({
        signed: await load('signed playlist + segments (access checked)', urls, pid),
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
        cpuMsPerRequest: median(list.map((r) => r.cpuMsPerRequest)),
      };
    };
    return { transcode, viewers: [pick('signed'), pick('plain')], rounds: rounds.length };
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
