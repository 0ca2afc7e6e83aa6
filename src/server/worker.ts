// `npm run worker`: job workers in their own process, for deployments that scale them apart from
// the web instances (start those with RUN_WORKERS=false). Needs DATABASE_URL.
import { ConfigError, loadConfig } from './config';
import { connectDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { systemClock } from './platform/clock';
import { startJobs, stopJobs } from './platform/jobs/jobs';
import { createMailer } from './platform/mail/mailer';
import { createPushSender } from './platform/push/push-sender';
import { createFileStore } from './platform/storage/create-file-store';
import { withGeneratedSecrets } from './platform/secrets';
import { registerWorkers } from './workers';

async function main(): Promise<void> {
  const config = await withGeneratedSecrets(loadConfig());
  if (!config.DATABASE_URL) {
    throw new ConfigError(['DATABASE_URL is required for a separate worker process']);
  }
  // The same store as the web instances (S3 when there are several): data downloads live there.
  const files = await createFileStore(config, {
    onError: (error, context) => process.stderr.write(`${context}: ${String(error)}\n`),
  });
  await runMigrations(config.DATABASE_URL);
  const database = connectDatabase(config.DATABASE_URL, { max: 4 });
  const jobs = await startJobs(config.DATABASE_URL, {
    onError: (error) => process.stderr.write(`job queue error: ${error.message}\n`),
  });
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    db: database.db,
  });
  await registerWorkers({
    jobs,
    mailer,
    db: database.db,
    clock: systemClock,
    config,
    push: createPushSender(config),
    files,
  });
  process.stdout.write('Worker running. Press Ctrl-C to stop.\n');

  const stop = () => {
    stopJobs(jobs, config.SHUTDOWN_TIMEOUT_MS)
      .then(() => database.close())
      .then(() => files.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
