// Meetings figure (decisions 031, 161): time from "Join now" to the first remote video frame
// (or, audio-only, the first remote audio packets) in a peer-mesh room, in headless Chromium with its fake camera and microphone, for rooms of
// 2, 4 and 6 people. The last person to arrive is measured (the others are already in, their
// video flowing): join → first frame decoded from anyone, and → frames from everyone. Beside it,
// in the same run and browser, the reference: loading the room's pre-join page until "Join now"
// is ready (a plain page load with the camera preview), so a slow machine shows in both.
// One browser, one context per person: on 2 cores a 6-person mesh (30 encoders and decoders)
// is itself the load, and the figure says what a laptop running several people would see.
// BENCH_MEET_VIDEO=off takes the cameras away (everyone joins with a fake microphone only), so a
// 6-person room's CPU is the signalling and 30 audio links, not 30 video encoders.
import os from 'node:os';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { eq, sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '../src/contracts/auth';
import { connectDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { getDemoAccount } from '../src/server/db/seed/demo-accounts';
import { createSession } from '../src/server/platform/auth/sessions';
import { createUser } from '../src/server/test/factories';
import { median, startBuiltServer } from './lib';

const SIZES = (process.env.BENCH_MEET_SIZES ?? '2,4,6')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n >= 2 && n <= 6);
const ROUNDS = Number(process.env.BENCH_MEET_ROUNDS ?? 7);
/**
 * What each fake camera sends: `WxH@FPS` (default 320x180@15, as the browser journey), or
 * `page` for the room's own request (640×360 at the device's 30 fps). At 640×360 a 6-person mesh
 * on 2 cores is 30 full encoders and decoders in one browser; or `off`: no camera at all (the
 * page's "no camera, join to listen and talk" path), and the figure is the first remote audio.
 */
const VIDEO = process.env.BENCH_MEET_VIDEO ?? '320x180@15';
const KIND = VIDEO === 'off' ? 'audio' : 'video';
const JOIN_TIMEOUT_MS = Number(process.env.BENCH_MEET_TIMEOUT_MS ?? 60_000);

/** Installed first: every getUserMedia asks for the bench's camera size (unless `page`). */
function cameraScript(video: string): string {
  // No camera: the page asks for both and gets the microphone alone, as on a laptop without one.
  if (video === 'off')
    return `(() => {
  const md = navigator.mediaDevices;
  if (!md) return;
  const native = md.getUserMedia.bind(md);
  md.getUserMedia = (c) => native(c && c.video ? { ...c, video: false } : c);
})();`;
  const match = /^(\d+)x(\d+)@(\d+)$/.exec(video);
  if (!match) return '';
  const [, width, height, fps] = match;
  return `(() => {
  const md = navigator.mediaDevices;
  if (!md) return;
  const native = md.getUserMedia.bind(md);
  md.getUserMedia = (c) => native(c && c.video
    ? { ...c, video: { ...(typeof c.video === 'object' ? c.video : {}), width: ${width}, height: ${height}, frameRate: ${fps} } }
    : c);
})();`;
}

/**
 * Installed before the page's scripts (a string: a function handed to Playwright would carry
 * tsx's helpers): keeps every RTCPeerConnection, and `__meetJoin(others)` clicks "Join now" and
 * polls getStats every 20 ms for decoded inbound video (audio-only: inbound audio packets, which
 * a link receives only once its media flows).
 */
const MEASURE = `(() => {
  const Native = window.RTCPeerConnection;
  const all = [];
  window.__pcs = all;
  window.RTCPeerConnection = class extends Native {
    constructor(config) { super(config); all.push(this); }
  };
  // The signalling socket's frames in and out (types only), for the failure report.
  const log = [];
  window.__signalLog = log;
  const NativeWs = window.WebSocket;
  window.WebSocket = class extends NativeWs {
    constructor(url, protocols) {
      super(url, protocols);
      if (!String(url).includes('/signal')) return;
      const t0 = performance.now();
      const kind = (f) => f.type === 'signal'
        ? 'signal:' + (f.data.description ? f.data.description.type : 'candidate')
        : f.type;
      log.push('open@' + Math.round(t0));
      this.addEventListener('message', (e) => {
        try { log.push('in ' + kind(JSON.parse(e.data)) + '@' + Math.round(performance.now())); } catch {}
      });
      this.addEventListener('close', (e) => log.push('close ' + e.code + '@' + Math.round(performance.now())));
      const send = this.send.bind(this);
      this.send = (d) => {
        try { log.push('out ' + kind(JSON.parse(d)) + '@' + Math.round(performance.now())); } catch {}
        send(d);
      };
    }
  };
  window.__openPcs = () => all.filter((pc) => pc.connectionState !== 'closed').length;
  window.__meetJoin = async (others) => {
    const button = [...document.querySelectorAll('button')].find(
      (b) => b.textContent.trim() === 'Join now' && !b.disabled,
    );
    if (!button) throw new Error('"Join now" is not ready');
    const t0 = performance.now();
    button.click();
    let first = null;
    while (performance.now() - t0 < ${JOIN_TIMEOUT_MS}) {
      let withFrames = 0;
      for (const pc of all) {
        if (pc.connectionState === 'closed') continue;
        let frames = 0;
        (await pc.getStats()).forEach((r) => {
          if (r.type === 'inbound-rtp' && r.kind === '${KIND}')
            frames += ${KIND === 'audio' ? 'r.packetsReceived' : 'r.framesDecoded'} || 0;
        });
        if (frames > 0) withFrames++;
      }
      const now = performance.now() - t0;
      if (first === null && withFrames > 0) first = now;
      if (withFrames >= others) return { first, all: now };
      await new Promise((r) => setTimeout(r, 20));
    }
    return { first, all: null, links: await window.__meetLinks() };
  };
  // What each connection got to: tells lost signalling (no remote description, ICE 'new')
  // from starved decoders (connected, packets in, frames not decoded).
  window.__meetLinks = async () => {
    const out = [];
    for (const pc of all) {
      if (pc.connectionState === 'closed') continue;
      const link = {
        signaling: pc.signalingState,
        ice: pc.iceConnectionState,
        connection: pc.connectionState,
        remote: pc.remoteDescription ? pc.remoteDescription.type : null,
        packets: 0,
        frames: 0,
        audioPackets: 0,
      };
      (await pc.getStats()).forEach((r) => {
        if (r.type === 'inbound-rtp' && r.kind === 'video') {
          link.packets += r.packetsReceived || 0;
          link.frames += r.framesDecoded || 0;
        }
        if (r.type === 'inbound-rtp' && r.kind === 'audio') link.audioPackets += r.packetsReceived || 0;
      });
      out.push(link);
    }
    // Consecutive candidates folded, so the log stays readable.
    const folded = [];
    for (const entry of log) {
      const name = entry.split('@')[0];
      const last = folded[folded.length - 1];
      if (last && last.name === name) last.n++;
      else folded.push({ name, at: entry.split('@')[1], n: 1 });
    }
    return { links: out, signals: folded.map((f) => f.name + (f.n > 1 ? ' x' + f.n : '') + '@' + f.at), text: document.body.innerText.slice(0, 300) };
  };
})();`;

interface Person {
  context: BrowserContext;
  page: Page;
}

interface JoinTimes {
  first: number | null;
  all: number | null;
  /** Each connection's state when media from everyone did not come in time. */
  links?: unknown[];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Opens the room's pre-join page; resolves with the ms until "Join now" is enabled. */
async function openPreJoin(page: Page, url: string): Promise<number> {
  const started = performance.now();
  await page.goto(url);
  await page.waitForFunction(
    `[...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Join now' && !b.disabled)`,
    undefined,
    { timeout: 120_000 },
  );
  return performance.now() - started;
}

async function join(page: Page, others: number): Promise<JoinTimes> {
  return page.evaluate<JoinTimes>(`window.__meetJoin(${others})`);
}

async function waitOpenPcs(page: Page, count: number) {
  await page.waitForFunction(`window.__openPcs() === ${count}`, undefined, { timeout: 120_000 });
}

export async function benchMeetings() {
  const server = await startBuiltServer('meetings', { RATE_LIMIT_MULTIPLIER: '100000' });
  const db = connectDatabase(server.databaseUrl, { max: 2 });
  let browser: Browser | undefined;
  const people: Person[] = [];
  try {
    // The demo organizer (on Pro) hosts; guests need only be signed in.
    const [host] = await db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, getDemoAccount('organizer').email));
    if (!host) throw new Error('the demo organizer is missing (SEED_DEMO off?)');
    const ids = [host.id];
    for (let i = 1; i < Math.max(...SIZES); i++)
      ids.push((await createUser(db.db, { fullName: `Bench Guest ${i}` })).id);

    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    });
    for (const id of ids) {
      // The page's CSP forbids eval, which Playwright's polling of a string predicate needs.
      const context = await browser.newContext({ bypassCSP: true });
      const { token } = await createSession(db.db, { userId: id, now: new Date() });
      await context.addCookies([{ name: SESSION_COOKIE, value: token, url: server.base }]);
      if (cameraScript(VIDEO)) await context.addInitScript(cameraScript(VIDEO));
      await context.addInitScript(MEASURE);
      const page = await context.newPage();
      // A busy machine loads the room slowly; the figure is the join, not the page load.
      page.setDefaultTimeout(120_000);
      people.push({ context, page });
    }
    const hostPage = (people[0] as Person).page;

    const results = [];
    const loads: number[] = [];
    const loadAverage: number[] = [os.loadavg()[0] ?? 0];
    for (const size of SIZES) {
      try {
        const room = await measureRoom(size);
        loads.push(...room.loads);
        results.push({
          people: size,
          firstP50Ms: median(room.firsts),
          firstP95Ms: percentile(room.firsts, 95),
          allP50Ms: median(room.alls),
          allP95Ms: percentile(room.alls, 95),
          pageLoadP50Ms: median(room.loads),
        });
      } catch (error) {
        // One room that does not come together says why, and the other sizes still run.
        results.push({ people: size, failed: error instanceof Error ? error.message : error });
      }
      for (const person of people) await person.page.goto('about:blank').catch(() => {});
      loadAverage.push(os.loadavg()[0] ?? 0);
    }
    return {
      rounds: ROUNDS,
      video: VIDEO,
      measured: KIND === 'audio' ? 'first inbound audio packets' : 'first decoded video frame',
      referencePageLoadMs: median(loads),
      loadAverage,
      results,
    };

    async function measureRoom(size: number) {
      const created = await hostPage.request.post(`${server.base}/api/meetings`, {
        data: { title: `Bench room of ${size}` },
        headers: { origin: server.base },
      });
      if (created.status() !== 201) throw new Error(`create: ${await created.text()}`);
      const { id } = (await created.json()) as { id: string };
      const url = `${server.base}/meameet/${id}`;
      // Everyone's links and signalling, and the room's rows: tells signalling from CPU.
      const report = async (who: Person[]) => {
        const views = [];
        for (const person of who) views.push(await person.page.evaluate('window.__meetLinks()'));
        const rows = await db.db.execute(
          sql`select user_id, seen_at, connected_at, now() as now from meeting_connections where meeting_id = ${id}`,
        );
        return JSON.stringify({ views, rows });
      };
      // Everyone but the last is in the room, their media flowing both ways.
      const inside = people.slice(0, size - 1);
      for (const [i, person] of inside.entries()) {
        await openPreJoin(person.page, url);
        const times = await join(person.page, i);
        if (i > 0 && times.all === null)
          throw new Error(
            `room of ${size}: person ${i + 1} got no ${KIND} from everyone: ${await report(inside.slice(0, i + 1))}`,
          );
      }
      const last = people[size - 1] as Person;
      const firsts: number[] = [];
      const alls: number[] = [];
      const roomLoads: number[] = [];
      for (let round = 0; round < ROUNDS + 1; round++) {
        const loadMs = await openPreJoin(last.page, url);
        const times = await join(last.page, size - 1);
        if (times.first === null || times.all === null)
          throw new Error(
            `room of ${size}, round ${round}: no ${KIND} from everyone within ${JOIN_TIMEOUT_MS} ms: ${await report([...inside, last])}`,
          );
        // The first round warms up the page's code and the server: not counted.
        if (round > 0) {
          roomLoads.push(loadMs);
          firsts.push(times.first);
          alls.push(times.all);
        }
        // Leave, and let the others drop the connection before the next arrival.
        await last.page.getByRole('button', { name: 'Leave', exact: true }).click();
        await waitOpenPcs(hostPage, size - 2);
      }
      return { firsts, alls, loads: roomLoads };
    }
  } finally {
    for (const person of people) await person.context.close().catch(() => {});
    await browser?.close();
    await db.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchMeetings();
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
}
