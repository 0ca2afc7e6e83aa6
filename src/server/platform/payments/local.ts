import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { localCheckoutSessions, localRefunds } from '../../db/schema/tickets';
import type { Clock } from '../clock';
import { AppError } from '../http/errors';
import {
  WEBHOOK_TOLERANCE_SECONDS,
  type PaymentEvent,
  type PaymentEventKind,
  type PaymentProvider,
} from './provider';
import { must } from '../must';

export const LOCAL_SIGNATURE_HEADER = 'mea-signature';

/** The body the local checkout posts to the webhook handler (shaped like a provider event). */
export interface LocalWebhookBody {
  id: string;
  type: Exclude<PaymentEventKind, 'ignored'>;
  created: number;
  data: { sessionId: string; orderId: string; paymentRef: string | null; amountCents: number };
}

const sign = (key: Buffer, timestamp: number, body: string) =>
  createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');

/** `t=…,v1=…` over `${t}.${body}`, the scheme Stripe uses, so both verify the same way. */
export function signLocalWebhook(key: Buffer, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${sign(key, timestamp, body)}`;
}

export const newLocalId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

/**
 * The built-in provider: a hosted checkout page of our own (`/pay/{session}`) that accepts test
 * cards and reports the outcome through the same signed-webhook path a real provider uses.
 */
export function createLocalProvider(options: {
  db: Database;
  clock: Clock;
  publicUrl: string;
  webhookKey: Buffer;
}): PaymentProvider {
  const { db, clock, publicUrl, webhookKey } = options;
  return {
    name: 'local',

    async createCheckout(request, executor = db) {
      const id = newLocalId('cs_local');
      await executor.insert(localCheckoutSessions).values({
        id,
        orderId: request.orderId,
        amountCents: request.amountCents,
        currency: request.currency,
        description: request.description,
        lines: request.lines,
        successUrl: request.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
        cancelUrl: request.cancelUrl.replace('{CHECKOUT_SESSION_ID}', id),
        expiresAt: request.holdUntil,
        createdAt: clock.now(),
      });
      return { id, url: `${publicUrl}/pay/${id}` };
    },

    async expireCheckout(sessionId) {
      await db
        .update(localCheckoutSessions)
        .set({ status: 'expired' })
        .where(
          and(eq(localCheckoutSessions.id, sessionId), eq(localCheckoutSessions.status, 'open')),
        );
    },

    parseWebhook(rawBody, headers) {
      const header = headers[LOCAL_SIGNATURE_HEADER];
      const parts = new Map(
        String(Array.isArray(header) ? header[0] : (header ?? ''))
          .split(',')
          .map((part) => part.split('=', 2) as [string, string]),
      );
      const timestamp = Number(parts.get('t'));
      const given = Buffer.from(parts.get('v1') ?? '', 'hex');
      const expected = Buffer.from(sign(webhookKey, timestamp, rawBody.toString('utf8')), 'hex');
      const age = Math.abs(clock.now().getTime() / 1000 - timestamp);
      if (
        !Number.isFinite(timestamp) ||
        given.length !== expected.length ||
        !timingSafeEqual(given, expected) ||
        age > WEBHOOK_TOLERANCE_SECONDS
      ) {
        throw new AppError('BAD_REQUEST', 'Invalid webhook signature');
      }
      const body = JSON.parse(rawBody.toString('utf8')) as LocalWebhookBody;
      return {
        id: body.id,
        kind: body.type,
        sessionId: body.data.sessionId,
        orderId: body.data.orderId,
        paymentRef: body.data.paymentRef,
        amountCents: body.data.amountCents,
        created: body.created,
      } satisfies PaymentEvent;
    },

    async refund(request) {
      // Same idempotency key → the same refund, as a real provider does.
      const [row] = await db
        .insert(localRefunds)
        .values({
          id: newLocalId('re_local'),
          idempotencyKey: request.idempotencyKey,
          paymentRef: request.paymentRef,
          amountCents: request.amountCents,
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning({ id: localRefunds.id });
      if (row) return row;
      const [existing] = await db
        .select({ id: localRefunds.id })
        .from(localRefunds)
        .where(eq(localRefunds.idempotencyKey, request.idempotencyKey));
      return must(existing, 'refund');
    },

    async customerPortal({ returnUrl }) {
      // Nothing is stored with a provider locally: the receipts page is the "portal".
      void returnUrl;
      return { url: `${publicUrl}/dashboard` };
    },
  };
}
