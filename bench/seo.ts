// Page head figures: an event page served with its own head beside the plain SPA page in the same
// run (autocannon, 50 connections), and the sitemaps over 1,000,000 public events (time to first
// byte, whole file, server RSS growth).
import http from 'node:http';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { startBuiltServer } from './lib';

const EVENTS = Number(process.env.BENCH_SEO_EVENTS ?? 1_000_000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const HTML = { accept: 'text/html', 'accept-encoding': 'gzip, br' };

export interface PageLoad {
  name: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

export interface Fetched {
  name: string;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  rssGrowthMb: number;
}

async function load(name: string, base: string, paths: string[]): Promise<PageLoad> {
  const result = await autocannon({
    url: base,
    connections: 50,
    duration: DURATION_S,
    requests: paths.map((path) => ({ method: 'GET', path, headers: HTML })),
  });
  return {
    name,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Time to the first body byte and to the end, and the server's RSS growth while it ran. */
function fetchTimed(name: string, url: string, pid: number): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
    const start = performance.now();
    let firstByteMs = 0;
    let bytes = 0;
    http
      .get(url, (response) => {
        response.on('data', (chunk: Buffer) => {
          if (!bytes) firstByteMs = performance.now() - start;
          bytes += chunk.length;
        });
        response.on('end', () => {
          clearInterval(sampler);
          peak = Math.max(peak, rssMb(pid));
          resolve({
            name,
            firstByteMs,
            totalMs: performance.now() - start,
            bytes,
            rssGrowthMb: peak - before,
          });
        });
      })
      .on('error', (error) => {
        clearInterval(sampler);
        reject(error);
      });
  });
}

/** A million public events, loaded with the events indexes other than the key dropped first. */
async function loadEvents(databaseUrl: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: owner } = await client.query<{ id: string }>(
      `select id from profiles where user_type = 'organizer' limit 1`,
    );
    // Loading is faster without the secondary indexes; they are built again afterwards, as the
    // product has them (the sitemap index counts through the public partial index).
    const indexes = await client.query<{ name: string; definition: string }>(`
      select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition
      from pg_index
      where indrelid = 'events'::regclass and not indisprimary and not indisunique`);
    for (const { name } of indexes.rows) await client.query(`drop index if exists ${name}`);
    const batch = 100_000;
    for (let from = 0; from < count; from += batch) {
      await client.query(
        `insert into events (user_id, title, description, category, city, location, starts_at,
           timezone, date, time, event_status, visibility)
         select $1, 'Bench event ' || i, 'A generated event.', 'Music', 'Oakland', 'Oakland',
           now() + (i % 365) * interval '1 day', 'UTC', (now() + (i % 365) * interval '1 day')::date,
           '19:00', 'published', 'public'
         from generate_series($2::int, $3::int) as i`,
        [owner[0]?.id, from, Math.min(from + batch, count) - 1],
      );
    }
    for (const { definition } of indexes.rows) await client.query(definition);
    // A table that grew to a million rows over time has been vacuumed (visibility map set).
    await client.query('vacuum analyze events');
  } finally {
    await client.end();
  }
}

export async function benchSeo() {
  const server = await startBuiltServer('seo');
  try {
    const pid = server.process.pid ?? 0;
    const list = (await (await fetch(`${server.base}/api/events?limit=50`)).json()) as {
      events: { id: string }[];
    };
    const ids = list.events.map((e) => e.id);
    // Warm-up: JIT, pools, the head cache.
    await autocannon({
      url: `${server.base}/event/${ids[0]}`,
      connections: 10,
      duration: 2,
      headers: HTML,
    });
    const pages = [
      await load('plain SPA page (reference)', server.base, ['/dashboard']),
      await load('event page with its head (one event)', server.base, [`/event/${ids[0]}`]),
      await load(
        `event pages with their heads (${ids.length} events in turn)`,
        server.base,
        ids.map((id) => `/event/${id}`),
      ),
    ];
    const started = performance.now();
    await loadEvents(server.databaseUrl, EVENTS);
    const loadSeconds = (performance.now() - started) / 1000;
    const lastPage = Math.ceil((EVENTS + ids.length) / 50_000);
    const sitemaps = [
      await fetchTimed('sitemap.xml (index)', `${server.base}/sitemap.xml`, pid),
      await fetchTimed('sitemaps/events-1.xml', `${server.base}/sitemaps/events-1.xml`, pid),
      await fetchTimed(
        `sitemaps/events-${lastPage}.xml (last)`,
        `${server.base}/sitemaps/events-${lastPage}.xml`,
        pid,
      ),
    ];
    return { pages, sitemaps, events: EVENTS, loadSeconds };
  } finally {
    await server.stop();
  }
}
