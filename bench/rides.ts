// Rides to events (`npm run bench rides`).
//
// 1. The event's rides sorted by distance from a rider's point, for one event with BENCH_RIDES
//    (default 100,000) offers, measured in-process against the same SQL the API runs
//    (ridesOfEvent in rides.queries.ts, the list's limit of 200). Sorting by departure time is
//    measured beside it as the reference (an index walk).
// 2. Live location on the production build: BENCH_TRIPS (2,000) drivers each sending their
//    position over HTTP once a second to BENCH_TRIP_RIDERS (5) confirmed riders each, all riders
//    connected to the realtime socket; the time from a driver sending to a rider's socket
//    receiving, and the server's CPU per update beside a bare `ws` server pushing as many frames
//    to as many clients (bench/realtime.ts's reference), in the same run.
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { connectDatabase } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { runMigrations } from '../src/server/db/migrate';
import { ridesOfEvent } from '../src/server/modules/rides/rides.queries';
import { createEvent, createUser } from '../src/server/test/factories';
import pg from 'pg';
import { median, startBuiltServer } from './lib';
import { connectAll, cpuTimes, percentile, rawBroadcast, seedUsers } from './realtime';
import { decodeSentAt } from './location-codec';
import type { LocationJob, LocationSendResult } from './rides-location-sender';

// Workers load server code: tsx with Lingui's macros expanded (scripts/lingui-register.mjs).
const LINGUI_HOOKS = new URL('../scripts/lingui-register.mjs', import.meta.url).href;

const RIDES = Number(process.env.BENCH_RIDES ?? 100_000);
const RUNS = Number(process.env.BENCH_RIDES_RUNS ?? 40);
/** The venue; offers leave from up to ~150 km around it, most of them close (a city). */
const VENUE = { lat: 37.8044, lng: -122.2712 };
const LIMIT = 200;

export interface RidesNearResult {
  label: string;
  sort: 'time' | 'distance';
  rows: number;
  p50: number;
  p95: number;
}

export interface RidesResult {
  rides: number;
  loadSeconds: number;
  results: RidesNearResult[];
}

/** Points riders ask from: downtown, a suburb, the edge of the area, far outside it. */
const ASKED = [
  { label: 'near the venue', lat: 37.81, lng: -122.27 },
  { label: '20 km out', lat: 37.98, lng: -122.2 },
  { label: 'edge of the area (120 km)', lat: 38.58, lng: -121.49 },
  { label: 'far away (600 km)', lat: 34.05, lng: -118.24 },
];

export async function benchRides(): Promise<RidesResult> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-bench-rides-'));
  await fs.chmod(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir });
  const database = connectDatabase(server.url, { max: 2 });
  const { db } = database;
  try {
    await runMigrations(server.url);
    const started = performance.now();
    const host = await createUser(db, { userType: 'organizer', fullName: 'Bench Host' });
    const now = new Date();
    const event = await createEvent(db, {
      userId: host.id,
      createdAt: now,
      startsAt: new Date(now.getTime() + 30 * 86_400_000),
    });
    // Drivers: 1,000 people offering about a hundred rides each (the profile join is real).
    const drivers: string[] = [];
    for (let i = 0; i < Math.min(1000, RIDES); i++)
      drivers.push((await createUser(db, { fullName: `Driver ${i}` })).id);
    const driverArray = sql.raw(`array['${drivers.join("','")}']::uuid[]`);
    // Distance from the venue: the square of a uniform draw puts most offers near the city.
    // One offer in ten has no map point (free text only), as the form allows.
    await db.execute(sql`
      insert into rides (event_id, driver_id, departure_area, departure_lat, departure_lng,
        departs_at, seats, seats_left, price_cents, car)
      select ${event.id}::uuid, (${driverArray})[1 + i % ${drivers.length}], 'Area ' || i,
        case when i % 10 = 0 then null else ${VENUE.lat} + d * cos(a) end,
        case when i % 10 = 0 then null else ${VENUE.lng} + d * sin(a) * 1.27 end,
        now() + interval '29 days' + (i % 1440 || ' minutes')::interval,
        1 + i % 4, 1 + i % 4, (i % 3) * 500, 'Car ' || i
      from generate_series(1, ${RIDES}::int) as i,
        lateral (select 1.35 * power((hashint4(i)::int8 + 2147483648) / 4294967296.0, 2) as d,
          2 * pi() * (hashint4(i * 7 + 3)::int8 + 2147483648) / 4294967296.0 as a) as p`);
    await db.execute(sql`analyze rides`);
    const loadSeconds = (performance.now() - started) / 1000;

    const cases = [
      { label: 'by departure time', sort: 'time' as const, point: null },
      ...ASKED.map((p) => ({
        label: `by distance, ${p.label}`,
        sort: 'distance' as const,
        point: { lat: p.lat, lng: p.lng },
      })),
    ];
    const results: RidesNearResult[] = [];
    for (const c of cases) {
      const timings: number[] = [];
      let rows = 0;
      for (let run = 0; run < RUNS + 2; run++) {
        const t0 = performance.now();
        const found = await ridesOfEvent(db, {
          eventId: event.id,
          now,
          point: c.point,
          sort: c.sort,
          price: 'any',
          limit: LIMIT,
        });
        // The first two runs warm the cache and are not counted.
        if (run >= 2) timings.push(performance.now() - t0);
        rows = found.length;
      }
      timings.sort((a, b) => a - b);
      results.push({
        label: c.label,
        sort: c.sort,
        rows,
        p50: Math.round(median(timings) * 10) / 10,
        p95: Math.round(percentile(timings, 95) * 10) / 10,
      });
    }
    return { rides: RIDES, loadSeconds, results };
  } finally {
    await database.close();
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const TRIPS = Number(process.env.BENCH_TRIPS ?? 2000);
const TRIP_RIDERS = Number(process.env.BENCH_TRIP_RIDERS ?? 5);
const LIVE_SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 5);
const LIVE_ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 3);
/** `socket` (the driver's page, default) or `http` (its fallback, for a page without a socket). */
const LIVE_VIA: 'http' | 'socket' = process.env.BENCH_LIVE_VIA === 'http' ? 'http' : 'socket';
const LOCATION_FRAME = Buffer.from('{"type":"ride_location",');

export interface LiveRound {
  sent: number;
  sentPerSec: number;
  /** Updates the server refused or failed (anything but 200). */
  refused: number;
  received: number;
  p50Ms: number;
  p99Ms: number;
  answeredP99Ms: number;
  /** The server's CPU time per position update (all its threads; its frames to 5 riders included). */
  cpuUsPerUpdate: number;
  /** The same per frame delivered, to compare with the bare ws reference. */
  cpuUsPerFrame: number;
}

export interface LiveResult {
  via: 'socket' | 'http';
  trips: number;
  riders: number;
  seconds: number;
  rounds: LiveRound[];
  medianP99Ms: number;
  rawCpuUsPerFrame: number;
  rawFramesPerSec: number;
}

function startLocationSender() {
  const child = fork(new URL('./rides-location-sender.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx', '--import', LINGUI_HOOKS],
    stdio: 'inherit',
  });
  return {
    send(job: LocationJob): Promise<LocationSendResult> {
      const done = new Promise<LocationSendResult>((resolve) => child.once('message', resolve));
      child.send(job);
      return done;
    },
    stop: () => child.kill(),
  };
}

export async function benchLiveLocation(): Promise<LiveResult> {
  const server = await startBuiltServer('rides-live', { SEED_DEMO: 'false' });
  const { base, databaseUrl } = server;
  const pid = server.process.pid ?? 0;
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const people = await seedUsers(client, TRIPS * (1 + TRIP_RIDERS));
    const drivers = people.slice(0, TRIPS);
    const riders = people.slice(TRIPS);
    // One event starting in two hours; every ride leaves in 30 minutes (inside the sharing
    // window), full, its riders confirmed.
    const { rows: eventRows } = await client.query<{ id: string }>(
      `insert into events (user_id, title, description, category, starts_at, ends_at, timezone,
         date, time, event_status, visibility)
       values ($1, 'Bench Festival', 'Bench', (select name from categories limit 1),
         now() + interval '2 hours', now() + interval '6 hours', 'UTC', current_date, '20:00',
         'published', 'public')
       returning id`,
      [drivers[0]?.id],
    );
    const eventId = eventRows[0]?.id;
    const rideIds = drivers.map(() => crypto.randomUUID());
    await client.query(
      `insert into rides (id, event_id, driver_id, departure_area, departs_at, seats, seats_left)
       select r, $1, d, 'Bench area', now() + interval '30 minutes', $2, 0
       from unnest($3::uuid[], $4::uuid[]) as t(r, d)`,
      [eventId, TRIP_RIDERS, rideIds, drivers.map((d) => d.id)],
    );
    await client.query(
      `insert into ride_bookings (ride_id, rider_id, seats, status)
       select r, u, 1, 'confirmed' from unnest($1::uuid[], $2::uuid[]) as t(r, u)`,
      [riders.map((_, i) => rideIds[Math.floor(i / TRIP_RIDERS)]), riders.map((r) => r.id)],
    );

    const latencies = new Float64Array(TRIPS * TRIP_RIDERS * LIVE_SECONDS);
    let received = 0;
    const sockets = await connectAll(
      riders.map((u) => ({
        url: `${base.replace('http', 'ws')}/api/realtime`,
        headers: { cookie: `mea_session=${u.token}`, origin: base },
      })),
      (data) => {
        if (!data.subarray(0, LOCATION_FRAME.length).equals(LOCATION_FRAME)) return;
        const now = performance.timeOrigin + performance.now();
        const frame = JSON.parse(String(data)) as { location: { lat: number | null } };
        if (frame.location.lat === null) return;
        if (received < latencies.length)
          latencies[received] = now - decodeSentAt(frame.location.lat, now);
        received += 1;
      },
    );
    const sender = startLocationSender();
    const job = {
      base,
      drivers: drivers.map((d, i) => ({
        cookie: `mea_session=${d.token}`,
        rideId: rideIds[i] ?? '',
      })),
      rate: TRIPS,
      via: LIVE_VIA,
    };
    // Warm-up, not counted: every driver's session and ride are used once.
    await sender.send({ ...job, seconds: 1 });
    await new Promise((r) => setTimeout(r, 1000));

    const rounds: LiveRound[] = [];
    for (let round = 0; round < LIVE_ROUNDS; round++) {
      received = 0;
      const cpuBefore = await cpuTimes(pid);
      const result = await sender.send({ ...job, seconds: LIVE_SECONDS });
      const ok = result.statuses['200'] ?? 0;
      const deadline = performance.now() + 10_000;
      while (received < ok * TRIP_RIDERS && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      const cpuMs = (await cpuTimes(pid)).runMs - cpuBefore.runMs;
      const sorted = latencies.slice(0, Math.min(received, latencies.length)).sort();
      rounds.push({
        sent: result.sent,
        sentPerSec: result.sentPerSec,
        refused: result.sent - ok,
        received,
        p50Ms: Math.round(percentile(sorted, 50)),
        p99Ms: Math.round(percentile(sorted, 99)),
        answeredP99Ms: result.answeredP99Ms,
        cpuUsPerUpdate: Math.round((cpuMs * 1000) / Math.max(1, ok)),
        cpuUsPerFrame: Math.round((cpuMs * 1000) / Math.max(1, received)),
      });
      await new Promise((r) => setTimeout(r, 1000));
    }
    sender.stop();
    for (const socket of sockets) socket.terminate();
    // The reference: a bare ws server pushing one round's frames to as many clients.
    const raw = await rawBroadcast(riders.length, TRIPS * TRIP_RIDERS * LIVE_SECONDS);
    return {
      via: LIVE_VIA,
      trips: TRIPS,
      riders: riders.length,
      seconds: LIVE_SECONDS,
      rounds,
      medianP99Ms: median(rounds.map((r) => r.p99Ms)),
      rawCpuUsPerFrame: Math.round(raw.cpuUsPerFrame * 10) / 10,
      rawFramesPerSec: raw.rate,
    };
  } finally {
    await client.end().catch(() => {});
    await server.stop();
  }
}
