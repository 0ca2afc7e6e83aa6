import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { referralClicks, referrals } from '../../db/schema/affiliates';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Decision 163: with REFERRAL_CLICK_JOURNAL on (production's default), a link's click of a code
// the process knows is answered once it is on file and written after the answer. The rules are
// the batch's, as before: every new session once, repeats, bots and the referrer's own clicks
// nothing. A process killed with clicks answered but not written leaves them on file, and the
// next start writes each once, also when the same files are replayed after they were written.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const MODULE_DIR = path.dirname(fileURLToPath(import.meta.url));

let owner: TestApp;
let affiliate: CreatedUser;
let affiliateCookie: string;
let code: string;
let eventId: string;
let dataDir: string;
const env = () => ({
  RATE_LIMIT_MULTIPLIER: '1000',
  REFERRAL_CLICK_JOURNAL: 'on',
  DATA_DIR: dataDir,
});

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-click-journal-'));
  owner = await createTestApp({ env: env() });
  affiliate = await createUser(owner.db, { fullName: 'Jo Journal' });
  affiliateCookie = await owner.sessionCookie(affiliate);
  const organizer = await createUser(owner.db, { userType: 'organizer', fullName: 'Oli Org' });
  eventId = (await createEvent(owner.db, { userId: organizer.id, createdAt: owner.clock.now() }))
    .id;
  const joined = await owner.app.inject({
    method: 'POST',
    url: '/api/affiliates/join',
    headers: { cookie: affiliateCookie, 'user-agent': BROWSER },
    payload: { acceptTerms: true },
  });
  expect(joined.statusCode, joined.body).toBe(200);
  const me = await owner.app.inject({
    method: 'GET',
    url: '/api/affiliates/me',
    headers: { cookie: affiliateCookie, 'user-agent': BROWSER },
  });
  code = me.json<{ code: string }>().code;
  // A code's first click in a process waits for its commit; from then on the process knows it.
  expect((await click(owner, 'first-session-0000')).statusCode).toBe(302);
}, 60_000);
afterAll(async () => {
  await owner.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

function click(
  app: TestApp,
  session: string,
  options: { ua?: string; cookie?: string; event?: string } = {},
) {
  return app.app.inject({
    method: 'GET',
    url: `/api/affiliates/r/${code}?event_id=${options.event ?? eventId}&session_id=${session}`,
    headers: {
      'user-agent': options.ua ?? BROWSER,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
}

async function keptSessions(prefix: string): Promise<string[]> {
  const rows = await owner.db
    .select({ key: referralClicks.visitorKey })
    .from(referralClicks)
    .where(sql`${referralClicks.visitorKey} like ${`s:${prefix}%`} and not ${referralClicks.test}`);
  return rows.map((row) => row.key.slice(2)).sort();
}

async function journalDir() {
  const { rows } = await owner.db.execute<{ name: string }>(sql`select current_database() as name`);
  return path.join(dataDir, 'referral-clicks', rows[0]?.name ?? '');
}

describe('referral clicks answered on file', () => {
  it('keeps the rules: every new session once, repeats, bots and self clicks nothing', async () => {
    const sessions = Array.from({ length: 150 }, (_, i) => `file-${String(i).padStart(3, '0')}`);
    const answers = await Promise.all([
      ...sessions.map((s) => click(owner, s)),
      ...sessions.slice(0, 50).map((s) => click(owner, s)),
      ...Array.from({ length: 10 }, (_, i) => click(owner, `file-bot-${i}`, { ua: BOT })),
      ...Array.from({ length: 10 }, (_, i) =>
        click(owner, `file-self-${i}`, { cookie: affiliateCookie }),
      ),
    ]);
    expect(answers.every((a) => a.statusCode === 302)).toBe(true);
    const withCookie = answers.filter((a) => a.cookies.some((c) => c.name === 'mea_aff'));
    expect(withCookie).toHaveLength(200);
    await owner.settle();
    expect(await keptSessions('file-')).toEqual(sessions);
    // Written and committed: nothing is left on file.
    expect(await fs.readdir(await journalDir())).toEqual([]);
  });

  it('creates the record of a known code’s new link after the answer, then keeps its click', async () => {
    const organizer = await createUser(owner.db, { userType: 'organizer', fullName: 'Nia New' });
    const other = (await createEvent(owner.db, { userId: organizer.id, createdAt: new Date() })).id;
    const answer = await click(owner, 'newlink-0001', { event: other });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`/event/${other}`);
    await owner.settle();
    const [record] = await owner.db
      .select({ id: referrals.id })
      .from(referrals)
      .where(and(eq(referrals.referrerId, affiliate.id), eq(referrals.eventId, other)));
    expect(record).toBeDefined();
    const rows = await owner.db
      .select({ referralId: referralClicks.referralId })
      .from(referralClicks)
      .where(eq(referralClicks.visitorKey, 's:newlink-0001'));
    expect(rows).toEqual([{ referralId: record?.id }]);
  });

  it('writes every click answered before a kill -9 once at the next start, and a replay nothing', async () => {
    const dir = await journalDir();
    const now = owner.clock.now();
    const bucket = Math.floor(now.getTime() / 1000 / 600);
    // 50 new sessions and 10 of them again: what the route takes for 60 answered clicks.
    const sessions = Array.from({ length: 50 }, (_, i) => `kill-${String(i).padStart(3, '0')}`);
    const clicks = [...sessions, ...sessions.slice(0, 10)].map((s) => ({
      code,
      eventId,
      viewerId: null,
      visitorKey: `s:${s}`,
      bucket,
      test: false,
      at: now.getTime(),
    }));
    // The process that dies: the real queue and journal, its batch stuck in a database that
    // never answers, killed with every click answered and none written.
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
      env: { ...process.env, JOURNAL_DIR: dir, CLICKS: JSON.stringify(clicks) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = once(child, 'exit');
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await vi.waitFor(
        () => {
          if (child.exitCode !== null) throw new Error(`the child exited:\n${output}`);
          expect(output).toMatch(/taken \d+/);
        },
        { timeout: 60_000, interval: 100 },
      );
    } finally {
      child.kill('SIGKILL');
    }
    expect(/taken (\d+)/.exec(output)?.[1]).toBe('60');
    expect((await exited)[1]).toBe('SIGKILL');
    expect(await keptSessions('kill-')).toEqual([]);
    const left = await fs.readdir(dir);
    expect(left.length).toBeGreaterThan(0);
    const copies = await Promise.all(
      left.map(async (name) => ({ name, text: await fs.readFile(path.join(dir, name)) })),
    );

    // The next start on the same DATA_DIR and database writes them, each session once.
    const next = await createTestApp({ shareDatabaseOf: owner, env: env() });
    try {
      await next.settle();
      expect(await keptSessions('kill-')).toEqual(sessions);
      expect(await fs.readdir(dir)).toEqual([]);
    } finally {
      await next.close();
    }
    // The same files again, as if a process died after its batch committed: nothing more.
    for (const copy of copies) await fs.writeFile(path.join(dir, copy.name), copy.text);
    const third = await createTestApp({ shareDatabaseOf: owner, env: env() });
    try {
      await third.settle();
      expect(await fs.readdir(dir)).toEqual([]);
      const kept = await keptSessions('kill-');
      expect(kept).toEqual(sessions);
    } finally {
      await third.close();
    }
  }, 120_000);
});

/** The dying process: the route's queue and journal, fed as the link's route feeds them. */
const CHILD = `
import { ClickQueue, clickJournal } from ${JSON.stringify(path.join(MODULE_DIR, 'click-queue.ts'))};
const clicks = JSON.parse(process.env.CLICKS);
const queue = new ClickQueue({
  journal: clickJournal(process.env.JOURNAL_DIR),
  onError: (error) => console.error(error),
  write: () => new Promise(() => {}),
});
const taken = await Promise.all(clicks.map((c) => queue.add({ ...c, now: new Date(c.at) })));
console.log('taken ' + taken.filter(Boolean).length);
setInterval(() => {}, 1000);
`;
