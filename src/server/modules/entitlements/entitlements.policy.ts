// spec §6 plan gating: what each plan grants is pure code in contracts/entitlements.ts (`grants`,
// `allowsAttendeeChange`, `campaignEmailsPerMonth`, shared with the subscriptions module and the
// web). What is decided here is which plan a refusal names, and whether a campaign fits the
// month's allowance.

export interface PlanFacts {
  priceMonthly: number;
  maxAttendees: number;
  hasMessaging: boolean;
  hasChat: boolean;
  hasRecording: boolean;
  hasSharing: boolean;
}

const FLAG_OF = {
  messaging: 'hasMessaging',
  chat: 'hasChat',
  recording: 'hasRecording',
  sharing: 'hasSharing',
} as const;

/**
 * Whether a plan unlocks a gated feature: the four flagged features by their flag; any other
 * name needs only a live subscription, which every plan gives.
 */
export function planUnlocks(plan: PlanFacts, feature: string): boolean {
  const flag = FLAG_OF[feature as keyof typeof FLAG_OF];
  return flag ? plan[flag] : true;
}

/** Whether a plan allows `count` attendees per event (-1 is unlimited). */
export const planAllowsAttendees = (plan: Pick<PlanFacts, 'maxAttendees'>, count: number) =>
  plan.maxAttendees === -1 || plan.maxAttendees >= count;

/** The plan a refusal names: the first paid plan (they come cheapest first) that would allow it. */
export const cheapestUpgrade = <P extends Pick<PlanFacts, 'priceMonthly'>>(
  plans: readonly P[],
  allows: (plan: P) => boolean,
): P | null => plans.find((plan) => plan.priceMonthly > 0 && allows(plan)) ?? null;

/**
 * A campaign fits the month's allowance when the emails already queued this month and the ones
 * it would send stay within it; no allowance (null) is no limit.
 */
export const campaignFits = (allowance: number | null, count: { sent: number; pending: number }) =>
  allowance === null || count.sent + count.pending <= allowance;
