import { randomUUID } from 'node:crypto';
import type { DbExecutor } from '../db/client';
import { subscriptionPlans, subscriptions } from '../db/schema/subscriptions';
import { must } from '../platform/must';

// Tests of gated features (spec §6) need organizers on a plan without going through checkout
// (the subscriptions tests cover checkout). Each call makes its own plan, so flags never leak
// between tests; the subscription is live for 30 days from `now`.

export interface PlanFlags {
  maxAttendees?: number;
  hasMessaging?: boolean;
  hasChat?: boolean;
  hasRecording?: boolean;
  hasSharing?: boolean;
}

/** Puts `userId` on a new active plan (every flag and unlimited attendees unless given). */
export async function givePlan(
  db: DbExecutor,
  userId: string,
  flags: PlanFlags = {},
  now: Date = new Date(),
) {
  const [plan] = await db
    .insert(subscriptionPlans)
    .values({
      name: `Test plan ${randomUUID().slice(0, 8)}`,
      priceMonthly: 1900,
      maxAttendees: flags.maxAttendees ?? -1,
      hasMessaging: flags.hasMessaging ?? true,
      hasChat: flags.hasChat ?? true,
      hasRecording: flags.hasRecording ?? true,
      hasSharing: flags.hasSharing ?? true,
      // Private to the test: never offered on /pricing or named by a gate's "needs the … plan".
      isActive: false,
    })
    .returning();
  const planId = must(plan, 'plan').id;
  await db
    .insert(subscriptions)
    .values({
      userId,
      planId,
      status: 'active',
      provider: 'local',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
    })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { planId, status: 'active' } });
  return must(plan, 'plan');
}
