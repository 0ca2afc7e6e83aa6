/**
 * The subscriptions module's services, by what a person does (decision 021):
 * `plans.service.ts` (the plans on offer; the admin's plans), `checkout.service.ts` (a plan's
 * checkout and the paid order that starts it), `my-subscription.service.ts` (the person's own
 * subscription: cancel, resume, change plan, card, invoices, portal), `check.service.ts`
 * (check-subscription and its cache), `renewals.service.ts` (the renewal job),
 * `provider-billing.service.ts` (Stripe Billing's events) and `notices.service.ts` (what the
 * person is told, and the notices before a period ends).
 *
 * Other modules reach the subscriptions module through this file only.
 */
export { createPlan } from './plans.service';
export { renewDue } from './renewals.service';
