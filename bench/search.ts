// Event search over a large generated catalogue (default 1,000,000 events), measured in-process
// against the same SQL the API runs (searchEvents in events.queries.ts). Prints p50/p95 per query.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { connectDatabase, type Database } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { runMigrations } from '../src/server/db/migrate';
import { searchEvents } from '../src/server/modules/events/events.queries';
import { createUser } from '../src/server/test/factories';
import { median } from './lib';

const EVENTS = Number(process.env.BENCH_SEARCH_EVENTS ?? 1_000_000);
const RUNS = 15;

const WORDS =
  `jazz soul funk gospel salsa house techno hiphop afrobeats reggae blues country folk indie rock punk opera
choir piano guitar violin drum poetry comedy theatre dance ballet film cinema gallery mural pottery painting photo
yoga pilates running cycling football basketball tennis chess trivia karaoke brunch dinner supper tasting wine beer
coffee tea chocolate cheese taco jollof barbecue vegan street food market festival fair expo summit forum meetup
workshop class seminar masterclass bootcamp hackathon pitch startup founder investor design marketing career network
garden farm harvest autumn winter spring summer sunset sunrise rooftop riverside lakeside beach park plaza warehouse
loft hall theatre studio museum library church temple center night morning weekend holiday charity gala benefit
reunion wedding bridal family kids teen senior community neighborhood city downtown uptown midtown harbor bay`.split(
    /\s+/,
  );
const CITIES = [
  'Oakland',
  'Atlanta',
  'Houston',
  'Chicago',
  'New York',
  'Toronto',
  'London',
  'Lagos',
  'Accra',
  'Miami',
];

export const QUERIES: { label: string; text: string; kind: 'typical' | 'worst' }[] = [
  { label: 'one word', text: 'salsa', kind: 'typical' },
  { label: 'two words', text: 'jazz brunch', kind: 'typical' },
  { label: 'word + city', text: 'techno London', kind: 'typical' },
  { label: 'prefix while typing', text: 'afrob', kind: 'typical' },
  { label: 'three words', text: 'rooftop sunset party', kind: 'typical' },
  { label: 'typo', text: 'jaz festivl', kind: 'worst' },
  { label: 'very common word', text: 'night', kind: 'worst' },
  { label: 'two letters', text: 'dj', kind: 'worst' },
  { label: 'no match', text: 'zyxwvut', kind: 'worst' },
];

/** Bulk-loads `count` generated events for `ownerId` (drops and rebuilds the search indexes). */
export async function loadCatalogue(db: Database, ownerId: string, count: number): Promise<void> {
  // Bulk load without the search indexes, then build them once: far faster than maintaining
  // GIN indexes row by row.
  await db.execute(sql`drop index events_search_idx`);
  await db.execute(sql`drop index events_title_trgm_idx`);
  const words = sql.raw(`array[${WORDS.map((w) => `'${w}'`).join(',')}]`);
  const cities = sql.raw(`array[${CITIES.map((c) => `'${c}'`).join(',')}]`);
  const categories = sql.raw(`(select array_agg(name) from categories)`);
  const batch = 100_000;
  for (let from = 0; from < count; from += batch) {
    await db.execute(sql`
      insert into events (user_id, title, description, category, venue_name, city, location, starts_at, ends_at, timezone, date, time, event_status, visibility, created_at)
      select ${ownerId}::uuid,
        initcap(w[1 + (i * 7) % n]) || ' ' || initcap(w[1 + (i * 13) % n]) || ' ' || initcap(w[1 + (i * 31) % n]),
        'An evening of ' || w[1 + (i * 17) % n] || ' and ' || w[1 + (i * 19) % n] || ' with ' || w[1 + (i * 23) % n] || ', ' || w[1 + (i * 29) % n] || ' and friends.',
        cats[1 + i % array_length(cats, 1)],
        initcap(w[1 + (i * 37) % n]) || ' Hall', c[1 + i % 10], initcap(w[1 + (i * 37) % n]) || ' Hall, ' || c[1 + i % 10],
        now() + ((i % 365) || ' days')::interval, now() + ((i % 365) || ' days')::interval + interval '3 hours',
        'UTC', (now() + ((i % 365) || ' days')::interval)::date, '19:00', 'published', 'public',
        now() - (i || ' seconds')::interval
      from generate_series(${from}::int, ${Math.min(from + batch, count) - 1}::int) as i,
        (select ${words} as w, array_length(${words}, 1) as n, ${cities} as c, ${categories} as cats) as data
    `);
  }
  await db.execute(sql`create index events_search_idx on events using gin (search_vector)`);
  await db.execute(
    sql`create index events_title_trgm_idx on events using gin (title gin_trgm_ops)`,
  );
  await db.execute(sql`analyze events`);
}

export async function benchSearch() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-bench-search-'));
  await fs.chmod(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir });
  const database = connectDatabase(server.url, { max: 2 });
  try {
    await runMigrations(server.url);
    const owner = await createUser(database.db, { userType: 'organizer', fullName: 'Bench Host' });
    const started = performance.now();
    await loadCatalogue(database.db, owner.id, EVENTS);
    const loadSeconds = (performance.now() - started) / 1000;

    const now = new Date();
    const today = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
    const results = [];
    for (const query of QUERIES) {
      const timings: number[] = [];
      let hits = 0;
      for (let run = 0; run < RUNS + 2; run++) {
        const t0 = performance.now();
        const rows = await searchEvents(database.db, {
          now,
          today,
          text: query.text,
          limit: 50,
          offset: 0,
        });
        // The first two runs warm the cache and are not counted.
        if (run >= 2) timings.push(performance.now() - t0);
        hits = rows.length;
      }
      timings.sort((a, b) => a - b);
      results.push({
        ...query,
        hits,
        p50: median(timings),
        p95: timings[Math.ceil(timings.length * 0.95) - 1] ?? 0,
      });
    }
    return { events: EVENTS, loadSeconds, results };
  } finally {
    await database.close();
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
