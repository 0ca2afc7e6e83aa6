import { SUBSCRIPTION_MESSAGES } from '../../../contracts/subscriptions';
import type { Database, DbExecutor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { createNotifications, type NotificationText } from '../notifications/notifications.service';
import { ENDING_SOON_MS, TRIAL_REMINDER_MS } from './subscriptions.policy';
import * as q from './subscriptions.queries';
import * as N from './subscription-notices';

/** A day as the notices write it (the period's end, the trial's end). */
export const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A receipt or a plan start is `payment_success`, a charge that failed `payment_failed`, and
 * a plan that ends (ending soon, a trial's last days, canceled, ended) `plan_ending`: no money
 * moved, so it must not read as a payment to the person or to a filter on types.
 */
type SubscriptionNoticeType = 'payment_success' | 'payment_failed' | 'plan_ending';

export interface SubscriptionNotice {
  userId: string;
  /** One notice per key, however often the work that sends it runs. */
  key: string;
  type: SubscriptionNoticeType;
  title: NotificationText;
  message: NotificationText;
}

/** Notices in one statement (one person's, or a renewal batch's). */
export async function notifyMany(db: DbExecutor, now: Date, notes: SubscriptionNotice[]) {
  await createNotifications(
    db,
    notes.map((note) => ({
      userId: note.userId,
      type: note.type,
      title: note.title,
      message: note.message,
      relatedType: 'payments',
      // `mail`: mailed by the notification dispatch by the person's settings, though
      // payment_success rows of ticket orders have their own mail (decision 021).
      metadata: { link: '/subscription', mail: true },
      dedupeKey: note.key,
      createdAt: now,
    })),
  );
}

export async function notify(db: DbExecutor, now: Date, note: SubscriptionNotice) {
  await notifyMany(db, now, [note]);
}

type OwedNotice = Awaited<ReturnType<typeof q.listOwedEndingNotices>>[number];

/** What a subscription is told before its period ends: it ends, or its trial is charged. */
function endingNotice({ subscription, plan }: OwedNotice): SubscriptionNotice {
  const end = day(subscription.currentPeriodEnd);
  if (subscription.cancelAtPeriodEnd)
    return {
      userId: subscription.userId,
      key: `subscription-ending:${subscription.id}:${subscription.currentPeriodEnd.toISOString()}`,
      type: 'plan_ending',
      title: N.TITLES.ending,
      message: N.endsSoon(plan.name, end),
    };
  // The reminder before a free trial's first charge, for either provider: it reads our row's
  // trial end.
  return {
    userId: subscription.userId,
    key: `trial-ending:${subscription.id}:${subscription.currentPeriodEnd.toISOString()}`,
    type: 'plan_ending',
    title: SUBSCRIPTION_MESSAGES.trialEndingTitle,
    message: N.trialChargeSoon(plan.name, end, {
      cents: plan.priceMonthly,
      currency: plan.currency,
    }),
  };
}

/**
 * The notices before a period ends, once per period end: "ending soon" for subscriptions set to
 * end within ENDING_SOON_MS, and the reminder before a free trial is charged, TRIAL_REMINDER_MS
 * ahead. Both are mailed by the person's settings (group "tickets and payments").
 */
export async function sendEndingNotices(deps: { db: Database; clock: Clock }) {
  const now = deps.clock.now();
  const rows = await q.listOwedEndingNotices(deps.db, {
    endingBefore: new Date(now.getTime() + ENDING_SOON_MS),
    trialBefore: new Date(now.getTime() + TRIAL_REMINDER_MS),
    limit: 500,
  });
  if (rows.length)
    await deps.db.transaction(async (tx) => {
      await q.markEndingNoticed(tx, {
        rows: rows.map(({ subscription }) => ({
          id: subscription.id,
          periodEnd: subscription.currentPeriodEnd,
        })),
      });
      await notifyMany(tx, now, rows.map(endingNotice));
    });
  const endingSoon = rows.filter((row) => row.subscription.cancelAtPeriodEnd).length;
  return { endingSoon, trialsEnding: rows.length - endingSoon };
}
