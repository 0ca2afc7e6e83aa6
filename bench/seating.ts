// Reserved seating at arena size (decisions 068, 072), against the built server:
// - a flash sale on a 20,000-seat plan (two categories of 10,000): 5× demand over HTTP, each
//   attempt choosing two adjacent seats at random (so attempts overlap), beside the count-only
//   flash sale of the same attempts (two tickets each, 20,000 tickets) on the same server; seats
//   sold twice, oversold categories and orders without their seats are counted in the database;
// - the seat map's time to interactive in Chromium at 4× CPU throttling: from navigation to a
//   seat clicked showing as chosen, on the 20,000-seat map beside a 12-seat one;
// - a seat's change reaching BENCH_SEATING_VIEWERS sockets that watch the map: held (a checkout
//   on this server) and freed (a cancellation, found by the watch's periodic read), from the
//   request's start, beside the checkout's own answer time.
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { SESSION_COOKIE } from '../src/contracts/auth';
import type { ServerFrame } from '../src/contracts/realtime';
import { expandPlan, type Seat } from '../src/contracts/seat-layout';
import { SeatPlanSchema, type SeatPlanInput } from '../src/contracts/seating';
import { connectDatabase, type Database } from '../src/server/db/client';
import { createSession } from '../src/server/platform/auth/sessions';
import { must } from '../src/server/platform/must';
import { createEvent, createTicketType, createUser } from '../src/server/test/factories';
import { median, startBuiltServer } from './lib';
import { cpuUs, databasePids } from './process-cpu';

const ROWS = Number(process.env.BENCH_SEATING_ROWS ?? 100);
const PER_ROW = Number(process.env.BENCH_SEATING_PER_ROW ?? 100);
const DEMAND = 5;
/** Fewer attempts than 5× demand, for a shorter run on a busy machine (the report says so). */
const ATTEMPTS = Number(process.env.BENCH_SEATING_ATTEMPTS ?? 0);
const CONNECTIONS = Number(process.env.BENCH_SEATING_CONNECTIONS ?? 32);
const BUYERS = 40;
const VIEWERS = Number(process.env.BENCH_SEATING_VIEWERS ?? 1000);
const CHANGES = Number(process.env.BENCH_SEATING_CHANGES ?? 30);
const MAP_RUNS = Number(process.env.BENCH_SEATING_MAP_RUNS ?? 3);
/** `map`: the map's figures alone (the two maps, no sale and no live viewers), for A/B runs. */
const ONLY = process.env.BENCH_SEATING_ONLY;
export const SEATING_AIMS = {
  checkoutsPerSec: 1000,
  p99Ms: 200,
  interactiveMs: 1000,
  liveP99Ms: 500,
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
};

/** Two blocks of ROWS × PER_ROW, Standard and Premium. */
const arena = (rows: number, perRow: number): SeatPlanInput => ({
  categories: [
    { id: 'std', name: 'Standard', color: '#1f6feb' },
    { id: 'pre', name: 'Premium', color: '#d4a017' },
  ],
  sections: [
    { id: 'S', name: 'Stage', kind: 'stage', x: 0, y: 0, width: 600, height: 40 },
    {
      id: 'A',
      name: 'North',
      kind: 'grid',
      x: 0,
      y: 60,
      rows,
      seatsPerRow: perRow,
      categoryId: 'std',
    },
    {
      id: 'B',
      name: 'South',
      kind: 'grid',
      x: perRow * 24 + 40,
      y: 60,
      rows,
      seatsPerRow: perRow,
      categoryId: 'pre',
    },
  ],
  seatFlags: {},
});

interface Sale {
  attempts: number;
  /**
   * CPU ms per attempt over the sale (from /proc): the server process, and PostgreSQL (all its
   * processes). On a loaded machine an answer's time measures the queue; its CPU does not.
   */
  serverCpuMs: number;
  databaseCpuMs: number;
  created: number;
  refused: number;
  serverErrors: number;
  checkoutsPerSec: number;
  p50Ms: number;
  p99Ms: number;
}

/** The benched server's process and its database's, to read their CPU around a sale. */
interface Processes {
  pid: number;
  databaseUrl: string;
}

/** CPU µs of the server, and of each of the database's processes by pid. */
async function cpuNow(server: Processes) {
  const pids = await databasePids(server.databaseUrl);
  const database = new Map<number, number>();
  for (const pid of pids) database.set(pid, await cpuUs([pid]));
  return { server: await cpuUs([server.pid]), database };
}

/** The database's CPU between two readings: a process started meanwhile (a new connection) counts whole. */
const databaseUsBetween = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, us]) => sum + us - (before.get(pid) ?? 0), 0);

async function load(
  server: Processes,
  url: string,
  attempts: number,
  cookies: string[],
  bodies: (n: number) => string,
): Promise<Sale> {
  const cpuBefore = await cpuNow(server);
  let created = 0;
  let firstAt = 0;
  let lastCreatedAt = 0;
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    amount: attempts,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          firstAt ||= performance.now();
          next += 1;
          return {
            ...request,
            body: bodies(next),
            headers: {
              'content-type': 'application/json',
              cookie: cookies[next % cookies.length] ?? '',
              'idempotency-key': randomUUID(),
            },
          };
        },
        onResponse: (status) => {
          if (status === 201) {
            created += 1;
            lastCreatedAt = performance.now();
          }
        },
      },
    ],
  });
  const cpuAfter = await cpuNow(server);
  const perAttempt = (us: number) => Math.round(us / Math.max(1, result.requests.total)) / 1000;
  const codes = result.statusCodeStats as unknown as Record<string, { count: number }>;
  const count = (prefix: string) =>
    Object.entries(codes)
      .filter(([code]) => code.startsWith(prefix))
      .reduce((sum, [, v]) => sum + v.count, 0);
  return {
    attempts: result.requests.total,
    serverCpuMs: perAttempt(cpuAfter.server - cpuBefore.server),
    databaseCpuMs: perAttempt(databaseUsBetween(cpuBefore.database, cpuAfter.database)),
    created,
    refused: count('4'),
    serverErrors: count('5') + result.errors,
    checkoutsPerSec: Math.round(created / ((lastCreatedAt - firstAt) / 1000)),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

async function api(base: string, cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

const cookieOf = async (db: Database, userId: string) =>
  `${SESSION_COOKIE}=${(await createSession(db, { userId, now: new Date() })).token}`;

/** An event of `ownerId` sold on the plan, each category a ticket type of its seat count. */
async function seatedEvent(
  db: Database,
  base: string,
  owner: { id: string; cookie: string },
  plan: SeatPlanInput,
) {
  const seats = expandPlan(SeatPlanSchema.parse(plan));
  const event = await createEvent(db, { userId: owner.id, isFree: false, title: 'Arena night' });
  const ticketTypes: Record<string, string> = {};
  for (const category of plan.categories) {
    const type = await createTicketType(db, {
      eventId: event.id,
      name: category.name,
      quantity: seats.filter((s) => s.categoryId === category.id).length,
      priceCents: 4000,
    });
    ticketTypes[category.id] = type.id;
  }
  const saved = await api(base, owner.cookie, 'POST', '/api/seating/plans', {
    name: `Arena ${randomUUID().slice(0, 6)}`,
    plan,
  });
  await api(base, owner.cookie, 'PUT', `/api/events/${event.id}/seating`, {
    planId: saved.id,
    version: 1,
    ticketTypes,
  });
  return { eventId: event.id, seats, ticketTypes };
}

/** Pairs of adjacent seats, drawn at random (a seeded walk, the same every run). */
function adjacentPairs(seats: Seat[], count: number): string[][] {
  const rows = new Map<string, Seat[]>();
  for (const seat of seats) rows.set(seat.group, [...(rows.get(seat.group) ?? []), seat]);
  const groups = [...rows.values()].map((row) => row.sort((a, b) => a.col - b.col));
  let state = 12345;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: count }, () => {
    const row = groups[Math.floor(random() * groups.length)] ?? [];
    const at = Math.floor(random() * (row.length - 1));
    return [row[at]?.id ?? '', row[at + 1]?.id ?? ''];
  });
}

/** What the database says after the sale: seats twice, categories oversold, orders without seats. */
async function audit(db: Database, eventId: string, ticketTypes: Record<string, string>) {
  const { rows } = await db.execute<{ twice: number; oversold: number; short: number }>(sql`
    with live as (
      select o.id from orders o
       where o.status in ('pending', 'paid', 'partially_refunded')
         and exists (select 1 from order_items i where i.order_id = o.id and i.event_id = ${eventId})
    ),
    per_type as (
      select i.ticket_type_id, sum(i.quantity)::int as sold from order_items i
       where i.order_id in (select id from live) group by i.ticket_type_id
    )
    select
      (select count(*)::int from (select seat_id from event_seats where event_id = ${eventId}
         group by seat_id having count(*) > 1) d) as twice,
      (select count(*)::int from per_type p join ticket_types t on t.id = p.ticket_type_id
         where p.sold > t.quantity) as oversold,
      (select count(*)::int from live l
         where (select coalesce(sum(quantity), 0) from order_items where order_id = l.id)
            <> (select count(*) from event_seats s where s.order_id = l.id)) as short`);
  const seated = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from event_seats where event_id = ${eventId} and order_id is not null`);
  void ticketTypes;
  return { ...rows[0], seatsTaken: seated.rows[0]?.n ?? 0 };
}

async function flashSale(
  db: Database,
  base: string,
  owner: { id: string; cookie: string },
  server: Processes,
) {
  const plan = arena(ROWS, PER_ROW);
  const { eventId, seats, ticketTypes } = await seatedEvent(db, base, owner, plan);
  const buyers = await Promise.all(Array.from({ length: BUYERS }, () => createUser(db)));
  const cookies = await Promise.all(buyers.map((b) => cookieOf(db, b.id)));
  const attempts = ATTEMPTS || Math.round((DEMAND * seats.length) / 2);
  const pairs = adjacentPairs(seats, attempts + CONNECTIONS * 2);
  const seated = await load(
    server,
    `${base}/api/events/${eventId}/seat-orders`,
    attempts,
    cookies,
    (n) => JSON.stringify({ seatIds: pairs[n % pairs.length] }),
  );
  const checked = await audit(db, eventId, ticketTypes);

  // The count-only reference: the same attempts, two tickets each, of one type of the same size.
  const countEvent = await createEvent(db, { userId: owner.id, isFree: false, title: 'Count' });
  const type = await createTicketType(db, {
    eventId: countEvent.id,
    quantity: seats.length,
    priceCents: 4000,
  });
  const body = JSON.stringify({ items: [{ ticketTypeId: type.id, quantity: 2 }] });
  const counted = await load(server, `${base}/api/orders`, attempts, cookies, () => body);
  return { seats: seats.length, seated, counted, ...checked };
}

/**
 * Navigation to a seat clicked showing as chosen, in ms, at 4× CPU throttling. The click is at
 * the seat's place on the map: a large plan paints its seats on a canvas (decision 091), where
 * only a chosen seat is an element, so both maps are clicked the same way.
 */
async function mapInteractive(base: string, cookie: string, eventId: string, seat: Seat) {
  const seatId = seat.id;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const runs: number[] = [];
    /**
     * The page's main thread busy until the seat showed as chosen (CDP's TaskDuration, in ms at
     * 4×): its CPU's share of the wait, which a loaded machine stretches less than the wall time.
     */
    const busy: number[] = [];
    /**
     * Per load, the app's reads of the seating answer and how many of them went to the network
     * (CDP, not Playwright's responses, which list an answer handed over from the preload too).
     * The page reads it twice: first (the preload's answer, when taken), then once its live
     * socket watches the map.
     */
    const seatingRequests: string[] = [];
    for (let run = 0; run < MAP_RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const [name, value] = cookie.split('=');
      await context.addCookies([{ name: name ?? '', value: value ?? '', url: base }]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.enable');
      await cdp.send('Performance.enable');
      let preloaded = 0;
      let fetched = 0;
      cdp.on('Network.requestWillBeSent', (sent) => {
        if (!new URL(sent.request.url).pathname.endsWith('/seating')) return;
        if (sent.initiator.type === 'script') fetched += 1;
        else preloaded += 1;
      });
      await page.addInitScript(() => {
        const counted = window as unknown as { seatingReads: number };
        counted.seatingReads = 0;
        const original = window.fetch;
        window.fetch = (input, init) => {
          if (String(input instanceof Request ? input.url : input).endsWith('/seating'))
            counted.seatingReads += 1;
          return original(input, init);
        };
      });
      await page.goto(`${base}/event/${eventId}/seats`, { waitUntil: 'commit' });
      const map = page.locator('svg[role="img"]').first();
      await map.waitFor({ timeout: 60_000 });
      const [left = 0, top = 0, width = 1] = ((await map.getAttribute('viewBox')) ?? '')
        .split(' ')
        .map(Number);
      const drawn = await map.boundingBox();
      const scale = (drawn?.width ?? width) / width;
      await map.click({
        position: { x: (seat.x - left) * scale, y: (seat.y - top) * scale },
        timeout: 60_000,
      });
      await page.waitForSelector(`[data-seat="${seatId}"][data-state="selected"]`);
      runs.push(await page.evaluate(() => performance.now()));
      const { metrics } = await cdp.send('Performance.getMetrics');
      busy.push(Math.round((metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000));
      const reads = await page.evaluate(
        () => (window as unknown as { seatingReads: number }).seatingReads,
      );
      seatingRequests.push(`${reads} read(s), ${preloaded} preload + ${fetched} sent`);
      await context.close();
    }
    return { runs, busy, seatingRequests };
  } finally {
    await browser.close();
  }
}

/** Sockets watching the map; each change's arrival at every one, from the request's start. */
async function liveUpdates(db: Database, base: string, eventId: string, pairs: string[][]) {
  const users = await Promise.all(Array.from({ length: 20 }, () => createUser(db)));
  const cookies: string[] = [];
  for (let i = 0; i < VIEWERS; i += 1) cookies.push(await cookieOf(db, users[i % 20]?.id ?? ''));
  const waiting = new Map<string, { at: number; arrivals: number[] }>();
  const sockets = await Promise.all(
    cookies.map(
      (cookie) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`${base.replace('http', 'ws')}/api/realtime`, {
            headers: { cookie, origin: base },
          });
          ws.on('error', reject);
          ws.on('message', (data) => {
            const frame = JSON.parse(String(data)) as ServerFrame;
            if (frame.type === 'ready')
              ws.send(JSON.stringify({ type: 'seat_map_watch', eventId }));
            else if (frame.type === 'seat_map_watching') resolve(ws);
            else if (frame.type === 'seat_map') {
              const now = performance.now();
              for (const [seatId, state] of Object.entries(frame.seats))
                waiting.get(`${seatId}:${state}`)?.arrivals.push(now);
            }
          });
        }),
    ),
  );
  const buyer = await cookieOf(db, (await createUser(db)).id);
  const held: number[] = [];
  const freed: number[] = [];
  const answers: number[] = [];
  const arrive = (key: string) =>
    new Promise<number[]>((resolve) => {
      const entry = { at: performance.now(), arrivals: [] as number[] };
      waiting.set(key, entry);
      const check = setInterval(() => {
        if (entry.arrivals.length >= VIEWERS || performance.now() - entry.at > 5000) {
          clearInterval(check);
          waiting.delete(key);
          resolve(entry.arrivals.map((t) => t - entry.at));
        }
      }, 5);
    });
  for (const pair of pairs.slice(0, CHANGES)) {
    const seatId = pair[0] ?? '';
    const heard = arrive(`${seatId}:held`);
    const started = performance.now();
    const order = (await api(base, buyer, 'POST', `/api/events/${eventId}/seat-orders`, {
      seatIds: pair,
    }).catch(() => null)) as { order: { id: string } } | null;
    answers.push(performance.now() - started);
    if (!order) {
      waiting.delete(`${seatId}:held`);
      continue;
    }
    held.push(...(await heard));
    const gone = arrive(`${seatId}:free`);
    await api(base, buyer, 'POST', `/api/orders/${order.order.id}/cancel`);
    freed.push(...(await gone));
  }
  for (const ws of sockets) ws.close();
  return { viewers: sockets.length, held, freed, answers };
}

/** The 20,000-seat map and the 12-seat one (the same-run reference), as one signed-in viewer. */
async function mapFigures(db: Database, base: string, owner: { id: string; cookie: string }) {
  const big = await seatedEvent(db, base, owner, arena(ROWS, PER_ROW));
  const small = await seatedEvent(db, base, owner, arena(2, 3));
  const viewer = await cookieOf(db, (await createUser(db)).id);
  const firstSeat = (seats: Seat[]) =>
    must(
      seats.find((s) => s.id === 'A-Row A-1'),
      'seat A-Row A-1',
    );
  const mapBig = await mapInteractive(base, viewer, big.eventId, firstSeat(big.seats));
  const mapSmall = await mapInteractive(base, viewer, small.eventId, firstSeat(small.seats));
  return {
    big,
    map: {
      big: mapBig.runs,
      small: mapSmall.runs,
      bigBusy: mapBig.busy,
      smallBusy: mapSmall.busy,
      seatingRequests: [...mapBig.seatingRequests, ...mapSmall.seatingRequests],
      bigSeats: big.seats.length,
      smallSeats: small.seats.length,
    },
  };
}

/** The map's figures alone (BENCH_SEATING_ONLY=map), with the load average around them. */
export async function benchSeatingMap() {
  const os = await import('node:os');
  const loadBefore = os.loadavg()[0] ?? 0;
  const server = await startBuiltServer('seating-map', {
    SEED_DEMO: 'false',
    RATE_LIMIT_MULTIPLIER: '1000',
  });
  const { db, close } = connectDatabase(server.databaseUrl, { max: 4 });
  try {
    const ownerUser = await createUser(db, { userType: 'venue', fullName: 'Bench Arena' });
    const owner = { id: ownerUser.id, cookie: await cookieOf(db, ownerUser.id) };
    const { map } = await mapFigures(db, server.base, owner);
    return { map, loadBefore, loadAfter: os.loadavg()[0] ?? 0 };
  } finally {
    await close();
    await server.stop();
  }
}

export const seatingMapOnly = () => ONLY === 'map';

export async function benchSeating() {
  const loadBefore = (await import('node:os')).loadavg()[0] ?? 0;
  const server = await startBuiltServer('seating', {
    SEED_DEMO: 'false',
    RATE_LIMIT_MULTIPLIER: '1000',
  });
  const { db, close } = connectDatabase(server.databaseUrl, { max: 4 });
  try {
    const ownerUser = await createUser(db, { userType: 'venue', fullName: 'Bench Arena' });
    const owner = { id: ownerUser.id, cookie: await cookieOf(db, ownerUser.id) };
    const sale = await flashSale(db, server.base, owner, {
      pid: server.process.pid ?? 0,
      databaseUrl: server.databaseUrl,
    });

    const { big, map } = await mapFigures(db, server.base, owner);

    const live = await liveUpdates(
      db,
      server.base,
      big.eventId,
      adjacentPairs(big.seats, CHANGES * 3),
    );
    const loadAfter = (await import('node:os')).loadavg()[0] ?? 0;
    return {
      sale,
      map,
      live: {
        viewers: live.viewers,
        changes: live.answers.length,
        heldP50: percentile(live.held, 0.5),
        heldP99: percentile(live.held, 0.99),
        heldDeliveries: live.held.length,
        freedP50: percentile(live.freed, 0.5),
        freedP99: percentile(live.freed, 0.99),
        freedDeliveries: live.freed.length,
        checkoutP50: median(live.answers),
      },
      loadBefore,
      loadAfter,
    };
  } finally {
    await close();
    await server.stop();
  }
}
