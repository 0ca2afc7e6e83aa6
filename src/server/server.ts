import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { LogFormat } from './platform/http/logging';
import type { Config } from './config';
import { withGeneratedSecrets } from './platform/secrets';
import { connectDatabase, type DatabaseHandle } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { runMigrations } from './db/migrate';
import { seedDemoImages } from './db/seed/demo-covers';
import { seedDemoData } from './db/seed/seed';
import { systemClock } from './platform/clock';
import { startJobs, stopJobs, type JobQueue } from './platform/jobs/jobs';
import { createMailer } from './platform/mail/mailer';
import { createPushSender } from './platform/push/push-sender';
import { createFileStore } from './platform/storage/create-file-store';
import type { FileStore } from './platform/storage/storage';
import { registerWorkers } from './workers';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  databaseUrl: string;
  seeded: string[];
  mailer: 'smtp' | 'captured';
  /** Stop accepting, finish in-flight requests, stop jobs, close the pool, stop embedded PostgreSQL. */
  shutdown(): Promise<void>;
}

/**
 * The whole start-up: database (embedded unless DATABASE_URL), migrations, demo seed, jobs,
 * the app, listen. main.ts calls this; the shutdown test and the benchmarks do too.
 */
export async function startServer(
  givenConfig: Config,
  options: { webDir?: string; log?: (line: string) => void; logFormat?: LogFormat } = {},
): Promise<RunningServer> {
  const log = options.log ?? (() => {});
  const config = await withGeneratedSecrets(givenConfig);
  let embedded: EmbeddedDatabase | undefined;
  let database: DatabaseHandle | undefined;
  let jobs: JobQueue | undefined;
  let app: FastifyInstance | undefined;
  let files: FileStore | undefined;
  let backgroundSeed: Promise<unknown> | undefined;
  // Stopping does not wait for every demo picture: the seed stops between two, and the next
  // start draws the ones still missing.
  const seeding = new AbortController();

  const cleanUp = async () => {
    seeding.abort();
    await app?.close().catch(() => {});
    await backgroundSeed;
    files?.close();
    if (jobs) await stopJobs(jobs, config.SHUTDOWN_TIMEOUT_MS).catch(() => {});
    await database?.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    if (embedded) {
      await fs.rm(path.join(config.DATA_DIR, 'server.pid'), { force: true });
      await fs.rm(path.join(config.DATA_DIR, 'postgres.url'), { force: true });
    }
  };

  try {
    // First, so that a wrong bucket or key stops the start before a database is brought up.
    const store = await createFileStore(config, {
      onError: (error, context) => app?.log.error({ err: error }, context),
    });
    files = store;
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      // Under NODE_ENV=test (the browser journeys' server) the database is thrown away after
      // the run, so commits need not wait for the disk.
      embedded = await startEmbeddedPostgres({
        dataDir: config.DATA_DIR,
        log,
        throwaway: config.NODE_ENV === 'test',
      });
      await fs.writeFile(path.join(config.DATA_DIR, 'server.pid'), String(process.pid));
      // Lets `npm run grant-role` reach this running database instead of starting a second one.
      await fs.writeFile(path.join(config.DATA_DIR, 'postgres.url'), embedded.url, { mode: 0o600 });
      databaseUrl = embedded.url;
    }
    await runMigrations(databaseUrl);
    database = connectDatabase(databaseUrl);
    const seeded = config.SEED_DEMO ? (await seedDemoData(database.db, { config })).created : [];
    jobs = await startJobs(databaseUrl, {
      onError: (error) => app?.log.error({ err: error }, 'job queue error'),
    });
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      db: database.db,
    });
    if (config.RUN_WORKERS)
      await registerWorkers({
        jobs,
        mailer,
        db: database.db,
        clock: systemClock,
        config,
        push: createPushSender(config),
        files: store,
      });

    app = await buildApp({
      config,
      db: database.db,
      databaseUrl,
      jobs,
      clock: systemClock,
      files,
      startedAt: new Date(),
      webDir: options.webDir,
      logFormat: options.logFormat,
    });
    await app.listen({ port: config.PORT, host: config.HOST });
    if (config.SEED_DEMO) {
      // Pictures are stored after the server is up: a first start is not kept waiting.
      backgroundSeed = seedDemoImages(database.db, files, seeding.signal).catch((error: unknown) =>
        app?.log.error({ err: error }, 'demo images failed'),
      );
    }

    let stopping: Promise<void> | undefined;
    return {
      app,
      url: config.PUBLIC_URL,
      databaseUrl,
      seeded,
      mailer: mailer.kind,
      shutdown: () => (stopping ??= cleanUp()),
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
