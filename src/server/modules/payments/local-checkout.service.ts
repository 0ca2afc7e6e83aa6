import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  TICKET_MESSAGES,
  type LocalCheckoutSession,
  type LocalPayInputSchema,
} from '../../../contracts/tickets';
import type { z } from 'zod';
import { AppError } from '../../platform/http/errors';
import {
  LOCAL_SIGNATURE_HEADER,
  newLocalId,
  signLocalWebhook,
  type LocalWebhookBody,
} from '../../platform/payments/local';
import type { PaymentEvent } from '../../platform/payments/provider';
import {
  completeLocalSession,
  findLocalSession,
  setLocalSessionStatus,
  type LocalSessionRow,
} from './payments.queries';
import { applyPaymentEvent, handleWebhook, type WebhookDeps } from './webhooks.service';

// The built-in provider's hosted page: test cards decide the outcome. A decline reaches the order
// through handleWebhook with a signed body, as a real provider's would; a payment is applied in the
// transaction that completes the session (see complete()).

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  authentication: '4000002500003155',
} as const;

export interface LocalCheckoutDeps extends WebhookDeps {
  webhookKey: Buffer;
  /** The site's address: the return URLs of a page drawn from its order start with it. */
  publicUrl: string;
}

type SessionRow = LocalSessionRow;

/** Luhn check: a mistyped number is caught before it is "charged". */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export function isExpiryInFuture(expiry: string, now: Date): boolean {
  const [month = 0, year = 0] = expiry.split('/').map((p) => Number(p.trim()));
  const lastMoment = Date.UTC(2000 + year, month, 1); // first moment of the following month
  return lastMoment > now.getTime();
}

async function loadSession(deps: LocalCheckoutDeps, id: string): Promise<SessionRow> {
  const session = await findLocalSession(deps.db, { id, publicUrl: deps.publicUrl });
  if (!session) throw new AppError('NOT_FOUND', msg`Checkout session not found`);
  return session;
}

function present(session: SessionRow, now: Date): LocalCheckoutSession {
  const expired = session.status !== 'complete' && session.expiresAt <= now;
  return {
    id: session.id,
    status: expired ? 'expired' : session.status,
    amountCents: session.amountCents,
    currency: session.currency as LocalCheckoutSession['currency'],
    description: session.description,
    lines: session.lines.map((line) => ({
      label: line.quantity > 1 ? `${line.label} × ${line.quantity}` : line.label,
      amountCents: line.unitAmountCents * line.quantity,
    })),
    expiresAt: session.expiresAt.toISOString(),
    successUrl: session.successUrl,
    cancelUrl: session.cancelUrl,
    lastError: session.lastError,
  };
}

export async function getLocalSession(deps: LocalCheckoutDeps, id: string) {
  return present(await loadSession(deps, id), deps.clock.now());
}

/** Delivers one signed event through the shared webhook handler. */
async function deliver(deps: LocalCheckoutDeps, body: LocalWebhookBody) {
  const raw = JSON.stringify(body);
  const signature = signLocalWebhook(deps.webhookKey, raw, body.created);
  return handleWebhook(deps, Buffer.from(raw), { [LOCAL_SIGNATURE_HEADER]: signature });
}

const succeeded = (session: SessionRow) => ({
  status: 'succeeded' as const,
  message: null,
  redirectUrl: session.successUrl,
});

/**
 * The completed-payment event of a session. Its id is the session's, so however often it is
 * delivered (a retried pay, the reconciliation job) it is applied once.
 */
export function completedEvent(
  session: Pick<SessionRow, 'id' | 'orderId' | 'amountCents'>,
  paymentRef: string,
  now: Date,
): PaymentEvent {
  return {
    id: `evt_local_completed_${session.id}`,
    kind: 'checkout.completed',
    sessionId: session.id,
    orderId: session.orderId,
    paymentRef,
    amountCents: session.amountCents,
    created: Math.floor(now.getTime() / 1000),
  };
}

/**
 * Charges the session and applies the payment in one transaction: the session is
 * never complete without its order paid (or refunded when the stock is gone), whatever fails
 * between the two. Only the first completion wins; a double click pays once.
 */
async function complete(deps: LocalCheckoutDeps, session: SessionRow) {
  const paymentRef = newLocalId('pi_local');
  await applyPaymentEvent(deps, completedEvent(session, paymentRef, deps.clock.now()), (tx) =>
    completeLocalSession(tx, { id: session.id, fromStatus: session.status, paymentRef }),
  );
  return succeeded(session);
}

/**
 * A retried pay of a complete session delivers its payment again: applied once by its event id,
 * it settles a session completed before completion and payment were one transaction.
 */
export async function redeliverCompleted(deps: LocalCheckoutDeps, session: SessionRow) {
  if (session.status !== 'complete' || !session.paymentRef) return 'ignored' as const;
  return applyPaymentEvent(deps, completedEvent(session, session.paymentRef, deps.clock.now()));
}

// Stored and answered in English (the provider's own words); the routes put them in the
// reader's language.
const AUTHENTICATION_FAILED = msg`Authentication failed. Please try again or use another card.`;

async function decline(
  deps: LocalCheckoutDeps,
  session: SessionRow,
  reason: string | MessageDescriptor,
) {
  const message = typeof reason === 'string' ? reason : (reason.message ?? reason.id);
  await setLocalSessionStatus(deps.db, { id: session.id, status: 'open', lastError: message });
  await deliver(deps, {
    id: newLocalId('evt_local'),
    type: 'checkout.failed',
    created: Math.floor(deps.clock.now().getTime() / 1000),
    data: {
      sessionId: session.id,
      orderId: session.orderId,
      paymentRef: null,
      amountCents: session.amountCents,
    },
  });
  return { status: 'declined' as const, message, redirectUrl: null };
}

function assertPayable(session: SessionRow, now: Date) {
  // Like a provider's page, it stays usable for a while after our hold: a late payment is
  // re-checked against stock by the webhook handler (and refunded if the stock is gone).
  if (session.expiresAt.getTime() + 20 * 60_000 <= now.getTime())
    throw new AppError('CONFLICT', TICKET_MESSAGES.holdExpired);
}

export async function payLocalSession(
  deps: LocalCheckoutDeps,
  params: { id: string; input: z.output<typeof LocalPayInputSchema> },
) {
  const session = await loadSession(deps, params.id);
  const now = deps.clock.now();
  if (session.status === 'complete') {
    await redeliverCompleted(deps, session);
    return succeeded(session);
  }
  assertPayable(session, now);
  const { cardNumber, expiry } = params.input;
  if (!isLuhnValid(cardNumber))
    throw new AppError('VALIDATION_FAILED', TICKET_MESSAGES.cardInvalid, {
      fields: [{ field: 'body.cardNumber', message: TICKET_MESSAGES.cardInvalid }],
    });
  if (!isExpiryInFuture(expiry, now))
    throw new AppError('VALIDATION_FAILED', TICKET_MESSAGES.expiryInvalid, {
      fields: [{ field: 'body.expiry', message: TICKET_MESSAGES.expiryInvalid }],
    });
  if (cardNumber === TEST_CARDS.declined)
    return decline(deps, session, TICKET_MESSAGES.cardDeclined);
  if (cardNumber === TEST_CARDS.authentication) {
    await setLocalSessionStatus(deps.db, {
      id: session.id,
      status: 'requires_action',
      lastError: null,
    });
    return { status: 'requires_action' as const, message: null, redirectUrl: null };
  }
  // Any other valid number behaves like the success card.
  return complete(deps, session);
}

/** The extra confirmation step (3-D Secure style) of the 3155 card. */
export async function confirmLocalSession(
  deps: LocalCheckoutDeps,
  params: { id: string; approve: boolean },
) {
  const session = await loadSession(deps, params.id);
  if (session.status === 'complete') {
    await redeliverCompleted(deps, session);
    return succeeded(session);
  }
  if (session.status !== 'requires_action')
    throw new AppError('CONFLICT', msg`This payment is not waiting for confirmation`);
  assertPayable(session, deps.clock.now());
  if (!params.approve) return decline(deps, session, AUTHENTICATION_FAILED);
  return complete(deps, session);
}
