import { registerMailWorker } from './platform/mail/mail-jobs';
import { registerPaymentWorkers } from './modules/payments/payment-jobs';
import type { WorkerContext, WorkerOptions } from './modules/module';
import { commerceHooks, serverModules } from './modules/registry';

/** Every background job the app runs. The web process works them unless told otherwise. */
export async function registerWorkers(
  deps: WorkerContext,
  options: WorkerOptions = {},
): Promise<void> {
  await registerMailWorker(deps.jobs, deps.mailer, {
    ...options,
    bulkRatePerSecond: deps.config.MAIL_BULK_RATE,
  });
  // Charges whose effect a crash or outage cut off are applied, owed refunds made.
  await registerPaymentWorkers(commerceHooks(), deps);

  for (const module of serverModules) await module.workers?.(deps, options);
}
