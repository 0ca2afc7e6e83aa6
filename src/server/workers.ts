import { expireEndedEvents } from './modules/events/events.queries';
import { expireHolds } from './modules/orders/holds';
import { deleteStaleChallenges } from './modules/passkeys/passkeys.queries';
import { deleteExpiredSessions } from './platform/auth/sessions';
import { registerMailWorker } from './platform/mail/mail-jobs';
import { registerNotificationWorkers } from './modules/notifications/notification-jobs';
import { registerPaymentWorkers } from './modules/payments/payment-jobs';
import type { WorkerContext, WorkerOptions } from './modules/module';
import { fulfilHooks, serverModules } from './modules/registry';

const CLEANUP_QUEUE = 'auth.cleanup';
const EXPIRE_EVENTS_QUEUE = 'events.expire';
const EXPIRE_HOLDS_QUEUE = 'orders.expire-holds';

/** Every background job the app runs. The web process works them unless told otherwise. */
export async function registerWorkers(
  deps: WorkerContext,
  options: WorkerOptions = {},
): Promise<void> {
  await registerMailWorker(deps.jobs, deps.mailer, {
    ...options,
    bulkRatePerSecond: deps.config.MAIL_BULK_RATE,
  });
  await registerNotificationWorkers(deps, options);

  await deps.jobs.createQueue(CLEANUP_QUEUE);
  await deps.jobs.work(CLEANUP_QUEUE, async () => {
    const now = deps.clock.now();
    await deleteExpiredSessions(deps.db, { now });
    await deleteStaleChallenges(deps.db, { now });
  });
  await deps.jobs.schedule(CLEANUP_QUEUE, '17 * * * *');

  // spec §4 expiry also runs on a schedule, so events expire even when nobody lists them.
  await deps.jobs.createQueue(EXPIRE_EVENTS_QUEUE);
  await deps.jobs.work(EXPIRE_EVENTS_QUEUE, async () => {
    await expireEndedEvents(deps.db, { now: deps.clock.now() });
  });
  await deps.jobs.schedule(EXPIRE_EVENTS_QUEUE, '* * * * *');

  // Unpaid holds go back on sale even on events nobody is looking at (reads also expire them).
  await deps.jobs.createQueue(EXPIRE_HOLDS_QUEUE);
  await deps.jobs.work(EXPIRE_HOLDS_QUEUE, async () => {
    await expireHolds(deps.db, deps.clock.now());
  });
  await deps.jobs.schedule(EXPIRE_HOLDS_QUEUE, '* * * * *');

  // Charges whose effect a crash or outage cut off are applied, owed refunds made (issue 30).
  await registerPaymentWorkers(fulfilHooks(), deps);

  for (const module of serverModules) await module.workers?.(deps, options);
}
