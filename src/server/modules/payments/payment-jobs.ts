import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../platform/jobs/jobs';
import type { Config } from '../../config';
import { derivedKey } from '../../platform/secrets';
import {
  confirmPaidOrder,
  createPaymentProvider,
  fulfilOthers,
  type CommerceHooks,
  type PaymentConfig,
} from './ticketing';
import { completedEvent } from './local-checkout.service';
import {
  applyPaymentEvent,
  owedLateRefunds,
  settleLateRefund,
  type WebhookDeps,
} from './webhooks.service';

const RECONCILE_QUEUE = 'payments.reconcile';

/** How long an owed refund is left to the request that recorded it before the job makes it. */
const OWED_REFUND_GRACE_MS = 60_000;

export type ReconcileDeps = Omit<WebhookDeps, 'onFulfilled'> & Partial<WebhookDeps>;

/**
 * Every minute: charged local checkout sessions whose payment never reached their order are
 * applied (exactly once, by the session's event id), and late-payment refunds recorded as owed
 * are made. Both are what a process or database failure between a charge and its effect could
 * leave behind; a healthy run finds nothing.
 */
export async function registerPaymentWorkers(
  hooks: CommerceHooks,
  deps: {
    jobs: JobQueue;
    db: Database;
    clock: Clock;
    config: PaymentConfig & Pick<Config, 'APP_NAME'>;
  },
) {
  const payments = createPaymentProvider(deps);
  const tickets = {
    db: deps.db,
    clock: deps.clock,
    ticketKey: derivedKey(deps.config, 'ticket-codes'),
  };
  const reconcile: ReconcileDeps = {
    db: deps.db,
    clock: deps.clock,
    payments,
    onFulfilled: (orderId) =>
      confirmPaidOrder({ ...tickets, jobs: deps.jobs, config: deps.config }, hooks, orderId),
    fulfilOther: fulfilOthers(deps.clock, hooks.fulfil),
    subscriptionEvent: hooks.subscriptionEvent,
  };
  await deps.jobs.createQueue(RECONCILE_QUEUE);
  await deps.jobs.work(RECONCILE_QUEUE, async () => {
    await reconcilePayments(reconcile);
  });
  await deps.jobs.schedule(RECONCILE_QUEUE, '* * * * *');
}

export async function reconcilePayments(
  deps: ReconcileDeps,
): Promise<{ applied: number; refunded: number }> {
  let applied = 0;
  if (deps.payments.name === 'local') {
    const { rows } = await deps.db.execute<{
      id: string;
      orderId: string;
      amountCents: number;
      paymentRef: string;
    }>(sql`
      select s.id, s.order_id as "orderId", coalesce(s.amount_cents, o.total_cents) as "amountCents",
        s.payment_ref as "paymentRef"
      from local_checkout_sessions s join orders o on o.id = s.order_id
      where s.status = 'complete' and s.payment_ref is not null
        and o.status in ('pending', 'expired', 'cancelled')
        and not exists (
          select 1 from payment_events e where e.event_id = 'evt_local_completed_' || s.id)
      limit 100`);
    for (const session of rows) {
      const outcome = await applyPaymentEvent(
        deps,
        completedEvent(session, session.paymentRef, deps.clock.now()),
      );
      if (outcome === 'paid' || outcome === 'refunded_stock_gone') applied += 1;
    }
  }
  const owed = await owedLateRefunds(
    deps.db,
    new Date(deps.clock.now().getTime() - OWED_REFUND_GRACE_MS),
  );
  for (const refund of owed) await settleLateRefund(deps, refund);
  return { applied, refunded: owed.length };
}
