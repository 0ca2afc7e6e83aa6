import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { connectDatabase, type Database } from '../db/client';
import { fixedClock } from '../platform/clock';
import { startJobs, stopJobs, type JobQueue } from '../platform/jobs/jobs';
import { createMailer } from '../platform/mail/mailer';
import { createLocalFileStore } from '../platform/storage/local-files';
import { registerWorkers } from '../workers';
import { createTestDatabase } from './database';
import type { CreatedUser } from './factories';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  jobs: JobQueue;
  clock: ReturnType<typeof fixedClock>;
  config: Config;
  databaseUrl: string;
  uploadsDir: string;
  /** Signs a factory user in through the real endpoint; returns the Cookie header to send. */
  signIn(user: Pick<CreatedUser, 'email' | 'password'>): Promise<string>;
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
    /** Extra routes a test needs (e.g. one that throws), added before the app is ready. */
    configure?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(inject('databaseServerUrl'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/mea-test-data',
    SESSION_SECRET: 'test-session-secret-test-session-secret',
    ...options.env,
  });
  const handle = connectDatabase(database.url, { max: 5 });
  const jobs = await startJobs(database.url);
  const clock = fixedClock();
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: handle.db });
  await registerWorkers({ jobs, mailer, db: handle.db, clock }, { pollingIntervalSeconds: 0.5 });
  const uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-uploads-'));
  const app = await buildApp({
    config,
    db: handle.db,
    jobs,
    clock,
    files: createLocalFileStore(uploadsDir),
    uploadsDir,
    startedAt: clock.now(),
    webDir: options.webDir ?? '/nonexistent-web-build',
  });
  options.configure?.(app);
  await app.ready();

  return {
    app,
    db: handle.db,
    jobs,
    clock,
    config,
    databaseUrl: database.url,
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
    async close() {
      await app.close();
      await stopJobs(jobs, 5000);
      await handle.close();
      await database.drop();
      await fs.rm(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready to send back as Cookie. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
