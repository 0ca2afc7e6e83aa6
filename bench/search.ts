// Event search over a large generated catalogue (default 1,000,000 events), measured in-process
// against the same SQL the API runs (searchEvents in search.queries.ts). Prints p50/p95 per query.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { connectDatabase, type Database } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { runMigrations } from '../src/server/db/migrate';
import { searchEvents } from '../src/server/modules/events/search.queries';
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

export const QUERIES: {
  label: string;
  text: string;
  kind: 'typical' | 'worst';
  category?: string;
}[] = [
  { label: 'one word', text: 'salsa', kind: 'typical' },
  { label: 'two words', text: 'jazz brunch', kind: 'typical' },
  { label: 'word + city', text: 'techno London', kind: 'typical' },
  { label: 'prefix while typing', text: 'afrob', kind: 'typical' },
  { label: 'three words', text: 'rooftop sunset party', kind: 'typical' },
  { label: 'two common words', text: 'summer night', kind: 'typical' },
  { label: 'word + category filter', text: 'jazz', kind: 'typical', category: 'Music' },
  { label: 'typo in one word', text: 'technno', kind: 'typical' },
  { label: 'typo', text: 'jaz festivl', kind: 'worst' },
  { label: 'typo in three words', text: 'rooftp sunest brunh', kind: 'worst' },
  { label: 'very common word', text: 'night', kind: 'worst' },
  { label: 'word in every event', text: 'friends', kind: 'worst' },
  { label: 'two letters', text: 'dj', kind: 'worst' },
  { label: 'no match', text: 'zyxwvut', kind: 'worst' },
];

/**
 * Bulk-loads `count` generated events for `ownerId`. The events' GIN and GiST indexes (search
 * document, trigrams) are dropped first and rebuilt once from their own definitions afterwards:
 * far faster than maintaining them row by row, and always the indexes the migrations made.
 */
export async function loadCatalogue(db: Database, ownerId: string, count: number): Promise<void> {
  const { rows: rebuild } = await db.execute<{ name: string; definition: string }>(sql`
    select indexname as name, indexdef as definition from pg_indexes
    where tablename = 'events' and (indexdef like '% USING gin %' or indexdef like '% USING gist %')`);
  for (const index of rebuild) await db.execute(sql.raw(`drop index "${index.name}"`));
  const words = sql.raw(`array[${WORDS.map((w) => `'${w}'`).join(',')}]`);
  const cities = sql.raw(`array[${CITIES.map((c) => `'${c}'`).join(',')}]`);
  const categories = sql.raw(`(select array_agg(name) from categories)`);
  // Each word slot is drawn independently (a hash of the row number and the slot), so titles
  // and descriptions combine words freely as real ones do; a slot derived from i % n would give
  // only n distinct titles.
  const pick = (slot: number, list = 'w', size = 'n') =>
    `${list}[1 + (hashint4(i * 16 + ${slot})::int8 + 2147483648) % ${size}]`;
  const batch = 100_000;
  for (let from = 0; from < count; from += batch) {
    await db.execute(sql`
      insert into events (user_id, title, description, category, venue_name, city, location, starts_at, ends_at, timezone, date, time, event_status, visibility, created_at)
      select ${ownerId}::uuid,
        initcap(${sql.raw(pick(1))}) || ' ' || initcap(${sql.raw(pick(2))}) || ' ' || initcap(${sql.raw(pick(3))}),
        'An evening of ' || ${sql.raw(pick(4))} || ' and ' || ${sql.raw(pick(5))} || ' with ' || ${sql.raw(pick(6))} || ', ' || ${sql.raw(pick(7))} || ' and friends.',
        ${sql.raw(pick(8, 'cats', 'array_length(cats, 1)'))},
        initcap(venue) || ' Hall', city, initcap(venue) || ' Hall, ' || city,
        now() + ((i % 365) || ' days')::interval, now() + ((i % 365) || ' days')::interval + interval '3 hours',
        'UTC', (now() + ((i % 365) || ' days')::interval)::date, '19:00', 'published', 'public',
        now() - (i || ' seconds')::interval
      from generate_series(${from}::int, ${Math.min(from + batch, count) - 1}::int) as i,
        (select ${words} as w, array_length(${words}, 1) as n, ${cities} as c, ${categories} as cats) as data,
        lateral (select ${sql.raw(pick(9))} as venue, ${sql.raw(pick(10, 'c', '10'))} as city) as place
    `);
  }
  for (const index of rebuild) await db.execute(sql.raw(index.definition));
  await db.execute(sql`analyze events`);
}

// BENCH_SEARCH_DATA_DIR keeps the loaded catalogue there for the next run (new migrations are
// applied to it), so trying a query or an index does not cost a reload of a million events.
const KEPT_DATA_DIR = process.env.BENCH_SEARCH_DATA_DIR;

export async function benchSearch() {
  const dataDir = KEPT_DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'mea-bench-search-')));
  await fs.mkdir(dataDir, { recursive: true });
  await fs.chmod(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir });
  const database = connectDatabase(server.url, { max: 2 });
  try {
    await runMigrations(server.url);
    const started = performance.now();
    const { rows: counted } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from events`,
    );
    if ((counted[0]?.n ?? 0) !== EVENTS) {
      await database.db.execute(sql`truncate events cascade`);
      const owner = await createUser(database.db, {
        userType: 'organizer',
        fullName: 'Bench Host',
      });
      await loadCatalogue(database.db, owner.id, EVENTS);
    }
    await database.db.execute(sql`analyze events`);
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
          category: query.category,
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
    // A reference measured in the same run on the same database: a fixed amount of CPU work in
    // PostgreSQL that no change of ours touches, so `reference / search` compares across machines.
    const reference: number[] = [];
    for (let run = 0; run < RUNS + 2; run++) {
      const t0 = performance.now();
      await database.db.execute(
        sql`select sum(hashint4(i)::int8) from generate_series(1, 200000) as i`,
      );
      if (run >= 2) reference.push(performance.now() - t0);
    }
    return { events: EVENTS, loadSeconds, results, referenceP50Ms: median(reference) };
  } finally {
    await database.close();
    await server.stop();
    if (!KEPT_DATA_DIR) await fs.rm(dataDir, { recursive: true, force: true });
  }
}
