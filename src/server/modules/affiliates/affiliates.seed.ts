import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  affiliateCommissionRules,
  affiliates,
  referralClicks,
  referrals,
} from '../../db/schema/affiliates';
import { events } from '../../db/schema/events';
import { ticketTypes } from '../../db/schema/tickets';
import { users } from '../../db/schema/users';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { recordPaidOrder } from '../orders/orders.service';
import { generatePromoCode } from './affiliate-rules';
import { insertAttribution } from './affiliates.queries';
import { foldClicks, settleSales } from './attribution.service';

const DAY_MS = 86_400_000;
const RATE = { kind: 'percent' as const, value: 1_000 };

/**
 * Demo: the attendee account is an affiliate with a link to one paid event that opted in,
 * a month of clicks, three sales through it (one past the refund window, so due), and their
 * commissions in the ledger. Skipped when the affiliate already exists.
 */
export async function seedAffiliates(tx: DbExecutor, params: { now: Date; joinedAt: Date }) {
  const emails = [
    getDemoAccount('attendee').email,
    getDemoAccount('vendor').email,
    getDemoAccount('venue').email,
  ];
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const byEmail = new Map(people.map((p) => [p.email, p.id]));
  const affiliateId = byEmail.get(emails[0] ?? '');
  const buyers = emails.slice(1).flatMap((email) => byEmail.get(email) ?? []);
  if (!affiliateId || !buyers.length) return;
  const [existing] = await tx.select().from(affiliates).where(eq(affiliates.userId, affiliateId));
  if (existing) return;

  const [pick] = await tx
    .select({ eventId: events.id, typeId: ticketTypes.id, price: ticketTypes.priceCents })
    .from(events)
    .innerJoin(ticketTypes, eq(ticketTypes.eventId, events.id))
    .where(
      and(
        eq(events.eventStatus, 'published'),
        eq(events.visibility, 'public'),
        gt(events.startsAt, params.now),
        gt(ticketTypes.priceCents, 0),
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(1);
  if (!pick) return;

  const code = generatePromoCode();
  await tx.insert(affiliates).values({
    userId: affiliateId,
    code,
    payoutMethod: 'paypal',
    payoutDetails: 'attendee@mea.events',
    termsAcceptedAt: params.joinedAt,
    createdAt: params.joinedAt,
  });
  await tx.update(events).set({ isReferralBased: true }).where(eq(events.id, pick.eventId));
  await tx
    .insert(affiliateCommissionRules)
    .values({ eventId: pick.eventId, ...RATE })
    .onConflictDoNothing();

  const [referral] = await tx
    .insert(referrals)
    .values({ referrerId: affiliateId, eventId: pick.eventId, referralCode: code })
    .returning({ id: referrals.id });
  if (!referral) return;
  // Clicks arrive pending and are folded into the link's count by the same statement as a
  // visitor's; the sales are orders like a buyer's, credited by the settling sweep at the time
  // of each sale, so the dashboard's figures agree with the rows they count.
  const clicks = Array.from({ length: 42 }, (_, i) => {
    const at = new Date(params.now.getTime() - ((i * 17) % 28) * DAY_MS - i * 3_600_000);
    return {
      referralId: referral.id,
      visitorKey: `seed:${i}`,
      bucket: i,
      pending: true,
      createdAt: at,
    };
  });
  await tx.insert(referralClicks).values(clicks);
  await foldClicks({ db: tx });

  const sales = [20, 5, 1];
  for (const [i, daysAgo] of sales.entries()) {
    const paidAt = new Date(params.now.getTime() - daysAgo * DAY_MS);
    const { orderId } = await recordPaidOrder(tx, {
      buyerId: buyers[i % buyers.length] ?? buyers[0] ?? affiliateId,
      lines: [{ ticketTypeId: pick.typeId, quantity: i + 1 }],
      at: paidAt,
      paymentRef: `seed-affiliate-${i}`,
    });
    await insertAttribution(tx, {
      orderId,
      affiliateId,
      clickedAt: new Date(paidAt.getTime() - 3_600_000),
      now: paidAt,
    });
    await settleSales({ db: tx, clock: { now: () => paidAt } }, { orderId });
  }
}
