import type { Database } from '../../db/client';
import type { JobQueue } from '../../platform/jobs/jobs';
import { createMailQueues, retryPolicy } from '../../platform/mail/mail-jobs';
import type { PushSender } from '../../platform/push/push-sender';
import {
  DISPATCH_QUEUE,
  PUSH_QUEUE,
  dispatchPending,
  type DispatchDeps,
  type PushJob,
} from './dispatch';
import { deletePushSubscription } from './notifications.queries';

/** The queues notification delivery writes to; idempotent, so web and worker processes both call it. */
export async function createNotificationQueues(
  jobs: JobQueue,
  options: { retryDelaySeconds?: number } = {},
): Promise<void> {
  await createMailQueues(jobs, options);
  await jobs.createQueue(PUSH_QUEUE, retryPolicy(options.retryDelaySeconds));
  await jobs.createQueue(DISPATCH_QUEUE);
}

/** Sends one push message; a subscription the push service no longer knows is deleted. */
export async function sendPushJob(
  deps: { db: Database; push: PushSender },
  job: PushJob,
): Promise<void> {
  const result = await deps.push.send(job, JSON.stringify(job.payload));
  if (result === 'gone')
    await deletePushSubscription(deps.db, { userId: job.userId, endpoint: job.endpoint });
}

export async function registerNotificationWorkers(
  deps: DispatchDeps & { push: PushSender },
  options: { pollingIntervalSeconds?: number; retryDelaySeconds?: number } = {},
): Promise<void> {
  await createNotificationQueues(deps.jobs, options);
  await deps.jobs.work<PushJob>(
    PUSH_QUEUE,
    {
      perJobResults: true,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
      batchSize: 20,
    },
    // Each browser succeeds or is retried on its own: one failing endpoint never resends to others.
    async (batch) =>
      Promise.all(
        batch.map((job) =>
          sendPushJob(deps, job.data).then(
            () => ({ id: job.id, status: 'completed' as const }),
            (error: unknown) => ({
              id: job.id,
              status: 'failed' as const,
              output: { message: String(error) },
            }),
          ),
        ),
      ),
  );
  // The realtime hub starts a dispatch as soon as it sees new rows; this sweep covers processes
  // without a hub (separate workers) and anything a crash left behind.
  await deps.jobs.work(DISPATCH_QUEUE, async () => {
    await dispatchPending(deps);
  });
  await deps.jobs.schedule(DISPATCH_QUEUE, '* * * * *');
}
