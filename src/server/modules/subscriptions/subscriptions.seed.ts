import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { users } from '../../db/schema/users';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { FREE_TIER } from './subscriptions.policy';
import { addMonth } from './subscriptions.policy';
import * as q from './subscriptions.queries';

/** The demo ladder: the free tier and three paid plans (prices in cents). */
export const DEMO_PLANS: q.NewPlan[] = [
  {
    name: 'Free',
    priceMonthly: 0,
    description: 'Everything you need to list small events and sell tickets.',
    features: ['Unlimited events', 'Ticket sales and check-in', 'Vendor applications'],
    maxAttendees: FREE_TIER.maxAttendees,
  },
  {
    name: 'Starter',
    priceMonthly: 999,
    description: 'For regular organizers who talk to their guests.',
    features: ['Up to 500 attendees per event', 'Organizer messaging', 'Event group chat'],
    maxAttendees: 500,
    hasMessaging: true,
    hasChat: true,
  },
  {
    name: 'Pro',
    priceMonthly: 2999,
    description: 'Bigger events, live streams with recordings and sharing tools.',
    features: [
      'Up to 5,000 attendees per event',
      'Organizer messaging and group chat',
      'Stream recording',
      'Sharing tools',
    ],
    maxAttendees: 5000,
    hasMessaging: true,
    hasChat: true,
    hasRecording: true,
    hasSharing: true,
  },
  {
    name: 'Enterprise',
    priceMonthly: 9900,
    description: 'Unlimited attendees for festivals, conferences and venues.',
    features: ['Unlimited attendees', 'Everything in Pro', 'Priority support', '14-day free trial'],
    maxAttendees: -1,
    trialDays: 14,
    hasMessaging: true,
    hasChat: true,
    hasRecording: true,
    hasSharing: true,
  },
];

/** Plans by name (kept when an admin edited them), and the demo organizer on Pro. */
export async function seedSubscriptions(tx: DbExecutor, params: { now: Date; joinedAt: Date }) {
  for (const plan of DEMO_PLANS) {
    if (await q.findPlanByName(tx, { name: plan.name })) continue;
    await q.insertPlan(tx, {
      values: { ...plan, createdAt: params.joinedAt, updatedAt: params.joinedAt },
    });
  }
  const [organizer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, getDemoAccount('organizer').email));
  const pro = await q.findPlanByName(tx, { name: 'Pro' });
  if (!organizer || !pro) return;
  if (await q.findUserSubscription(tx, { userId: organizer.id })) return;
  // Subscribed a little over a month ago: one paid renewal so far.
  const start = new Date(params.now.getTime() - 10 * 24 * 3600_000);
  const firstStart = new Date(start);
  firstStart.setUTCMonth(firstStart.getUTCMonth() - 1);
  const end = addMonth(start);
  const subscription = await q.upsertSubscription(tx, {
    values: {
      userId: organizer.id,
      planId: pro.id,
      status: 'active',
      provider: 'local',
      currentPeriodStart: start,
      currentPeriodEnd: end,
      cardLast4: '4242',
      renewsAt: end,
      createdAt: firstStart,
      updatedAt: start,
    },
  });
  if (!subscription) return;
  for (const [kind, from, to] of [
    ['initial', firstStart, start],
    ['renewal', start, end],
  ] as const)
    await q.insertInvoice(tx, {
      values: {
        subscriptionId: subscription.id,
        userId: organizer.id,
        planId: pro.id,
        kind,
        status: 'paid',
        amountCents: pro.priceMonthly,
        currency: pro.currency,
        periodStart: from,
        periodEnd: to,
        idempotencyKey: `seed:${kind}`,
        createdAt: from,
      },
    });
}
