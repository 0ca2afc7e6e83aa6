import type { AdminPlan, Invoice, Plan, Subscription } from '../../../contracts/subscriptions';
import type { InvoiceRow, PlanRow, SubscriptionRow } from './subscriptions.queries';

type Currency = Plan['currency'];

export function presentPlan(plan: PlanRow): Plan {
  return {
    id: plan.id,
    name: plan.name,
    priceMonthly: plan.priceMonthly,
    currency: plan.currency as Currency,
    description: plan.description,
    features: plan.features,
    maxAttendees: plan.maxAttendees,
    hasMessaging: plan.hasMessaging,
    hasChat: plan.hasChat,
    hasRecording: plan.hasRecording,
    hasSharing: plan.hasSharing,
    trialDays: plan.trialDays,
    isActive: plan.isActive,
  };
}

export const presentAdminPlan = (plan: PlanRow, subscriberCount: number): AdminPlan => ({
  ...presentPlan(plan),
  subscriberCount,
});

export function presentSubscription(
  subscription: SubscriptionRow,
  planName: string,
  pendingPlanName: string | null,
): Subscription {
  return {
    id: subscription.id,
    planId: subscription.planId,
    planName,
    status: subscription.status,
    currentPeriodStart: subscription.currentPeriodStart.toISOString(),
    currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    canceledAt: subscription.canceledAt?.toISOString() ?? null,
    pendingPlanId: subscription.pendingPlanId,
    pendingPlanName,
  };
}

export const presentInvoice = (invoice: InvoiceRow, planName: string): Invoice => ({
  id: invoice.id,
  kind: invoice.kind,
  status: invoice.status,
  amountCents: invoice.amountCents,
  currency: invoice.currency as Currency,
  planName,
  periodStart: invoice.periodStart.toISOString(),
  periodEnd: invoice.periodEnd.toISOString(),
  createdAt: invoice.createdAt.toISOString(),
});
