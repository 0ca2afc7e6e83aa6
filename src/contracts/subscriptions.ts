import { z } from 'zod';
import { INT4_MAX } from './bounds';
import { CURRENCIES } from './tickets';
import { SUBSCRIPTION_MESSAGES } from './subscription-vocabulary';

export * from './subscription-vocabulary';

// Subscription plans, billing and plan gating (spec §1, §2, §3, §4, §6, §7, §8, §9).
//
// Routes (JSON under /api; errors are { error: { code, message, details? } }; validation errors
// are 400 VALIDATION_FAILED naming the field, e.g. `body.priceMonthly`):
//
//   GET    /api/subscription-plans               anyone → PlanListSchema (active plans, cheapest
//                                                first: spec §7)
//   GET    /api/subscriptions/check              anyone → CheckSubscriptionSchema (spec §7
//                                                check-subscription; signed out = unsubscribed)
//   GET    /api/subscriptions/me                 signed in → MySubscriptionSchema (plan, status,
//                                                dates, next invoice, card, invoices)
//   POST   /api/subscriptions/me/cancel          signed in; body CancelInputSchema (at period end
//                                                by default, or at once) → MySubscriptionSchema
//   POST   /api/subscriptions/me/resume          signed in → MySubscriptionSchema (undoes a
//                                                cancel at period end; 409 when already ended)
//   POST   /api/subscriptions/me/change-plan     signed in; body ChangePlanInputSchema: an
//                                                upgrade is charged at once (prorated), a
//                                                downgrade waits for the period end
//   POST   /api/subscriptions/me/card            signed in (local provider); body CardInputSchema
//   GET    /api/subscriptions/me/invoices/:id    signed in, own invoice → InvoiceSchema (receipt)
//   POST   /api/payments/create-checkout         spec §7 `{ planId, quantity: 1, isVendorFee: false }`
//                                                → { url, sessionId } (payments module). A plan
//                                                with trialDays > 0 starts a free trial (nothing
//                                                charged today) unless the person had its trial.
//   POST   /api/payments/customer-portal         spec §7 → { url } (local: our /subscription page)
//
// Admin (role admin):
//   GET    /api/admin/subscription-plans         → PlanListSchema with inactive plans and counts
//   POST   /api/admin/subscription-plans         body PlanInputSchema → AdminPlanSchema
//   PATCH  /api/admin/subscription-plans/:id     body PlanUpdateSchema → AdminPlanSchema
//   DELETE /api/admin/subscription-plans/:id     → { ok }; 409 SUBSCRIPTION_MESSAGES.planInUse
//                                                when anyone ever subscribed (deactivate instead)

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** spec §6: the plan flags that gate features; any other feature needs only a subscription. */
export const GATED_FEATURES = ['messaging', 'chat', 'recording', 'sharing'] as const;
export type GatedFeature = (typeof GATED_FEATURES)[number];

const planName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(80, 'Name must be at most 80 characters');
const cents = z
  .number({ error: 'Price must be a whole number of cents' })
  .int('Price must be a whole number of cents')
  .min(0, 'Price cannot be negative')
  .max(INT4_MAX, 'Price is too large');

export const PlanInputSchema = z.object({
  name: planName,
  priceMonthly: cents,
  currency: z.enum(CURRENCIES).default('USD'),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').default(''),
  features: z
    .array(z.string().trim().min(1, 'A feature cannot be empty').max(120, 'A feature is too long'))
    .max(20, 'At most 20 features')
    .default([]),
  maxAttendees: z
    .number({ error: 'Max attendees must be a whole number' })
    .int('Max attendees must be a whole number')
    .min(-1, 'Max attendees is -1 (unlimited) or more')
    .max(INT4_MAX, 'Max attendees is too large')
    .default(-1),
  hasMessaging: z.boolean().default(false),
  hasChat: z.boolean().default(false),
  hasRecording: z.boolean().default(false),
  hasSharing: z.boolean().default(false),
  trialDays: z
    .number({ error: 'Trial days must be a whole number' })
    .int('Trial days must be a whole number')
    .min(0, 'Trial days cannot be negative')
    .max(90, 'At most 90 trial days')
    .default(0),
  isActive: z.boolean().default(true),
});
export type PlanInput = z.input<typeof PlanInputSchema>;

export const PlanUpdateSchema = z
  .object({
    name: planName,
    priceMonthly: cents,
    currency: z.enum(CURRENCIES),
    description: z.string().trim().max(500, 'Description must be at most 500 characters'),
    features: PlanInputSchema.shape.features.unwrap(),
    maxAttendees: PlanInputSchema.shape.maxAttendees.unwrap(),
    hasMessaging: z.boolean(),
    hasChat: z.boolean(),
    hasRecording: z.boolean(),
    hasSharing: z.boolean(),
    trialDays: PlanInputSchema.shape.trialDays.unwrap(),
    isActive: z.boolean(),
  })
  .partial();

export const PlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceMonthly: z.number().int(),
  currency: z.enum(CURRENCIES),
  description: z.string(),
  features: z.array(z.string()),
  maxAttendees: z.number().int(),
  hasMessaging: z.boolean(),
  hasChat: z.boolean(),
  hasRecording: z.boolean(),
  hasSharing: z.boolean(),
  trialDays: z.number().int(),
  isActive: z.boolean(),
});
export type Plan = z.infer<typeof PlanSchema>;
export const PlanListSchema = z.object({ plans: z.array(PlanSchema) });
export type PlanList = z.infer<typeof PlanListSchema>;

export const AdminPlanSchema = PlanSchema.extend({ subscriberCount: z.number().int() });
export const AdminPlanListSchema = z.object({ plans: z.array(AdminPlanSchema) });
export type AdminPlanList = z.infer<typeof AdminPlanListSchema>;
export type AdminPlan = z.infer<typeof AdminPlanSchema>;

export const SubscriptionSchema = z.object({
  id: z.string(),
  planId: z.string(),
  planName: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  canceledAt: z.string().nullable(),
  pendingPlanId: z.string().nullable(),
  pendingPlanName: z.string().nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** spec §7 check-subscription; spec §3 "status (default inactive)". */
export const CheckSubscriptionSchema = z.object({
  subscribed: z.boolean(),
  plan: z.string().nullable(),
  status: z.union([z.enum(SUBSCRIPTION_STATUSES), z.literal('inactive')]),
  subscription: SubscriptionSchema.nullable(),
});
export type CheckSubscription = z.infer<typeof CheckSubscriptionSchema>;
export const InvoiceSchema = z.object({
  id: z.string(),
  kind: z.enum(['initial', 'renewal', 'proration', 'trial']),
  status: z.enum(['paid', 'failed']),
  amountCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  planName: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const MySubscriptionSchema = z.object({
  subscription: SubscriptionSchema.nullable(),
  plan: PlanSchema.nullable(),
  /** The next charge, when one is due (null when canceling or canceled). */
  nextInvoice: z
    .object({ amountCents: z.number().int(), currency: z.enum(CURRENCIES), dueAt: z.string() })
    .nullable(),
  card: z.object({ last4: z.string() }).nullable(),
  invoices: z.array(InvoiceSchema),
  provider: z.enum(['local', 'stripe']),
  /** Plans whose free trial this person already had (one per plan, ever): no trial offered. */
  trialsUsed: z.array(z.string()),
});
export type MySubscription = z.infer<typeof MySubscriptionSchema>;

export const CancelInputSchema = z.object({ atPeriodEnd: z.boolean().default(true) }).default({
  atPeriodEnd: true,
});
export const ChangePlanInputSchema = z.object({
  planId: z.uuid({ error: SUBSCRIPTION_MESSAGES.planNotFound }),
});
export const CardInputSchema = z.object({
  cardNumber: z
    .string({ error: 'Card number is required' })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a valid card number')),
});

/** spec §6 plan gating: what a person's plan grants (the free tier without a subscription). */
export const EntitlementsSchema = z.object({
  planId: z.string().nullable(),
  maxAttendees: z.number().int(),
  hasMessaging: z.boolean(),
  hasChat: z.boolean(),
  hasRecording: z.boolean(),
  hasSharing: z.boolean(),
});
export type Entitlements = z.infer<typeof EntitlementsSchema>;

/** The plan shown on the header badge: a short label (spec §2). */
export function planBadgeLabel(planName: string): string {
  return planName.length > 12 ? `${planName.slice(0, 11)}…` : planName;
}
