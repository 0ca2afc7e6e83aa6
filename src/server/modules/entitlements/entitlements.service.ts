import type { MessageDescriptor } from '@lingui/core';
import type { Entitlements } from '../../../contracts/subscriptions';
import {
  allowsAttendeeChange,
  campaignEmailsPerMonth,
  entitlementsFor,
  grants,
  monthStart,
} from '../../../contracts/entitlements';
import type { DbExecutor } from '../../db/client';
import { AppError } from '../../platform/http/errors';
import {
  attendeeLimit,
  campaignAllowance,
  needsPlan,
  needsSubscription,
} from './entitlement-messages';
import * as q from './entitlements.queries';
import {
  campaignFits,
  cheapestUpgrade,
  planAllowsAttendees,
  planUnlocks,
} from './entitlements.policy';

// spec §6 plan gating, called by every module that offers a gated feature (events, tickets,
// announcements, marketing, streaming, meetings). It reads the plan tables and depends on no other
// module: the subscriptions module (which sells plans through commerce and notifies people) would
// otherwise sit in a cycle with every module it gates (decision 027).

/** A 403 in the reader's language (its own `.message` is the English, values filled in). */
function refusal(message: MessageDescriptor, details: Record<string, unknown>): AppError {
  return new AppError('FORBIDDEN', message, details);
}

/**
 * spec §6 plan gating: what the person's plan grants (the free tier without a live
 * subscription). Other modules gate through this and `requireFeature`.
 */
export async function getEntitlements(db: DbExecutor, userId: string): Promise<Entitlements> {
  const row = await q.findLiveFlags(db, { userId });
  return entitlementsFor(row ? { status: row.status, plan: { ...row, id: row.planId } } : null);
}

/** The cheapest active plan that grants a feature (or the attendee count), for the error text. */
async function cheapestPlanFor(db: DbExecutor, test: (plan: q.PlanRow) => boolean) {
  return cheapestUpgrade(await q.activePlansByPrice(db), test);
}

/**
 * Throws 403 naming the plan that unlocks `feature` (and /pricing) unless the person's plan
 * grants it (spec §6; "messaging", "chat", "recording", "sharing", or any other name, which
 * needs only a live subscription).
 */
export async function requireFeature(db: DbExecutor, params: { userId: string; feature: string }) {
  const entitlements = await getEntitlements(db, params.userId);
  if (grants(entitlements, params.feature)) return entitlements;
  const plan = await cheapestPlanFor(db, (p) => planUnlocks(p, params.feature));
  throw refusal(plan ? needsPlan(params.feature, plan.name) : needsSubscription(params.feature), {
    feature: params.feature,
    planId: plan?.id ?? null,
    pricingPath: '/pricing',
  });
}

/**
 * Throws 403 naming the plan that allows `count` attendees, unless the person's plan does, or
 * the event already had at least that many (`previous`, kept after a downgrade: decision 021).
 */
export async function requireAttendeeCapacity(
  db: DbExecutor,
  params: { userId: string; count: number; previous?: number | null; field?: string },
) {
  const entitlements = await getEntitlements(db, params.userId);
  if (
    allowsAttendeeChange(entitlements, { count: params.count, previous: params.previous ?? null })
  )
    return;
  const plan = await cheapestPlanFor(db, (p) => planAllowsAttendees(p, params.count));
  const message = attendeeLimit(entitlements.maxAttendees, plan ?? undefined);
  throw refusal(message, {
    // The error handler writes a field's message descriptor in the reader's language too.
    fields: params.field ? [{ field: params.field, message }] : undefined,
    feature: 'max_attendees',
    planId: plan?.id ?? null,
    pricingPath: '/pricing',
  });
}

/**
 * Organizer email campaigns: without has_messaging, FREE_CAMPAIGN_EMAILS_PER_MONTH emails a
 * calendar month. Called when a campaign is sent or scheduled, inside the marketing module's
 * transaction, after its attendee lists are brought up to date; throws 403 naming the plan with
 * messaging and /pricing when this campaign would go over.
 */
export async function requireCampaignAllowance(
  db: DbExecutor,
  params: { userId: string; campaignId: string; listIds: string[]; now: Date },
) {
  const entitlements = await getEntitlements(db, params.userId);
  const allowance = campaignEmailsPerMonth(entitlements);
  if (allowance === null) return;
  const { sent, pending } = await q.countCampaignEmails(db, {
    ownerId: params.userId,
    campaignId: params.campaignId,
    listIds: params.listIds,
    since: monthStart(params.now),
  });
  if (campaignFits(allowance, { sent, pending })) return;
  const plan = await cheapestPlanFor(db, (p) => p.hasMessaging);
  const left = Math.max(allowance - sent, 0);
  const message = campaignAllowance({ allowance, pending, left }, plan?.name);
  throw refusal(message, {
    feature: 'messaging',
    allowance,
    sentThisMonth: sent,
    recipients: pending,
    planId: plan?.id ?? null,
    pricingPath: '/pricing',
  });
}
