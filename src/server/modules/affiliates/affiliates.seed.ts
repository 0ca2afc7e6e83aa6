import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  affiliateAttributions,
  affiliateCommissionRules,
  affiliateLedger,
  affiliates,
  referralClicks,
  referrals,
} from '../../db/schema/affiliates';
import { events } from '../../db/schema/events';
import { orderItems, orders, ticketTypes } from '../../db/schema/tickets';
import { users } from '../../db/schema/users';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { availableAfterRefundWindow, commissionFor, generatePromoCode } from './affiliate-rules';

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

  const code = generatePromoCode(affiliateId, params.joinedAt);
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
  const clicks = Array.from({ length: 42 }, (_, i) => {
    const at = new Date(params.now.getTime() - ((i * 17) % 28) * DAY_MS - i * 3_600_000);
    return { referralId: referral.id, visitorKey: `seed:${i}`, bucket: i, createdAt: at };
  });
  await tx.insert(referralClicks).values(clicks);

  let earnings = 0;
  const sales = [20, 5, 1];
  for (const [i, daysAgo] of sales.entries()) {
    const paidAt = new Date(params.now.getTime() - daysAgo * DAY_MS);
    const quantity = i + 1;
    const total = pick.price * quantity;
    const [order] = await tx
      .insert(orders)
      .values({
        userId: buyers[i % buyers.length] ?? buyers[0] ?? affiliateId,
        status: 'paid',
        currency: 'USD',
        subtotalCents: total,
        totalCents: total,
        provider: 'local',
        paymentRef: `seed-affiliate-${i}`,
        createdAt: paidAt,
        paidAt,
      })
      .returning({ id: orders.id });
    if (!order) continue;
    await tx.insert(orderItems).values({
      orderId: order.id,
      eventId: pick.eventId,
      ticketTypeId: pick.typeId,
      quantity,
      unitPriceCents: pick.price,
    });
    const commission = commissionFor(RATE, { quantity, revenueCents: total });
    earnings += commission;
    const [attribution] = await tx
      .insert(affiliateAttributions)
      .values({
        orderId: order.id,
        affiliateId,
        clickedAt: new Date(paidAt.getTime() - 3_600_000),
        status: 'credited',
        commissionCents: commission,
        createdAt: paidAt,
      })
      .returning({ id: affiliateAttributions.id });
    await tx.insert(affiliateLedger).values({
      affiliateId,
      kind: 'commission',
      amountCents: commission,
      attributionId: attribution?.id,
      eventId: pick.eventId,
      availableAt: availableAfterRefundWindow(paidAt),
      createdAt: paidAt,
    });
  }
  await tx
    .update(referrals)
    .set({
      clicks: clicks.length,
      conversions: sales.length,
      earningsCents: earnings,
      updatedAt: params.now,
    })
    .where(eq(referrals.id, referral.id));
}
