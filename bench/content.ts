// Content figures: the blog list and one post through the API (autocannon, 50 connections) beside
// /api/health in the same run; help search over 10,000 articles and the assistant's answer
// (sequential requests, p95), typo and no-hit paths included.
import autocannon from 'autocannon';
import pg from 'pg';
import { startBuiltServer } from './lib';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const ARTICLES = Number(process.env.BENCH_HELP_ARTICLES ?? 10_000);
const SAMPLES = Number(process.env.BENCH_CONTENT_SAMPLES ?? 300);

export interface Throughput {
  name: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}
export interface Latency {
  name: string;
  p50Ms: number;
  p95Ms: number;
  samples: number;
}

async function load(name: string, url: string): Promise<Throughput> {
  const result = await autocannon({ url, connections: 50, duration: DURATION_S });
  return {
    name,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function timed(name: string, run: (i: number) => Promise<Response>): Promise<Latency> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    const response = await run(i);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${name}: ${response.status}`);
    times.push(performance.now() - start);
  }
  return { name, p50Ms: pct(times, 50), p95Ms: pct(times, 95), samples: SAMPLES };
}

const TOPICS = [
  'refund',
  'tickets',
  'password',
  'vendor',
  'payment',
  'check in',
  'discount code',
  'passkey',
  'notifications',
  'venue',
];
const QUERIES = [
  'refund',
  'reset password',
  'refnud',
  'discount code',
  'pasword',
  'check in tickets',
  'zzqxv',
];
const QUESTIONS = [
  'How do I get a refund?',
  'I forgot my pasword',
  'where are my tickets',
  'how do vendors apply to events',
  'xyzzy quux wibble',
];

/** Generated articles (beside the seeded ones) with real words, so the index has work to do. */
async function loadArticles(databaseUrl: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into help_articles (slug, category, title, summary, body, position)
       select 'bench-' || i, 'getting-started',
         'About ' || ($2::text[])[1 + i % 10] || ' number ' || i,
         'Guide ' || i || ' on ' || ($2::text[])[1 + (i * 7) % 10],
         repeat('This guide explains how ' || ($2::text[])[1 + i % 10] || ' and ' || ($2::text[])[1 + (i * 3) % 10] || ' work for organizers, vendors and attendees. ', 8),
         1000 + i
       from generate_series(1, $1::int) i`,
      [count, TOPICS],
    );
    await client.query(`insert into help_words (word) select lexeme from help_articles,
      unnest(to_tsvector('simple', title || ' ' || summary)) where length(lexeme) between 3 and 30
      and lexeme ~ '^[[:alpha:]]+$' on conflict do nothing`);
    await client.query('analyze help_articles; analyze help_words');
  } finally {
    await client.end();
  }
}

export async function benchContent() {
  const server = await startBuiltServer('content', { RATE_LIMIT_MULTIPLIER: '100000' });
  try {
    const list = (await (await fetch(`${server.base}/api/blog/posts`)).json()) as {
      items: { slug: string }[];
    };
    const slug = list.items[0]?.slug ?? 'welcome-to-the-blog';
    await autocannon({ url: `${server.base}/api/blog/posts`, connections: 10, duration: 2 });
    const http = [
      await load('/api/health (reference)', `${server.base}/api/health`),
      await load('/api/blog/posts', `${server.base}/api/blog/posts`),
      await load(`/api/blog/posts/{slug}`, `${server.base}/api/blog/posts/${slug}`),
    ];
    await loadArticles(server.databaseUrl, ARTICLES);
    const search = await timed(
      `help search (${ARTICLES.toLocaleString('en')} + seeded articles)`,
      (i) =>
        fetch(
          `${server.base}/api/help/search?q=${encodeURIComponent(QUERIES[i % QUERIES.length] ?? '')}`,
        ),
    );
    const chat = await timed('assistant answer', (i) =>
      fetch(`${server.base}/api/chatbot/ask`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.base },
        body: JSON.stringify({ question: QUESTIONS[i % QUESTIONS.length] }),
      }),
    );
    return { http, search, chat };
  } finally {
    await server.stop();
  }
}
