import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Agent } from 'node:https';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../contracts/auth';
import webpush from 'web-push';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { connectDatabase, type Database } from '../db/client';
import { backgroundWorkOf } from '../platform/background-work';
import { fixedClock } from '../platform/clock';
import { createSession, hashToken } from '../platform/auth/sessions';
import { JOB_SCHEMA } from '../platform/jobs/job-schema';
import { startJobs, stopJobs, type JobQueue } from '../platform/jobs/jobs';
import { createMailer } from '../platform/mail/mailer';
import { createPushSender } from '../platform/push/push-sender';
import { createFileStore } from '../platform/storage/create-file-store';
import type { FileStore } from '../platform/storage/storage';
import { registerWorkers } from '../workers';
import { createTestDatabase } from './database';
import type { CreatedUser } from './factories';
import { startTestS3, type TestS3 } from './s3';

/** A fresh VAPID pair per app (generating one takes about a millisecond). */
function vapidEnv() {
  const keys = webpush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  jobs: JobQueue;
  clock: ReturnType<typeof fixedClock>;
  config: Config;
  databaseUrl: string;
  /** The app's file store (the driver `storage` chose). */
  files: FileStore;
  /** The local driver's folder (made, and empty, with the S3 driver too). */
  uploadsDir: string;
  /** Signs a factory user in through the real endpoint; returns the Cookie header to send. */
  signIn(user: Pick<CreatedUser, 'email' | 'password'>): Promise<string>;
  /**
   * A session for a user without going through sign-in (its rate limit and argon2 cost), for
   * tests about something else that need many people signed in.
   */
  sessionCookie(user: Pick<CreatedUser, 'id'>): Promise<string>;
  /**
   * Waits until the app is idle: no job of the queues it works is due or running, the realtime
   * hub has read what was written, and every in-process batch is flushed and every background
   * run has ended (platform/background-work.ts). Await it before checking state that a job, a
   * batch or a dispatch writes, and before checking that nothing more happened. Jobs delayed
   * into the future (a retry in a second) are not waited for: poll for those.
   */
  settle(options?: { timeoutMs?: number }): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real app on its own fresh database (cloned from the migrated template), with a hand-moved
 * clock. Call in beforeAll and close in afterAll.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    webDir?: string;
    shareDatabaseOf?: Pick<TestApp, 'databaseUrl'>;
    /** How push requests reach a test's local HTTPS push service (self-signed certificate). */
    pushAgent?: Agent;
    /** Extra routes a test needs (e.g. one that throws), added before the app is ready. */
    configure?: (app: FastifyInstance) => void;
    /** Where uploads go: local disk (default) or a local S3-compatible server of its own. */
    storage?: 'local' | 's3';
  } = {},
): Promise<TestApp> {
  // A second app on the first one's database plays a second server process.
  const database = options.shareDatabaseOf
    ? { url: options.shareDatabaseOf.databaseUrl, drop: async () => {} }
    : await createTestDatabase(inject('databaseServerUrl'));
  const s3: TestS3 | undefined = options.storage === 's3' ? await startTestS3() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/mea-test-data',
    SESSION_SECRET: 'test-session-secret-test-session-secret',
    ...vapidEnv(),
    ...s3?.env,
    ...options.env,
  });
  // Everything made so far is undone if a later step fails (or the hook times out and the file
  // moves on): with `isolate: false` a worker runs many files, so a half-built app's pool and
  // job queue would stay connected and starve the next files of PostgreSQL connections.
  const undo: (() => Promise<unknown> | unknown)[] = [() => database.drop(), () => s3?.close()];
  const undoAll = async () => {
    for (const step of undo.reverse()) await Promise.resolve(step()).catch(() => {});
  };
  try {
    return await assemble();
  } catch (error) {
    await undoAll();
    throw error;
  }

  async function assemble(): Promise<TestApp> {
    const handle = connectDatabase(database.url, { max: 5 });
    undo.push(() => handle.close());
    const jobs = await startJobs(database.url);
    undo.push(() => stopJobs(jobs, 5000));
    const clock = fixedClock();
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      db: handle.db,
    });
    const uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-uploads-'));
    undo.push(() => fs.rm(uploadsDir, { recursive: true, force: true }));
    const files = await createFileStore(config, { uploadsDir });
    undo.push(() => files.close());
    await registerWorkers(
      {
        jobs,
        mailer,
        db: handle.db,
        clock,
        config,
        push: createPushSender(config, { agent: options.pushAgent }),
        files,
      },
      { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 },
    );
    const app = await buildApp({
      config,
      db: handle.db,
      databaseUrl: database.url,
      jobs,
      clock,
      files,
      startedAt: clock.now(),
      webDir: options.webDir ?? '/nonexistent-web-build',
    });
    undo.push(() => app.close());
    options.configure?.(app);
    await app.ready();

    const testApp: TestApp = {
      app,
      db: handle.db,
      jobs,
      clock,
      config,
      databaseUrl: database.url,
      files,
      uploadsDir,
      async signIn(user) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: user.email, password: user.password },
        });
        if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
        return cookieHeader(response);
      },
      async sessionCookie(user) {
        const { token } = await createSession(handle.db, { userId: user.id, now: clock.now() });
        // Re-authenticated for good, whatever the clock does: these tests are about something
        // else. Re-authentication itself is tested through signIn (two-factor module).
        await handle.db.execute(sql`
          insert into session_auth_checks (session_id, checked_at)
          select id, '9999-01-01T00:00:00Z' from sessions where token_hash = ${hashToken(token)}`);
        return `${SESSION_COOKIE}=${token}`;
      },
      settle: (settleOptions) => settleApp(testApp, settleOptions?.timeoutMs ?? 20_000),
      async close() {
        openApps.delete(testApp);
        await app.close();
        await stopJobs(jobs, 5000);
        await handle.close();
        await database.drop();
        files.close();
        await s3?.close();
        await fs.rm(uploadsDir, { recursive: true, force: true });
      },
    };
    openApps.add(testApp);
    return testApp;
  }
}

/** Jobs of these queues that are running, or waiting and due, by queue and state. */
async function busyJobs(db: Database, queues: string[]): Promise<string[]> {
  if (!queues.length) return [];
  const result = await db.execute(sql`
    select name, state, count(*)::int as n from ${sql.raw(JOB_SCHEMA)}.job
    where name in ${queues}
      and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))
    group by name, state`);
  return (result.rows as { name: string; state: string; n: number }[]).map(
    (row) => `${row.n} ${row.state} job(s) in ${row.name}`,
  );
}

/**
 * One round reads the realtime hub's news (whose new notifications start a dispatch), drains the
 * in-process work, then asks the job table; the app is idle after two rounds in a row found
 * nothing, because a job that just completed may have queued another one or written a row the
 * hub has not read yet.
 */
async function settleApp(t: TestApp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const queues = t.jobs.workedQueues();
  let quiet = 0;
  let busy: string[] = [];
  while (quiet < 2) {
    if (Date.now() > deadline)
      throw new Error(`settle: the app is still busy after ${timeoutMs} ms: ${busy.join(', ')}`);
    t.app.realtime.poke(false);
    await t.app.realtime.settle();
    const work = backgroundWorkOf(t.db);
    await Promise.all(work.map((w) => w.drain()));
    busy = [...work.filter((w) => w.busy()).map((w) => w.name), ...(await busyJobs(t.db, queues))];
    if (busy.length === 0) {
      quiet += 1;
      continue;
    }
    quiet = 0;
    // Due jobs written in another transaction did not wake the workers: wake them now rather
    // than at their next poll, then look again shortly.
    for (const queue of queues) t.jobs.wake(queue);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Apps made and not yet closed in this worker (see closeLeftoverApps). */
const openApps = new Set<TestApp>();

/**
 * Closes the apps a test file left open (its afterAll never ran because its beforeAll failed,
 * or it forgot). Run after every file by `setup-file.ts`: with `isolate: false` the next file
 * shares this process, its timers and its connections.
 */
export async function closeLeftoverApps(): Promise<number> {
  const left = [...openApps];
  for (const app of left) await app.close().catch(() => {});
  return left.length;
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready to send back as Cookie. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
