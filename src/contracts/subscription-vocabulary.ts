// The subscriptions' messages and the answer for someone without a plan, without zod: the pricing
// page imports them and downloads no schema library on its first view (decision 102).
// subscriptions.ts re-exports them.

export const SUBSCRIPTION_MESSAGES = {
  authRequiredTitle: 'Authentication Required',
  authRequired: 'Please log in to subscribe to a plan.',
  checkoutFailedTitle: 'Checkout Failed',
  checkoutFailed: 'Failed to create checkout session. Please try again.',
  portalAuthRequired: 'Please log in to manage your subscription.',
  portalFailedTitle: 'Portal Failed',
  portalFailed: 'Failed to open customer portal. Please try again.',
  planNotFound: 'Plan not found',
  planInUse: 'This plan has subscribers, so it cannot be deleted. Deactivate it instead.',
  alreadySubscribed: 'You are already subscribed to this plan.',
  noSubscription: 'You do not have a subscription.',
  activatedTitle: 'Subscription Activated!',
  trialStartedTitle: 'Free trial started',
  trialEndingTitle: 'Your free trial ends soon',
} as const;

/**
 * The answer for someone without a plan. Typed by its own shape, not by `CheckSubscription`:
 * importing the schema's type would make subscriptions.ts and this file import each other. Every
 * user returns it as a `CheckSubscription`, so the compiler still checks that it is one.
 */
export const UNSUBSCRIBED = {
  subscribed: false,
  plan: null,
  status: 'inactive' as const,
  subscription: null,
};
