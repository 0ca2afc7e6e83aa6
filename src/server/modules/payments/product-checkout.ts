import { msg } from '@lingui/core/macro';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { TICKET_MESSAGES } from '../../../contracts/tickets';
import type { DbExecutor } from '../../db/client';
import { orders, refunds } from '../../db/schema/tickets';
import { AppError } from '../../platform/http/errors';
import { must } from '../../platform/must';
import { applyPlatformTax, applyPlatformTaxes } from '../taxes/taxes.service';
import { openCheckout } from '../orders/checkout-session';
import { cancelPendingOrder } from '../orders/holds.queries';
import type { OrderDeps } from '../orders/orders.service';
import type { CheckoutRequest } from '../../platform/payments/provider';

/** The order kinds other modules sell (tickets and vendor fees have their own paths). */
export type ProductKind = 'plan' | 'ad_budget' | 'streaming' | 'ride_seat';

export interface ProductCheckoutRequest {
  actor: { id: string; email: string };
  kind: ProductKind;
  amountCents: number;
  currency: string;
  /** Shown on the provider's page and the receipt. */
  description: string;
  /** What the module's `fulfil` hook needs to apply the order (plan id, campaign id…). */
  metadata: Record<string, unknown>;
  eventId?: string;
  /** In-app paths; `?session_id=…` is appended (spec §2 result pages). */
  successPath: string;
  cancelPath: string;
  /** How long the checkout stays payable. */
  payableHours?: number;
  /** A monthly subscription (Stripe Billing with `stripe`; see CheckoutRequest.recurring). */
  recurring?: NonNullable<CheckoutRequest['recurring']>;
}

/**
 * Starts a checkout for something a module sells: a pending order of the module's kind plus the
 * provider's session. When the buyer pays, the payment webhook (or the reconcile job) marks the
 * order paid and calls every module's `fulfil` hook in the same transaction.
 */
export async function openProductCheckout(
  deps: OrderDeps,
  request: ProductCheckoutRequest,
): Promise<{ url: string; sessionId: string; orderId: string }> {
  // A subscription's free trial is the one checkout with nothing to pay today.
  const freeTrial = Boolean(request.recurring?.trialDays) && request.amountCents === 0;
  if (!Number.isInteger(request.amountCents) || (request.amountCents <= 0 && !freeTrial))
    throw new AppError('VALIDATION_FAILED', msg`The amount must be more than zero`);
  const now = deps.clock.now();
  const payableUntil = new Date(now.getTime() + (request.payableHours ?? 24) * 3600_000);
  const [inserted] = await deps.db
    .insert(orders)
    .values({
      userId: request.actor.id,
      kind: request.kind,
      currency: request.currency,
      subtotalCents: request.amountCents,
      totalCents: request.amountCents,
      eventId: request.eventId ?? null,
      reservedUntil: payableUntil,
      metadata: request.metadata,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const order = must(inserted, 'product order');
  // Plans and ad budgets carry the platform's tax inside their price (decision 081).
  await applyPlatformTax(deps.db, order.id);
  const base = deps.config.PUBLIC_URL;
  const back = (path: string) =>
    `${base}${path}${path.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`;
  try {
    const session = await openCheckout(deps, {
      orderId: order.id,
      currency: request.currency,
      amountCents: request.amountCents,
      description: request.description,
      lines: [{ label: request.description, unitAmountCents: request.amountCents, quantity: 1 }],
      customerEmail: request.actor.email,
      successUrl: back(request.successPath),
      cancelUrl: back(request.cancelPath),
      holdUntil: payableUntil,
      recurring: request.recurring,
    });
    return { url: session.checkoutUrl, sessionId: session.paymentSessionId, orderId: order.id };
  } catch {
    await cancelPendingOrder(deps.db, order.id, deps.clock.now());
    throw new AppError('SERVICE_UNAVAILABLE', TICKET_MESSAGES.checkoutFailed);
  }
}

/**
 * Refunds what is left of a paid product order in full (a cancelled ride, a rejected ad), as the
 * system rather than a person. The order row is locked and the provider gets the refund row's id
 * as its idempotency key; a second call finds nothing left and returns false.
 */
export async function refundProductOrder(
  deps: Pick<OrderDeps, 'db' | 'clock' | 'payments'>,
  params: { orderId: string; reason: string; tx?: DbExecutor },
): Promise<boolean> {
  const run = async (tx: DbExecutor) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.id, params.orderId),
          ne(orders.kind, 'tickets'),
          inArray(orders.status, ['paid', 'partially_refunded']),
        ),
      )
      .for('update');
    if (!order || order.totalCents - order.refundedCents <= 0) return false;
    const amount = order.totalCents - order.refundedCents;
    const refundId = randomUUID();
    const now = deps.clock.now();
    const { id: providerRefundId } = await deps.payments.refund({
      paymentRef: order.paymentRef ?? '',
      amountCents: amount,
      idempotencyKey: `refund:${refundId}`,
    });
    await tx.insert(refunds).values({
      id: refundId,
      orderId: order.id,
      amountCents: amount,
      reason: params.reason,
      providerRefundId,
      createdAt: now,
    });
    await tx
      .update(orders)
      .set({ refundedCents: order.totalCents, status: 'refunded', updatedAt: now })
      .where(eq(orders.id, order.id));
    return true;
  };
  return params.tx ? run(params.tx) : deps.db.transaction(run);
}

/** A charge a provider made on its own schedule (see `recordProviderCharges`). */
interface ProviderCharge {
  /** Made by the caller, so it can link its own rows to the order. */
  id: string;
  userId: string;
  kind: ProductKind;
  amountCents: number;
  currency: string;
  provider: string;
  paymentRef: string | null;
  metadata: Record<string, unknown>;
}

/**
 * Charges a provider made on its own schedule (a month of a plan renewed by Stripe Billing or
 * by our renewal job) recorded as paid orders of the module's kind, so they carry the platform's
 * tax like the first charge (decision 081) and get invoices (the invoice sweep finds them; the
 * caller may announce them too). Called in the caller's transaction, once per charge (the
 * caller's own unique key makes sure of that), in two statements whatever their number; the
 * fulfil hooks are not run, since what was bought is already applied.
 */
export async function recordProviderCharges(
  tx: DbExecutor,
  params: { charges: ProviderCharge[]; now: Date },
): Promise<void> {
  const { charges, now } = params;
  if (!charges.length) return;
  await tx.insert(orders).values(
    charges.map((charge) => ({
      id: charge.id,
      userId: charge.userId,
      kind: charge.kind,
      status: 'paid' as const,
      currency: charge.currency,
      subtotalCents: charge.amountCents,
      totalCents: charge.amountCents,
      provider: charge.provider,
      paymentRef: charge.paymentRef,
      metadata: charge.metadata,
      createdAt: now,
      paidAt: now,
      updatedAt: now,
    })),
  );
  await applyPlatformTaxes(
    tx,
    charges.map((charge) => charge.id),
  );
}
