import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  AFFILIATE_REFUND_WINDOW_DAYS,
  AFFILIATE_WINDOW_DAYS,
  PROMO_CODE_PATTERN,
} from '../../../contracts/affiliates';

// The program's arithmetic and formats as pure functions (decision 023), tested on their own.

const DAY_MS = 86_400_000;
// 32 symbols, none that reads as another (no 0/O, 1/I): a byte's low five bits pick one evenly.
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * "PROMO-K7QX-M2PD-9HTR": 12 random characters, 60 bits, so a link cannot be guessed or forged
 * for someone else's account. The spec's PROMO-{referrerId}-{timestamp} is guessable and made
 * codes of 70 characters nobody could read out; decision 047.
 */
export function generatePromoCode(): string {
  const bytes = randomBytes(12);
  let chars = '';
  for (const byte of bytes) chars += ALPHABET[byte & 31];
  return `PROMO-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

export const isPromoCode = (value: string) => PROMO_CODE_PATTERN.test(value);

/** Last click wins, and only within the cookie's 30 days (spec §9). */
export function withinAttributionWindow(clickedAt: Date, soldAt: Date): boolean {
  const age = soldAt.getTime() - clickedAt.getTime();
  return age >= 0 && age <= AFFILIATE_WINDOW_DAYS * DAY_MS;
}

/** When a commission stops being pending: the refund window after the order was paid. */
export const availableAfterRefundWindow = (paidAt: Date) =>
  new Date(paidAt.getTime() + AFFILIATE_REFUND_WINDOW_DAYS * DAY_MS);

export interface CommissionRule {
  kind: 'percent' | 'fixed';
  /** percent: basis points; fixed: cents per ticket. */
  value: number;
}

/** Commission on one event's lines, in whole cents, never more than those lines brought in. */
export function commissionFor(
  rule: CommissionRule,
  line: { quantity: number; revenueCents: number },
): number {
  if (line.revenueCents <= 0) return 0;
  const raw =
    rule.kind === 'percent'
      ? Math.floor((line.revenueCents * rule.value) / 10_000)
      : rule.value * line.quantity;
  return Math.max(0, Math.min(raw, line.revenueCents));
}

/**
 * What is still owed on a commission once `refundedCents` of the order's `totalCents` is back
 * with the buyer: proportional, rounded down, so a full refund always leaves exactly zero.
 */
export function keptCommission(commission: number, totalCents: number, refundedCents: number) {
  if (totalCents <= 0) return 0;
  const kept = totalCents - Math.min(refundedCents, totalCents);
  return Math.floor((commission * kept) / totalCents);
}

/** The reversal one more refund calls for (refunded total went from `before` to `after`). */
export function reversalFor(commission: number, totalCents: number, before: number, after: number) {
  return (
    keptCommission(commission, totalCents, before) - keptCommission(commission, totalCents, after)
  );
}

/** The affiliate cookie's value: code and click time, signed so nobody can hand themselves one. */
export function signAffiliateCookie(key: Buffer, code: string, clickedAt: Date): string {
  const body = `${code}~${clickedAt.getTime()}`;
  const mac = createHmac('sha256', key).update(body).digest('base64url');
  return `${body}~${mac}`;
}

export function readAffiliateCookie(
  key: Buffer,
  value: string | undefined,
): { code: string; clickedAt: Date } | null {
  if (!value) return null;
  const parts = value.split('~');
  if (parts.length !== 3) return null;
  const [code, at, mac] = parts as [string, string, string];
  const expected = createHmac('sha256', key).update(`${code}~${at}`).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const time = Number(at);
  if (!Number.isSafeInteger(time)) return null;
  return { code, clickedAt: new Date(time) };
}
