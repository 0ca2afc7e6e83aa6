// `npm run bench campaigns`: one campaign to many subscribers through the real send
// path (campaign batches on pg-boss → the bulk mail lane → nodemailer's pool) into a local SMTP
// sink in another process, beside nodemailer's pool alone sending the same mails to the same
// sink in the same run (the ratio is the figure; aim ≥ 0.5). The process's RSS is sampled while
// it sends (aim: growth ≤ 100 MB). Sizes from the environment:
//   BENCH_CAMPAIGN_RECIPIENTS (100000), BENCH_CAMPAIGN_RATE (the lane's MAIL_BULK_RATE, 10000:
//   lifted, so the pipeline is what is measured), BENCH_RAW_MAILS (5000).
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { loadConfig } from '../src/server/config';
import { connectDatabase } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { runMigrations } from '../src/server/db/migrate';
import { emailCampaigns, emailLists } from '../src/server/db/schema/marketing';
import { campaignMail } from '../src/server/modules/marketing/campaign-mail';
import { marketingModule } from '../src/server/modules/marketing/marketing.module';
import { CAMPAIGN_QUEUE } from '../src/server/modules/marketing/marketing.service';
import type { WorkerContext } from '../src/server/modules/module';
import { systemClock } from '../src/server/platform/clock';
import { startJobs, stopJobs } from '../src/server/platform/jobs/jobs';
import { registerMailWorker } from '../src/server/platform/mail/mail-jobs';
import { SMTP_POOL_CONNECTIONS, createMailer } from '../src/server/platform/mail/mailer';
import { createUser } from '../src/server/test/factories';
import { median } from './lib';
import type { SinkMessage } from './mail-sink';

const RECIPIENTS = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 100_000);
const RATE = Number(process.env.BENCH_CAMPAIGN_RATE ?? 10_000);
const RAW_MAILS = Number(process.env.BENCH_RAW_MAILS ?? 5000);
const TIMEOUT_MS = Number(process.env.BENCH_CAMPAIGN_TIMEOUT_S ?? 1800) * 1000;

export interface CampaignBench {
  recipients: number;
  rate: number;
  /** Mails the sink accepted; sends recorded (each recipient once). */
  delivered: number;
  recorded: number;
  seconds: number;
  perSec: number;
  /** nodemailer's pool alone (same connections as the bulk lane), before and after: median. */
  rawPerSec: number;
  rawRounds: number[];
  ratio: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
}

/** The SMTP sink of `npm run bench mail`, in a process of its own. */
async function startSink() {
  const child: ChildProcess = fork(new URL('./mail-sink.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const [first] = (await once(child, 'message')) as [SinkMessage];
  if (first.type !== 'listening') throw new Error('the sink did not start');
  const count = async () => {
    const reply = new Promise<{ count: number; firstAt: number; lastAt: number }>((resolve) => {
      const onMessage = (m: SinkMessage) => {
        if (m.type !== 'count') return;
        child.off('message', onMessage);
        resolve(m);
      };
      child.on('message', onMessage);
    });
    child.send({ type: 'report' });
    return reply;
  };
  return {
    port: first.port,
    count,
    reset: () => child.send({ type: 'reset' }),
    async stop() {
      const exited = once(child, 'exit');
      child.send({ type: 'stop' });
      await exited;
    },
  };
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

export async function benchCampaigns(): Promise<CampaignBench> {
  const sink = await startSink();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-bench-campaigns-'));
  const database = await startEmbeddedPostgres({ dataDir });
  const handle = connectDatabase(database.url, { max: 4 });
  const smtpUrl = `smtp://127.0.0.1:${sink.port}?tls=off`;
  try {
    await runMigrations(database.url);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'bench-session-secret-bench-session-secret',
      MAIL_BULK_RATE: String(RATE),
    });
    const { db } = handle;
    const owner = await createUser(db, { userType: 'organizer', fullName: 'Bench Organizer' });
    const [list] = await db
      .insert(emailLists)
      .values({ ownerId: owner.id, name: 'Bench list', optIn: 'single' })
      .returning();
    if (!list) throw new Error('no list');
    // The subscribers in one statement: the figure is the send, not the set-up.
    await db.execute(sql`
      insert into email_subscribers (list_id, email, name, status, source, attributes)
      select ${list.id}::uuid, 'fan-' || i || '@example.test', 'Fan ' || i, 'subscribed', 'import',
             jsonb_build_object('city', case when i % 2 = 0 then 'Lisbon' else 'Porto' end)
        from generate_series(1, ${RECIPIENTS}) i`);
    const bodyHtml =
      '<h2>Our spring line-up is out</h2><p>Hi {{first_name}} from {{attr.city}}, three new nights are on sale.</p><p><a href="https://mea.events/events">See the events</a></p>';
    const [campaign] = await db
      .insert(emailCampaigns)
      .values({
        ownerId: owner.id,
        subject: 'Spring line-up for {{first_name}}',
        fromName: 'Bench',
        bodyHtml,
        bodyText:
          'Hi {{first_name}}, three new nights are on sale. See the events: https://mea.events/events',
        listIds: [list.id],
        trackOpens: true,
        trackClicks: true,
        status: 'sending',
        startedAt: new Date(),
      })
      .returning();
    if (!campaign) throw new Error('no campaign');

    // Reference: the same kind of mail through nodemailer's pool alone, no queue, no database.
    const sample = Array.from({ length: RAW_MAILS }, (_, i) =>
      campaignMail(
        { ...config, SESSION_SECRET: 'bench-session-secret-bench-session-secret' },
        campaign,
        { email: `raw-${i}@example.test`, name: `Raw ${i}`, attributes: { city: 'Lisbon' } },
      ),
    );
    const measureRaw = async () => {
      const transport = nodemailer.createTransport({
        pool: true,
        maxConnections: SMTP_POOL_CONNECTIONS - 1,
        maxMessages: 1000,
        host: '127.0.0.1',
        port: sink.port,
        ignoreTLS: true,
      });
      sink.reset();
      const started = Date.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: SMTP_POOL_CONNECTIONS - 1 }, async () => {
          for (let i = next++; i < sample.length; i = next++)
            await transport.sendMail({ from: config.MAIL_FROM, ...sample[i] });
        }),
      );
      const { count, lastAt } = await sink.count();
      transport.close();
      return Math.round((count / (lastAt - started)) * 1000);
    };
    const rawBefore = await measureRaw();

    const jobs = await startJobs(database.url, {
      onError: (error) => process.stderr.write(`job error: ${error.message}\n`),
    });
    const mailer = createMailer({ smtpUrl, from: config.MAIL_FROM, db });
    let result: Omit<CampaignBench, 'rawPerSec' | 'rawRounds' | 'ratio'>;
    try {
      await registerMailWorker(jobs, mailer, { bulkRatePerSecond: config.MAIL_BULK_RATE });
      // The marketing module's own workers, as the app registers them (it sends no push).
      await marketingModule.workers?.(
        { jobs, mailer, db, clock: systemClock, config } as unknown as WorkerContext,
        {},
      );
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }, 250);
      sink.reset();
      const started = Date.now();
      await jobs.insert(CAMPAIGN_QUEUE, [{ data: { campaignId: campaign.id } }]);
      let last = { count: 0, firstAt: 0, lastAt: 0 };
      try {
        while (last.count < RECIPIENTS) {
          await new Promise((r) => setTimeout(r, 250));
          last = await sink.count();
          if (Date.now() - started > TIMEOUT_MS)
            throw new Error(
              `the campaign did not finish in ${TIMEOUT_MS / 1000} s (${last.count} sent)`,
            );
        }
      } finally {
        clearInterval(sampler);
      }
      const [recorded] = (
        await db.execute<{ n: number }>(
          sql`select count(*)::int as n from email_campaign_sends where campaign_id = ${campaign.id}`,
        )
      ).rows;
      const seconds = (last.lastAt - started) / 1000;
      result = {
        recipients: RECIPIENTS,
        rate: config.MAIL_BULK_RATE,
        delivered: last.count,
        recorded: recorded?.n ?? 0,
        seconds: Math.round(seconds * 10) / 10,
        perSec: Math.round(last.count / seconds),
        rssBeforeMb: mb(rssBefore),
        rssPeakMb: mb(rssPeak),
        rssGrowthMb: mb(rssPeak - rssBefore),
      };
    } finally {
      await stopJobs(jobs, 5000);
    }
    const rawAfter = await measureRaw();
    const rawPerSec = median([rawBefore, rawAfter]);
    return {
      ...result,
      rawPerSec,
      rawRounds: [rawBefore, rawAfter],
      ratio: Math.round((result.perSec / rawPerSec) * 100) / 100,
    };
  } finally {
    await handle.close();
    await database.stop();
    await sink.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
