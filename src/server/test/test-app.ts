import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Agent } from 'node:https';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../contracts/auth';
import webpush from 'web-push';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { connectDatabase, type Database } from '../db/client';
import { fixedClock } from '../platform/clock';
import { createSession } from '../platform/auth/sessions';
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
    await registerWorkers(
      {
        jobs,
        mailer,
        db: handle.db,
        clock,
        config,
        push: createPushSender(config, { agent: options.pushAgent }),
      },
      { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 },
    );
    const uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-uploads-'));
    undo.push(() => fs.rm(uploadsDir, { recursive: true, force: true }));
    const files = await createFileStore(config, { uploadsDir });
    undo.push(() => files.close());
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
        return `${SESSION_COOKIE}=${token}`;
      },
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
