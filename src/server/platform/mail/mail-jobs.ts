import type { JobQueue } from '../jobs/jobs';
import type { MailMessage, Mailer } from './mailer';

export const MAIL_QUEUE = 'mail.send';

/** Mail leaves through a job: a slow or failing SMTP server never slows or fails the request. */
export async function enqueueMail(jobs: JobQueue, message: MailMessage): Promise<void> {
  await jobs.send(MAIL_QUEUE, message);
}

export async function registerMailWorker(
  jobs: JobQueue,
  mailer: Mailer,
  options: { pollingIntervalSeconds?: number } = {},
): Promise<void> {
  await jobs.createQueue(MAIL_QUEUE, {
    retryLimit: 6,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 600,
  });
  await jobs.work<MailMessage>(
    MAIL_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
    async (batch) => {
      for (const job of batch) await mailer.send(job.data);
    },
  );
}
