import { PgBoss } from 'pg-boss';

export type JobQueue = PgBoss;

/**
 * pg-boss on the app's database: mail, push, expiry and hold-release jobs run here with retries.
 * The web process also works jobs by default; `npm run worker` runs workers separately.
 */
export async function startJobs(
  url: string,
  options: { onError?: (error: Error) => void } = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: url,
    schema: 'pgboss',
    max: 4,
    application_name: 'mea-events-jobs',
  });
  boss.on('error', (error: Error) => options.onError?.(error));
  await boss.start();
  return boss;
}

/** Stops fetching new jobs and waits for running ones (graceful) before closing its pool. */
export async function stopJobs(boss: JobQueue, timeoutMs: number): Promise<void> {
  await boss.stop({ graceful: true, timeout: timeoutMs });
}
