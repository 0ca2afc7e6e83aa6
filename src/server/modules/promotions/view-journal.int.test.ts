import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { connectDatabase } from '../../db/client';
import { promoCampaigns } from '../../db/schema/promotions';
import { startServer } from '../../server';
import { derivedKey } from '../../platform/secrets';
import {
  APP_SECRET,
  APP_START_LIMIT_MS,
  startAppProcess,
  testServerConfig,
} from '../../test/app-process';
import { createTestDatabase } from '../../test/database';
import { createUser } from '../../test/factories';
import { issueServeToken } from './serve-token';

// Decision 152: view beacons are answered before their batch is written. The real server in its
// own process takes beacons and is killed with SIGKILL before any batch ran; the next start on
// the same DATA_DIR and database counts every view it answered, exactly once, even when the
// files are replayed again after they were written.

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('view beacons answered and then kill -9', () => {
  it(
    'are all counted once by the next start, and a replay of the same files counts nothing',
    async () => {
      const database = await createTestDatabase(inject('databaseServerUrl'));
      cleanups.push(() => database.drop());
      const handle = connectDatabase(database.url, { max: 2 });
      cleanups.push(() => handle.close());
      const { db } = handle;
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-view-journal-'));
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      // A batch only after a minute: every view answered before the kill is still unwritten.
      const env = {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        PROMO_VIEW_FLUSH_MS: '60000',
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
      const key = derivedKey({ SESSION_SECRET: APP_SECRET }, 'promotion-serve-tokens');
      const tokens = Array.from({ length: 90 }, () =>
        issueServeToken(key, campaign.id, new Date()),
      );

      const first = await startAppProcess(env);
      cleanups.push(() => first.stop());
      // Thirty beacons of three at once, each from one of five browsers; then the first ten again.
      const beacon = (batch: string[], i: number) =>
        fetch(`${first.base}/api/promotions/views`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': BROWSER,
            cookie: `mea_pv=${'v'.repeat(21)}${i % 5}`,
          },
          body: JSON.stringify({ tokens: batch }),
        }).then(async (r) => {
          expect(r.status).toBe(200);
          return ((await r.json()) as { counted: number }).counted;
        });
      const beacons = Array.from({ length: 30 }, (_, i) => tokens.slice(i * 3, i * 3 + 3));
      const answered = (await Promise.all(beacons.map(beacon))).reduce((a, b) => a + b, 0);
      const repeats = (await Promise.all(beacons.slice(0, 10).map(beacon))).reduce((a, b) => a + b);
      expect(answered).toBe(90);
      expect(repeats).toBe(0);

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

      first.child.kill('SIGKILL');
      const [, signal] = await first.exited;
      expect(signal).toBe('SIGKILL');
      const journalDir = path.join(
        dataDir,
        'promotion-views',
        new URL(database.url).pathname.slice(1),
      );
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
    },
    APP_START_LIMIT_MS + 90_000,
  );
});
