import type { AppDeps } from '../../app-deps';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import type { orders } from '../../db/schema/tickets';
import type { Clock } from '../../platform/clock';
import { createLocalProvider } from '../../platform/payments/local';
import type { PaymentProvider } from '../../platform/payments/provider';
import { createStripeProvider } from '../../platform/payments/stripe';
import { derivedKey } from '../../platform/secrets';
import type { OrderDeps } from '../orders/orders.service';
import { sendTicketsMail, type TicketMailLinks } from '../tickets/ticket-mail';
import { announceOrderSettled } from '../orders/order-settled';
import type { TicketDeps } from '../tickets/tickets.service';
import type { LocalCheckoutDeps } from './local-checkout.service';
import type { PlanCheckoutHook } from './payments.service';
import type { SubscriptionEventHook } from './webhooks.service';
import { must } from '../../platform/must';

export interface Ticketing {
  payments: PaymentProvider;
  orders: OrderDeps & Pick<AppDeps, 'files'> & { planCheckout?: PlanCheckoutHook };
  tickets: TicketDeps;
  local: LocalCheckoutDeps;
  /**
   * The tickets mail of a paid order (the one its buyer gets, wallet buttons included) sent to
   * `to`: the box office mails a sale's tickets when asked. False when there is nothing to send.
   */
  mailTickets: (orderId: string, to: string) => Promise<boolean>;
}

export type PaymentConfig = Pick<
  Config,
  | 'PAYMENT_PROVIDER'
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_API_URL'
  | 'PUBLIC_URL'
  | 'SESSION_SECRET'
>;

/** The configured payment provider (the app's and the worker process's). */
export function createPaymentProvider(deps: {
  db: Database;
  clock: Clock;
  config: PaymentConfig;
}): PaymentProvider {
  const { config } = deps;
  return config.PAYMENT_PROVIDER === 'stripe'
    ? createStripeProvider({
        secretKey: must(config.STRIPE_SECRET_KEY, 'STRIPE_SECRET_KEY'),
        webhookSecret: must(config.STRIPE_WEBHOOK_SECRET, 'STRIPE_WEBHOOK_SECRET'),
        apiUrl: config.STRIPE_API_URL,
      })
    : createLocalProvider({
        db: deps.db,
        clock: deps.clock,
        publicUrl: config.PUBLIC_URL,
        webhookKey: derivedKey(config, 'local-payment-webhooks'),
      });
}

/**
 * Applies a paid order that is not for tickets, inside the webhook's transaction. `now` is the
 * app clock's time of the delivery (tests move that clock by hand).
 */
export type FulfilOther = (
  tx: DbExecutor,
  order: typeof orders.$inferSelect,
  context: { now: Date },
) => Promise<void>;

/**
 * What other modules plug into commerce through their manifests, so that payments calls them
 * without importing them (decision 027): paid-order fulfilment, a plan's checkout and Stripe
 * Billing's subscription events.
 */
export interface CommerceHooks {
  fulfil: readonly FulfilOther[];
  /**
   * True when the paid order's confirmation mail waits for a document a module's job issues
   * after the payment (the invoice), and that job sends the mail with it.
   */
  confirmationWaits?: (db: DbExecutor, orderId: string) => Promise<boolean>;
  planCheckout?: PlanCheckoutHook;
  subscriptionEvent?: SubscriptionEventHook;
  /** The wallet buttons in the tickets mail. */
  ticketMailLinks?: TicketMailLinks;
}

/** Each module's hook in registry order (a module ignores kinds that are not its own). */
export function fulfilOthers(
  clock: Clock,
  hooks: readonly FulfilOther[],
): (tx: DbExecutor, order: typeof orders.$inferSelect) => Promise<void> {
  return async (tx, order) => {
    const context = { now: clock.now() };
    for (const hook of hooks) await hook(tx, order, context);
  };
}

/**
 * After a paid order committed: the tickets mail, and the announcement that makes its invoice
 * (a sweep catches a lost one). When the seller invoices automatically, the invoice job sends
 * the tickets mail with the invoice attached instead; if that job cannot be queued, the tickets
 * go now without it.
 */
export async function confirmPaidOrder(
  deps: Parameters<typeof sendTicketsMail>[0],
  hooks: Pick<CommerceHooks, 'confirmationWaits' | 'ticketMailLinks'>,
  orderId: string,
): Promise<void> {
  const waits = (await hooks.confirmationWaits?.(deps.db, orderId)) ?? false;
  const queued = await announceOrderSettled(deps.jobs, orderId, { ticketsMail: waits });
  if (!waits || !queued)
    await sendTicketsMail({ ...deps, mailLinks: hooks.ticketMailLinks }, orderId);
}

/** The ticketing services' dependencies, built once per app from its deps and config. */
export function createTicketing(deps: AppDeps, hooks: CommerceHooks = { fulfil: [] }): Ticketing {
  const { config } = deps;
  const webhookKey = derivedKey(config, 'local-payment-webhooks');
  const payments = createPaymentProvider(deps);
  const tickets: TicketDeps = {
    db: deps.db,
    clock: deps.clock,
    ticketKey: derivedKey(config, 'ticket-codes'),
  };
  const onFulfilled = (orderId: string) =>
    confirmPaidOrder({ ...tickets, jobs: deps.jobs, config }, hooks, orderId);
  return {
    payments,
    tickets,
    orders: {
      db: deps.db,
      clock: deps.clock,
      config,
      jobs: deps.jobs,
      files: deps.files,
      payments,
      onFulfilled,
      planCheckout: hooks.planCheckout,
    },
    local: {
      db: deps.db,
      clock: deps.clock,
      payments,
      onFulfilled,
      webhookKey,
      publicUrl: config.PUBLIC_URL,
      // Paid orders of the modules' own kinds (vendor fees, plans, ad budgets…).
      fulfilOther: fulfilOthers(deps.clock, hooks.fulfil),
      subscriptionEvent: hooks.subscriptionEvent,
    },
    mailTickets: (orderId, to) =>
      sendTicketsMail(
        { ...tickets, jobs: deps.jobs, config, mailLinks: hooks.ticketMailLinks },
        orderId,
        undefined,
        to,
      ),
  };
}
