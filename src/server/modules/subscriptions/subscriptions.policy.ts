// Who may do what with plans and subscriptions, and what a plan grants: pure functions, so the
// rules are tested on their own (subscriptions.policy.test.ts) and decided in one place.

/** A billing period: one calendar month (renewals keep the day of month where it exists). */
export function addMonth(from: Date): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** Failed renewals are retried after these delays; after the last one the subscription ends. */
export const RENEWAL_RETRY_DELAYS_MS = [1, 3, 5].map((days) => days * 24 * 3600_000);

/** "Ending soon" notice this long before a period end that will not renew. */
export const ENDING_SOON_MS = 3 * 24 * 3600_000;

/**
 * A free trial's reminder goes this long before its end, when the first charge happens (Stripe
 * sends `customer.subscription.trial_will_end` three days before, too).
 */
export const TRIAL_REMINDER_MS = 3 * 24 * 3600_000;

/** A trial's end: whole days after its start. */
export const addDays = (from: Date, days: number) => new Date(from.getTime() + days * 86_400_000);

// What a plan grants lives with the contracts (the gates in modules/entitlements read it too).
export {
  FREE_TIER,
  isLive,
  entitlementsFor,
  grants,
  allowsAttendees,
  FREE_CAMPAIGN_EMAILS_PER_MONTH,
} from '../../../contracts/entitlements';

/**
 * What an upgrade costs now: the price difference for the part of the period that is left, in
 * whole cents rounded down (the customer never pays for time they do not get). Never negative:
 * a downgrade costs nothing now and takes effect at the period end.
 */
export function prorationCents(params: {
  fromPriceCents: number;
  toPriceCents: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}): number {
  const difference = params.toPriceCents - params.fromPriceCents;
  const total = params.periodEnd.getTime() - params.periodStart.getTime();
  const left = Math.min(Math.max(params.periodEnd.getTime() - params.now.getTime(), 0), total);
  if (difference <= 0 || total <= 0) return 0;
  return Math.floor((difference * left) / total);
}

export type PlanChange = 'same' | 'upgrade' | 'downgrade';

export function planChange(
  fromPriceCents: number,
  toPriceCents: number,
  sameId: boolean,
): PlanChange {
  if (sameId) return 'same';
  return toPriceCents > fromPriceCents ? 'upgrade' : 'downgrade';
}

/** The local provider's test card that declines (the same number its checkout page declines). */
export const DECLINING_TEST_CARD = '4000000000000002';

export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
