import type { Entitlements, GatedFeature, SubscriptionStatus } from './subscriptions';

// What a plan grants (spec §6), as pure functions: the subscriptions module sells plans, and the
// gates every other module calls (modules/entitlements) read them, so neither owns the rules.

/**
 * The free tier: what a person without a live subscription gets (decision 021). Events of up to
 * 250 attendees (the size organizers already list without a plan; decision 021);
 * every gated feature needs a paid plan.
 */
export const FREE_TIER: Entitlements = {
  planId: null,
  maxAttendees: 250,
  hasMessaging: false,
  hasChat: false,
  hasRecording: false,
  hasSharing: false,
};

/** Statuses that grant the plan (past_due keeps access while the retries run). */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due'];

export function isLive(status: SubscriptionStatus): boolean {
  return LIVE_STATUSES.includes(status);
}

interface PlanFlags {
  id: string;
  maxAttendees: number;
  hasMessaging: boolean;
  hasChat: boolean;
  hasRecording: boolean;
  hasSharing: boolean;
}

/** spec §6: a live subscription grants its plan's flags; anything else is the free tier. */
export function entitlementsFor(
  subscription: { status: SubscriptionStatus; plan: PlanFlags } | null,
): Entitlements {
  if (!subscription || !isLive(subscription.status)) return FREE_TIER;
  const { plan } = subscription;
  return {
    planId: plan.id,
    maxAttendees: plan.maxAttendees,
    hasMessaging: plan.hasMessaging,
    hasChat: plan.hasChat,
    hasRecording: plan.hasRecording,
    hasSharing: plan.hasSharing,
  };
}

const FLAG: Record<GatedFeature, keyof Omit<Entitlements, 'planId' | 'maxAttendees'>> = {
  messaging: 'hasMessaging',
  chat: 'hasChat',
  recording: 'hasRecording',
  sharing: 'hasSharing',
};

/**
 * spec §6: the four flags decide their features; any other feature name needs only a live
 * subscription (a planId).
 */
export function grants(entitlements: Entitlements, feature: string): boolean {
  if (feature in FLAG) return entitlements[FLAG[feature as GatedFeature]];
  return entitlements.planId !== null;
}

/** max_attendees -1 is unlimited. */
export function allowsAttendees(entitlements: Entitlements, count: number): boolean {
  return entitlements.maxAttendees === -1 || count <= entitlements.maxAttendees;
}

/**
 * A downgrade never takes anything away: a number the event already had (`previous`, set under a
 * bigger plan) may be kept or lowered; only going above both the plan and what was there is new
 * use. `previous` null means nothing was allowed before (a new event, a new ticket type).
 */
export function allowsAttendeeChange(
  entitlements: Entitlements,
  params: { count: number; previous: number | null },
): boolean {
  if (allowsAttendees(entitlements, params.count)) return true;
  return params.previous !== null && params.count <= params.previous;
}

/**
 * Organizer email campaigns (has_messaging): without the flag, this many campaign emails a
 * calendar month (UTC) in all; a plan with messaging has no monthly cap (the bulk mail lane's
 * rate still paces it). Counted when a campaign is sent or scheduled.
 */
export const FREE_CAMPAIGN_EMAILS_PER_MONTH = 1000;

/** The campaign emails a plan allows a month; null is no cap. */
export function campaignEmailsPerMonth(entitlements: Entitlements): number | null {
  return entitlements.hasMessaging ? null : FREE_CAMPAIGN_EMAILS_PER_MONTH;
}

/** The first instant of `now`'s calendar month (UTC): monthly allowances restart there. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
