import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { connectDatabase } from '../../db/client';
import { promoCampaigns } from '../../db/schema/promotions';
import { startServer } from '../../server';
import { testServerConfig } from '../../test/app-process';
import { createTestDatabase } from '../../test/database';
import { createUser } from '../../test/factories';

// Decision 152: view beacons are answered before their batch is written. A process takes views
// and is killed with SIGKILL before any batch ran; the next start of the server on the same
// DATA_DIR and database counts every view it took, exactly once, even when the files are
// replayed again after they were written.

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

const MODULE_DIR = path.dirname(fileURLToPath(import.meta.url));
/** The dying process: the real buffer and journal, fed as the beacon route feeds them. */
const CHILD = `
import { ViewBuffer } from ${JSON.stringify(path.join(MODULE_DIR, 'view-buffer.ts'))};
import { ViewJournal } from ${JSON.stringify(path.join(MODULE_DIR, 'view-journal.ts'))};
const views = JSON.parse(process.env.VIEWS);
const buffer = new ViewBuffer({
  flushMs: 60000,
  journal: new ViewJournal(process.env.JOURNAL_DIR),
  onError: (error) => console.error(error),
  write: async () => { throw new Error('no database in this process'); },
});
let taken = 0;
for (let i = 0; i < views.length; i += 3) taken += buffer.add(views.slice(i, i + 3)).length;
let again = 0;
for (let i = 0; i < 30; i += 3) again += buffer.add(views.slice(i, i + 3)).length;
console.log('taken ' + taken + ' ' + again);
setInterval(() => {}, 1000);
`;

describe('view beacons answered and then kill -9', () => {
  it('are all counted once by the next start, and a replay of the same files counts nothing', async () => {
    const database = await createTestDatabase(inject('databaseServerUrl'));
    cleanups.push(() => database.drop());
    const handle = connectDatabase(database.url, { max: 2 });
    cleanups.push(() => handle.close());
    const { db } = handle;
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-view-journal-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    // The restarted server batches as production does (not before each answer, as tests do).
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PROMO_VIEW_FLUSH_MS: '1000',
      RATE_LIMIT_MULTIPLIER: '1000',
    };

    const vendor = await createUser(db, { userType: 'vendor' });
    const now = Date.now();
    const [campaign] = await db
      .insert(promoCampaigns)
      .values({
        ownerId: vendor.id,
        status: 'live',
        headline: 'Journaled',
        imageAlt: 'Journaled',
        targetPath: `/vendor/${vendor.id}`,
        placement: 'events_list',
        startsAt: new Date(now - 86_400_000),
        endsAt: new Date(now + 5 * 86_400_000),
        dailyBudgetCents: 100_000,
        totalBudgetCents: 100_000,
        pricing: 'cpm',
        priceCents: 500,
        frequencyCap: 1000,
      })
      .returning();
    if (!campaign) throw new Error('campaign not made');
    // What the beacon route takes from 90 signed tokens of five browsers.
    const day = new Date().toISOString().slice(0, 10);
    const views = Array.from({ length: 90 }, (_, i) => ({
      serveId: randomUUID(),
      campaignId: campaign.id,
      viewer: `a:${'v'.repeat(21)}${i % 5}`,
      day,
    }));
    const journalDir = path.join(
      dataDir,
      'promotion-views',
      new URL(database.url).pathname.slice(1),
    );

    // The process that dies: this module's ViewBuffer and ViewJournal in a process of their own
    // (the whole server takes a minute to start on a busy machine), batching for a minute as
    // production does for a second. It takes 30 beacons of three (90 views) and then the first
    // ten again, as the beacon route calls it, and says how many it took.
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
      env: {
        ...process.env,
        JOURNAL_DIR: journalDir,
        VIEWS: JSON.stringify(views),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(async () => void child.kill('SIGKILL'));
    const exited = once(child, 'exit');
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await vi.waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`the child exited:\n${output}`);
        expect(output).toMatch(/taken \d+ \d+/);
      },
      { timeout: 60_000, interval: 100 },
    );
    const [, answered, repeats] = /taken (\d+) (\d+)/.exec(output) ?? [];
    expect(Number(answered)).toBe(90);
    expect(Number(repeats)).toBe(0);

    const counts = async () => {
      const { rows } = await db.execute<{ impressions: number; marks: number; caps: number }>(sql`
        select
          (select coalesce(sum(impressions), 0)::int from promo_daily_stats
            where campaign_id = ${campaign.id}) as impressions,
          (select count(*)::int from promo_marks where campaign_id = ${campaign.id}) as marks,
          (select coalesce(sum(views), 0)::int from promo_viewer_caps
            where campaign_id = ${campaign.id}) as caps`);
      return rows[0];
    };
    // Answered, not yet written.
    expect(await counts()).toEqual({ impressions: 0, marks: 0, caps: 0 });

    child.kill('SIGKILL');
    const [, signal] = await exited;
    expect(signal).toBe('SIGKILL');
    const left = await fs.readdir(journalDir);
    expect(left.length).toBeGreaterThan(0);
    // Kept to replay later, as if the next process had died after its batch committed but
    // before it deleted the files.
    const copies = await Promise.all(
      left.map(async (name) => ({ name, text: await fs.readFile(path.join(journalDir, name)) })),
    );

    const second = await startServer(await testServerConfig(env), {
      webDir: '/nonexistent-web-build',
    });
    cleanups.push(() => second.shutdown());
    // Its first batch runs as it starts: every answered view, once; and the files go.
    await vi.waitFor(
      async () => expect(await counts()).toEqual({ impressions: 90, marks: 90, caps: 90 }),
      {
        timeout: 20_000,
        interval: 100,
      },
    );
    await vi.waitFor(async () => expect(await fs.readdir(journalDir)).toEqual([]), {
      timeout: 10_000,
      interval: 100,
    });
    await second.shutdown();

    // The same files again (named by a pid that no longer runs): replayed, counted 0 times.
    for (const copy of copies) await fs.writeFile(path.join(journalDir, copy.name), copy.text);
    const third = await startServer(await testServerConfig(env), {
      webDir: '/nonexistent-web-build',
    });
    cleanups.push(() => third.shutdown());
    await vi.waitFor(async () => expect(await fs.readdir(journalDir)).toEqual([]), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await counts()).toEqual({ impressions: 90, marks: 90, caps: 90 });
    const [row] = await db
      .select({ spent: promoCampaigns.spentMillicents })
      .from(promoCampaigns)
      .where(sql`${promoCampaigns.id} = ${campaign.id}`);
    // 90 impressions at $5 CPM (500 millicents each), charged once.
    expect(Number(row?.spent)).toBe(90 * 500);
  }, 90_000);
});
