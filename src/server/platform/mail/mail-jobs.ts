import type { JobQueue } from '../jobs/jobs';
import type { MailMessage, Mailer } from './mailer';

export const MAIL_QUEUE = 'mail.send';

/** Delivery retries: 6 more tries, doubling from 10 s (tests shorten the first delay). */
export function retryPolicy(firstDelaySeconds = 10) {
  return { retryLimit: 6, retryDelay: firstDelaySeconds, retryBackoff: true, retryDelayMax: 600 };
}

/** Mail leaves through a job: a slow or failing SMTP server never slows or fails the request. */
export async function enqueueMail(jobs: JobQueue, message: MailMessage): Promise<void> {
  await jobs.send(MAIL_QUEUE, message);
}

export async function registerMailWorker(
  jobs: JobQueue,
  mailer: Mailer,
  options: { pollingIntervalSeconds?: number; retryDelaySeconds?: number } = {},
): Promise<void> {
  await jobs.createQueue(MAIL_QUEUE, retryPolicy(options.retryDelaySeconds));
  await jobs.work<MailMessage>(
    MAIL_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
    async (batch) => {
      for (const job of batch) await mailer.send(job.data);
    },
  );
}
