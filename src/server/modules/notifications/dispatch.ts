import { localeOrSource } from '../../../contracts/locales';
import type { Notification, PushPayload } from '../../../contracts/notifications';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { jobsIn } from '../../platform/jobs/in-transaction';
import type { JobInsert, JobQueue } from '../../platform/jobs/jobs';
import { BULK_PRIORITY, enqueueBulkMail } from '../../platform/mail/mail-jobs';
import type { MailMessage } from '../../platform/mail/mailer';
import type { PushTarget } from '../../platform/push/push-sender';
import { wants } from './delivery-rules';
import { mailable } from './notifications.policy';
import { TYPES_WITH_OWN_MAIL, notificationMail } from './notification-mail';
import { presentNotification } from './notifications.presenter';
import {
  claimUndispatched,
  listPushSubscriptions,
  recipientsByIds,
  settingsForUsers,
  type NotificationRow,
} from './notifications.queries';

export const PUSH_QUEUE = 'notifications.push';
export const DISPATCH_QUEUE = 'notifications.dispatch';
const CLAIM_BATCH = 200;

export interface PushJob extends PushTarget {
  userId: string;
  payload: PushPayload;
}

export interface DispatchDeps {
  db: Database;
  jobs: JobQueue;
  clock: Clock;
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'SESSION_SECRET'>;
}

function pushPayloadOf(n: Notification): PushPayload {
  return {
    title: n.title,
    body: n.message,
    url: n.link ?? '/notifications',
    tag: n.id,
    notificationId: n.id,
  };
}

/** Push jobs for every subscription of these users, one job per browser (retried on its own). */
export async function pushJobsFor(
  db: DbExecutor,
  messages: { userId: string; payload: PushPayload }[],
): Promise<JobInsert<PushJob>[]> {
  const subscriptions = await listPushSubscriptions(db, [
    ...new Set(messages.map((m) => m.userId)),
  ]);
  return messages.flatMap((message) =>
    subscriptions
      .filter((s) => s.userId === message.userId)
      .map((s) => ({
        data: {
          userId: s.userId,
          endpoint: s.endpoint,
          p256dh: s.p256dh,
          auth: s.auth,
          payload: message.payload,
        },
      })),
  );
}

/**
 * Claims notifications nobody has sent by push or email yet and queues those jobs, in one
 * transaction: a crash before commit leaves them unclaimed, so they are sent exactly once by
 * whichever process claims them next (SKIP LOCKED lets several processes work side by side).
 * The in-app row is already there whatever happens here.
 */
export async function dispatchPending(deps: DispatchDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await deps.db.transaction(async (tx) => {
      const rows = await claimUndispatched(tx, { now: deps.clock.now(), limit: CLAIM_BATCH });
      if (rows.length) await queueDelivery(deps, tx, rows);
      return rows.length;
    });
    total += claimed;
    if (claimed < CLAIM_BATCH) return total;
  }
}

async function queueDelivery(
  deps: DispatchDeps,
  tx: DbExecutor,
  rows: NotificationRow[],
): Promise<void> {
  const now = deps.clock.now();
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const settings = await settingsForUsers(tx, userIds);
  const recipients = await recipientsByIds(tx, userIds);

  const pushes: { userId: string; payload: PushPayload }[] = [];
  const mails: MailMessage[] = [];
  for (const row of rows) {
    const s = settings.get(row.userId);
    if (!s) continue;
    const notification = presentNotification(row);
    if (wants(s, 'push', row, now))
      pushes.push({ userId: row.userId, payload: pushPayloadOf(notification) });
    const to = recipients.get(row.userId);
    // A type with its own mail is skipped, unless the row asks for this mail itself
    // (`metadata.mail`: subscription receipts and notices are payment_success rows that no
    // other mail covers; decision 021).
    if (!mailable(to) || (TYPES_WITH_OWN_MAIL.includes(row.type) && row.metadata.mail !== true))
      continue;
    // A security notice (a sign-in from a new device, decision 062) is mailed whatever the
    // account's mail settings: it is how a person learns that someone else got in.
    if (row.metadata.security === true || wants(s, 'email', row, now))
      mails.push(
        notificationMail(deps.config, {
          to: to.email,
          name: to.name,
          locale: localeOrSource(to.language),
          notification,
        }),
      );
  }
  const pushJobs = await pushJobsFor(tx, pushes);

  const db = jobsIn(tx);
  if (pushJobs.length) await deps.jobs.insert(PUSH_QUEUE, pushJobs, { db });
  // Bulk lane: one change can mail every attendee; it must not hold up resets and tickets.
  await enqueueBulkMail(deps.jobs, mails, { priority: BULK_PRIORITY.notification, db });
}

/**
 * Runs dispatchPending soon, at most one run at a time per process; asked again while running,
 * it runs once more afterwards.
 */
export function dispatcher(deps: DispatchDeps, onError: (error: unknown) => void) {
  let running: Promise<void> | undefined;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = dispatchPending(deps)
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return {
    poke: run,
    busy: () => running !== undefined,
    async settle() {
      while (running) await running;
    },
  };
}
