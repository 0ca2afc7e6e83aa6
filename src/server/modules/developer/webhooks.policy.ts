import { createHmac } from 'node:crypto';
import { WEBHOOK_LIMITS } from '../../../contracts/developer';

/**
 * Waits after each failed attempt: doubling from a minute, capped at 12 hours, so the 12 attempts
 * span about 28 hours (a receiver that is down gets more than a day to come back) and an
 * endpoint that is down for a deploy gets the event within minutes of coming back.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 720].map(
  (minutes) => minutes * 60_000,
);

/** When the next attempt is due after `attempts` failed ones, or null when they are used up. */
export function nextAttemptAt(attempts: number, now: Date): Date | null {
  if (attempts >= WEBHOOK_LIMITS.maxAttempts) return null;
  const delay = WEBHOOK_RETRY_DELAYS_MS[Math.min(attempts, WEBHOOK_RETRY_DELAYS_MS.length) - 1];
  return new Date(now.getTime() + (delay ?? 60_000));
}

/** An endpoint failing many times in a row for days is turned off (the owner is told). */
export function shouldDisable(
  endpoint: { consecutiveFailures: number; failingSince: Date | null },
  now: Date,
): boolean {
  return (
    endpoint.consecutiveFailures >= WEBHOOK_LIMITS.disableAfterFailures &&
    endpoint.failingSince !== null &&
    now.getTime() - endpoint.failingSince.getTime() >= WEBHOOK_LIMITS.disableAfterMs
  );
}

/**
 * `MEA-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: the receiver
 * recomputes it over the raw body and rejects old timestamps (replays), as with Stripe.
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** A 2xx answer is a delivery; anything else (3xx included: redirects are not followed) is not. */
export const isDelivered = (status: number) => status >= 200 && status < 300;
