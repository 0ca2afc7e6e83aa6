// `npm run bench mail`: 10,000 announcement mails through the bulk lane to a
// local SMTP sink (another process) while password resets go through the transactional lane.
// Reference in the same run: nodemailer's pool alone sending the same mails to the same sink.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { loadConfig } from '../src/server/config';
import { connectDatabase } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { runMigrations } from '../src/server/db/migrate';
import { passwordResetMail } from '../src/server/modules/auth/auth.mail';
import { announcementMail } from '../src/server/modules/notifications/notification-mail';
import { startJobs, stopJobs } from '../src/server/platform/jobs/jobs';
import {
  BULK_PRIORITY,
  enqueueBulkMail,
  enqueueMail,
  registerMailWorker,
} from '../src/server/platform/mail/mail-jobs';
import {
  SMTP_POOL_CONNECTIONS,
  createMailer,
  type MailMessage,
} from '../src/server/platform/mail/mailer';
import { median } from './lib';
import type { SinkMessage } from './mail-sink';

const MAILS = 10_000;
const ROUNDS = 3;
/** A reset is asked for every this many ms while the announcement is going out. */
const RESET_EVERY_MS = 2000;
const ENQUEUE_CHUNK = 1000;

export interface MailRound {
  mails: number;
  /** First enqueue → last mail accepted by the sink. */
  seconds: number;
  perSec: number;
  /** Each reset's enqueue → accepted by the sink. */
  resetMs: number[];
  /** nodemailer's pool alone just before this round (the machine's state at the time). */
  rawPerSec: number;
}

export interface MailBench {
  mails: number;
  rate: number;
  rounds: MailRound[];
  medianPerSec: number;
  resetP50Ms: number;
  resetMaxMs: number;
  /** The same bulk lane with the rate limit lifted (what the pipeline itself can do). */
  uncapped: MailRound;
  /** nodemailer's pool alone, as many connections as the bulk lane uses, no queue (median). */
  rawPerSec: number;
}

const RAW_MAILS = 2000;

class Sink {
  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {}

  readonly arrivals = new Map<string, number>();

  static async start(): Promise<Sink> {
    const child = fork(new URL('./mail-sink.ts', import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const [first] = (await once(child, 'message')) as [SinkMessage];
    if (first.type !== 'listening') throw new Error('the sink did not start');
    const sink = new Sink(child, first.port);
    child.on('message', (m: SinkMessage) => {
      if (m.type === 'arrived') sink.arrivals.set(m.to, m.at);
    });
    return sink;
  }

  async count(): Promise<{ count: number; firstAt: number; lastAt: number }> {
    const reply = new Promise<SinkMessage>((resolve) => {
      const onMessage = (m: SinkMessage) => {
        if (m.type !== 'count') return;
        this.child.off('message', onMessage);
        resolve(m);
      };
      this.child.on('message', onMessage);
    });
    this.child.send({ type: 'report' });
    const m = await reply;
    if (m.type !== 'count') throw new Error('unexpected');
    return m;
  }

  reset(): void {
    this.child.send({ type: 'reset' });
  }

  async stop(): Promise<void> {
    const exited = once(this.child, 'exit');
    this.child.send({ type: 'stop' });
    await exited;
  }
}

export async function benchMail(): Promise<MailBench> {
  const sink = await Sink.start();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-bench-mail-'));
  const database = await startEmbeddedPostgres({ dataDir });
  const handle = connectDatabase(database.url, { max: 2 });
  const smtpUrl = `smtp://127.0.0.1:${sink.port}?tls=off`;
  try {
    await runMigrations(database.url);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'bench-session-secret-bench-session-secret',
      MAIL_BULK_RATE: process.env.MAIL_BULK_RATE,
    });
    const announcement = (i: number): MailMessage =>
      announcementMail(config, {
        to: `attendee-${i}@example.test`,
        name: `Attendee ${i}`,
        userId: '01900000-0000-7000-8000-000000000000',
        subject: 'Doors open at 7',
        message: 'Bring your ticket QR code. The east entrance opens first; parking is free.',
        eventTitle: 'Harbor Lights Festival',
        eventId: '01900000-0000-7000-8000-000000000001',
      });
    const mails = Array.from({ length: MAILS }, (_, i) => announcement(i));

    // Reference: nodemailer's pool alone, no queue, no rate limit, same connections as the bulk
    // lane; measured before each round, as the load of this shared machine drifts.
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
          for (let i = next++; i < RAW_MAILS; i = next++)
            await transport.sendMail({ from: config.MAIL_FROM, ...mails[i] });
        }),
      );
      const { count, lastAt } = await sink.count();
      transport.close();
      return Math.round((count / (lastAt - started)) * 1000);
    };

    const runRounds = async (rate: number, rounds: number): Promise<MailRound[]> => {
      const jobs = await startJobs(database.url, {
        onError: (error) => process.stderr.write(`job error: ${error.message}\n`),
      });
      const mailer = createMailer({ smtpUrl, from: config.MAIL_FROM, db: handle.db });
      await registerMailWorker(jobs, mailer, { bulkRatePerSecond: rate });
      const results: MailRound[] = [];
      try {
        for (let round = 0; round < rounds; round++) {
          const rawPerSec = await measureRaw();
          sink.reset();
          const started = Date.now();
          const resets: { to: string; at: number }[] = [];
          const askReset = async () => {
            const to = `watch-reset-${rate}-${round}-${resets.length}@example.test`;
            resets.push({ to, at: Date.now() });
            await enqueueMail(
              jobs,
              passwordResetMail(
                config,
                { email: to, fullName: 'Rae Set', language: 'en' },
                'a'.repeat(43),
              ),
            );
          };
          // As the announcement service does: one insert per chunk of attendees.
          for (let i = 0; i < MAILS; i += ENQUEUE_CHUNK)
            await enqueueBulkMail(jobs, mails.slice(i, i + ENQUEUE_CHUNK), {
              priority: BULK_PRIORITY.announcement,
            });
          let nextReset = Date.now() + 500;
          let last = { count: 0, firstAt: 0, lastAt: 0 };
          while (last.count < MAILS) {
            await new Promise((r) => setTimeout(r, 100));
            if (Date.now() >= nextReset && last.count < MAILS * 0.95) {
              await askReset();
              nextReset += RESET_EVERY_MS;
            }
            last = await sink.count();
            if (Date.now() - started > 600_000)
              throw new Error('bulk mail did not finish in 10 min');
          }
          // Let the last reset arrive.
          for (let i = 0; i < 50 && resets.some((r) => !sink.arrivals.has(r.to)); i++)
            await new Promise((r) => setTimeout(r, 100));
          const seconds = (last.lastAt - started) / 1000;
          results.push({
            mails: last.count,
            seconds,
            perSec: Math.round(last.count / seconds),
            resetMs: resets.map((r) => (sink.arrivals.get(r.to) ?? Infinity) - r.at),
            rawPerSec,
          });
        }
      } finally {
        await stopJobs(jobs, 5000);
      }
      return results;
    };

    const rounds = await runRounds(config.MAIL_BULK_RATE, ROUNDS);
    const [uncapped] = await runRounds(10_000, 1);
    const resetMs = rounds.flatMap((r) => r.resetMs);
    return {
      mails: MAILS,
      rate: config.MAIL_BULK_RATE,
      rounds,
      medianPerSec: median(rounds.map((r) => r.perSec)),
      resetP50Ms: Math.round(median(resetMs)),
      resetMaxMs: Math.round(Math.max(...resetMs)),
      uncapped: uncapped as MailRound,
      rawPerSec: median([...rounds, uncapped as MailRound].map((r) => r.rawPerSec)),
    };
  } finally {
    await handle.close();
    await database.stop();
    await sink.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
