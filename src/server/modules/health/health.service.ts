import type { Health } from '../../../contracts/health';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../platform/jobs/jobs';
import { pingDatabase } from './health.queries';

type Check = Health['checks']['database'];

const CHECK_TIMEOUT_MS = 2000;

async function timed(probe: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) =>
        setTimeout(
          () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
          CHECK_TIMEOUT_MS,
        ).unref(),
      ),
    ]);
    return { status: 'up', latencyMs: round(performance.now() - started) };
  } catch (error) {
    return {
      status: 'down',
      latencyMs: round(performance.now() - started),
      error: (error as Error).message,
    };
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;

export async function getHealth(deps: {
  db: Database;
  jobs: JobQueue;
  version: string;
  startedAt: Date;
  now: Date;
}): Promise<Health> {
  const [database, jobs] = await Promise.all([
    timed(() => pingDatabase(deps.db)),
    // The queue is healthy when its schema answers through its own pool.
    timed(async () => {
      if (!(await deps.jobs.isInstalled())) throw new Error('job schema not installed');
    }),
  ]);
  return {
    status: database.status === 'up' && jobs.status === 'up' ? 'ok' : 'degraded',
    version: deps.version,
    uptimeSeconds: Math.round((deps.now.getTime() - deps.startedAt.getTime()) / 1000),
    startedAt: deps.startedAt.toISOString(),
    checks: { database, jobs },
  };
}
