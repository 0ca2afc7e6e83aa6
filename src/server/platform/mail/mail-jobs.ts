import type { JobDb, JobInsert, JobQueue, JobResult, Job } from '../jobs/jobs';
import type { MailMessage, Mailer } from './mailer';
import { RateLimiter } from './rate-limiter';

/**
 * Transactional mail: what someone is waiting for now (confirmation, password reset, account
 * notices, tickets, newsletter confirmation). Its own queue and worker, so no backlog of bulk
 * mail can hold it (decision 015).
 */
export const MAIL_QUEUE = 'mail.send';
/** Bulk mail: announcements to attendees and notification mail, paced at MAIL_BULK_RATE. */
export const BULK_MAIL_QUEUE = 'mail.bulk';

/**
 * Within the bulk queue, one person's notification goes before a pending announcement to
 * thousands (pg-boss fetches by priority, then age).
 */
export const BULK_PRIORITY = { notification: 1, announcement: 0 } as const;

/** Delivery retries: 6 more tries, doubling from 10 s (tests shorten the first delay). */
export function retryPolicy(firstDelaySeconds = 10) {
  return { retryLimit: 6, retryDelay: firstDelaySeconds, retryBackoff: true };
}

/** Mail leaves through a job: a slow or failing SMTP server never slows or fails the request. */
export async function enqueueMail(jobs: JobQueue, message: MailMessage): Promise<void> {
  await jobs.send(MAIL_QUEUE, message);
}

/**
 * Queues bulk mail in one statement; with `db: jobsIn(tx)` the jobs commit with the rows that
 * asked for them.
 */
export async function enqueueBulkMail(
  jobs: JobQueue,
  messages: MailMessage[],
  options: { priority: number; db?: JobDb },
): Promise<void> {
  const inserts: JobInsert<MailMessage>[] = messages.map((data) => ({
    data,
    priority: options.priority,
  }));
  await jobs.insert(BULK_MAIL_QUEUE, inserts, { db: options.db });
}

/** Idempotent; web and worker processes both call it. */
export async function createMailQueues(
  jobs: JobQueue,
  options: { retryDelaySeconds?: number } = {},
): Promise<void> {
  await jobs.createQueue(MAIL_QUEUE, retryPolicy(options.retryDelaySeconds));
  await jobs.createQueue(BULK_MAIL_QUEUE, retryPolicy(options.retryDelaySeconds));
}

/** The receiving server's permanent answer (SMTP 5xx), or null for anything worth retrying. */
export interface MailRefusal {
  responseCode: string;
  response: string;
  /** The SMTP command it answered: `RCPT TO` means the address itself was refused. */
  command: string;
}

export function permanentRefusal(error: unknown): MailRefusal | null {
  const e = error as { responseCode?: unknown; response?: unknown; command?: unknown };
  if (typeof e?.responseCode !== 'number' || e.responseCode < 500 || e.responseCode > 599)
    return null;
  return {
    responseCode: String(e.responseCode),
    response: String(e.response ?? (error as Error).message ?? '').slice(0, 500),
    command: typeof e.command === 'string' ? e.command : '',
  };
}

/**
 * Sends each job's mail through at most `concurrency` connections at once, each after taking a
 * token from `limiter` when there is one; every mail succeeds or is retried on its own. A mail
 * that asks for it (`onRefused`) and is refused for good (5xx) is not retried: the refusal is
 * handed to `reportRefusal` (a job for the module that sent it) and the mail job completes.
 */
export async function sendEach(
  mailer: Mailer,
  batch: Job<MailMessage>[],
  options: {
    concurrency: number;
    limiter?: RateLimiter;
    reportRefusal?: (
      target: NonNullable<MailMessage['onRefused']>,
      refusal: MailRefusal,
    ) => Promise<void>;
  },
): Promise<JobResult[]> {
  const results: JobResult[] = new Array(batch.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < batch.length; i = next++) {
      const job = batch[i] as Job<MailMessage>;
      await options.limiter?.take();
      results[i] = await mailer.send(job.data).then(
        () => ({ id: job.id, status: 'completed' as const }),
        async (error: unknown): Promise<JobResult> => {
          const refusal = permanentRefusal(error);
          const target = job.data.onRefused;
          if (refusal && target && options.reportRefusal) {
            try {
              await options.reportRefusal(target, refusal);
              return { id: job.id, status: 'completed', output: { refused: refusal } };
            } catch {
              // Not reported: the mail is retried and reported on a later try.
            }
          }
          return { id: job.id, status: 'failed', output: { message: String(error) } };
        },
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, batch.length) }, lane));
  return results;
}

export interface MailWorkerOptions {
  /** How often an idle worker looks for new mail (a send from this process wakes it at once). */
  pollingIntervalSeconds?: number;
  retryDelaySeconds?: number;
  /** Bulk mails per second (config MAIL_BULK_RATE). */
  bulkRatePerSecond: number;
}

/**
 * Two workers over one SMTP pool. Transactional: up to 10 mails at once, sent in parallel.
 * Bulk: batches sized to a quarter second of the rate, paced by a token bucket, on all but one
 * of the pool's connections, so a transactional mail always finds a free connection.
 */
export async function registerMailWorker(
  jobs: JobQueue,
  mailer: Mailer,
  options: MailWorkerOptions,
): Promise<void> {
  await createMailQueues(jobs, options);
  const polling = options.pollingIntervalSeconds ?? 0.5;

  await jobs.work<MailMessage>(
    MAIL_QUEUE,
    { batchSize: 10, pollingIntervalSeconds: polling, perJobResults: true },
    (batch) => sendEach(mailer, batch, { concurrency: mailer.connections }),
  );

  const rate = options.bulkRatePerSecond;
  const limiter = new RateLimiter(rate);
  const concurrency = Math.max(1, mailer.connections - 1);
  await jobs.work<MailMessage>(
    BULK_MAIL_QUEUE,
    {
      batchSize: Math.min(500, Math.max(concurrency, Math.ceil(rate / 4))),
      pollingIntervalSeconds: Math.max(polling, 1),
      perJobResults: true,
    },
    (batch) =>
      sendEach(mailer, batch, {
        concurrency,
        limiter,
        reportRefusal: async (target, refusal) => {
          await jobs.send(target.queue, { ...target.data, ...refusal });
        },
      }),
  );

  jobs.onStopped(() => mailer.close());
}
