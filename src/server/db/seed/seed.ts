import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../client';
import { events } from '../schema/events';
import { users } from '../schema/users';
import { vendorProfiles } from '../schema/vendors';
import { joinEventChat } from '../../modules/messaging/chats.queries';
import {
  insertRequest,
  setRequestStatus,
  upsertEventVendor,
  upsertVendorParticipant,
} from '../../modules/vendors/vendor-requests.queries';
import { createEvent, createTicketType, createUser } from '../../test/factories';
import { zonedTimeToInstant } from '../../../contracts/zoned-time';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, getDemoAccount } from './demo-accounts';
import { DEMO_HOSTS, demoEvents } from './demo-catalogue';
import { DEMO_VENDOR_PROFILE, DEMO_VENDORS } from './demo-vendors';
import { serverModules } from '../../modules/registry';

// Same key as nothing else: two instances seeding one database at once take turns.
const SEED_LOCK_ID = 727_002;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Idempotent demo data built from the test factories: running it twice changes nothing, and an
 * account someone deleted comes back. The event catalogue is added once, with its hosts.
 */
export async function seedDemoData(
  db: Database,
  options: { now?: Date; config?: Pick<Config, 'SESSION_SECRET' | 'PUBLIC_URL'> } = {},
): Promise<{ created: string[] }> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const emails = [
      ...DEMO_ACCOUNTS.map((a) => a.email),
      ...DEMO_HOSTS.map((h) => h.email),
      ...DEMO_VENDORS.map((v) => v.email),
    ];
    const existing = await tx
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.email, emails));
    const have = new Set(existing.map((u) => u.email));
    // Demo people joined a month ago, so signing in greets them as returning users.
    const joinedAt = new Date(now.getTime() - 30 * DAY_MS);
    const created: string[] = [];
    for (const account of DEMO_ACCOUNTS) {
      if (have.has(account.email)) continue;
      await createUser(tx, {
        email: account.email,
        password: DEMO_PASSWORD,
        fullName: account.fullName,
        userType: account.userType,
        roles: account.roles,
        businessName: account.businessName ?? null,
        category: account.category ?? null,
        service: account.service ?? null,
        phone: account.phone,
        createdAt: joinedAt,
      });
      created.push(account.email);
    }
    if (!DEMO_HOSTS.some((h) => have.has(h.email))) await seedCatalogue(tx, { now, joinedAt });
    if (!DEMO_VENDORS.some((v) => have.has(v.email))) await seedVendors(tx, { now, joinedAt });
    for (const module of serverModules)
      await module.seed?.(tx, { now, joinedAt, config: options.config });
    return { created };
  });
}

async function seedCatalogue(tx: DbExecutor, params: { now: Date; joinedAt: Date }) {
  const hostIds: string[] = [];
  for (const host of DEMO_HOSTS) {
    const user = await createUser(tx, {
      email: host.email,
      password: DEMO_PASSWORD,
      fullName: host.fullName,
      businessName: host.businessName,
      userType: host.userType,
      category: host.category,
      service: host.category,
      createdAt: params.joinedAt,
    });
    hostIds.push(user.id);
  }
  const today = params.now.toISOString().slice(0, 10);
  for (const [i, demo] of demoEvents().entries()) {
    const date = new Date(Date.parse(today) + demo.dayOffset * DAY_MS).toISOString().slice(0, 10);
    const startsAt = zonedTimeToInstant(
      date,
      `${String(demo.hour).padStart(2, '0')}:00`,
      demo.city.timezone,
    );
    const past = demo.dayOffset < 0;
    const event = await createEvent(tx, {
      userId: hostIds[demo.hostIndex] ?? hostIds[0] ?? '',
      title: demo.title,
      description: demo.description,
      category: demo.category,
      startsAt,
      endsAt: new Date(startsAt.getTime() + demo.durationHours * 60 * 60 * 1000),
      timezone: demo.city.timezone,
      isOnline: demo.isOnline,
      venueName: demo.isOnline ? null : demo.venueName,
      city: demo.city.city,
      country: demo.city.country,
      capacity: demo.capacity,
      isFree: demo.isFree,
      isReferralBased: demo.isReferralBased,
      eventStatus: past ? 'expired' : 'published',
      metadata: { demo: true },
      // Spread creation times so "newest first" has a stable, varied order.
      createdAt: new Date(params.now.getTime() - (i + 1) * 37 * 60 * 1000),
    });
    await seedTicketTypes(tx, {
      eventId: event.id,
      index: i,
      capacity: demo.capacity,
      isFree: demo.isFree,
      country: demo.city.country,
    });
  }
}

/**
 * Vendor profiles across service types, and applications on the next demo events: one asks a
 * vendor fee (two pending, one approved and waiting to pay), one has no fee (one pending from
 * the demo vendor account, one approved and in the group chat).
 */
async function seedVendors(tx: DbExecutor, params: { now: Date; joinedAt: Date }) {
  const ids: string[] = [];
  for (const vendor of DEMO_VENDORS) {
    const user = await createUser(tx, {
      email: vendor.email,
      password: DEMO_PASSWORD,
      fullName: vendor.fullName,
      businessName: vendor.businessName || null,
      userType: 'vendor',
      category: vendor.category,
      service: vendor.category,
      createdAt: params.joinedAt,
    });
    ids.push(user.id);
    const { description, services, links, serviceArea, availability } = vendor;
    await tx.insert(vendorProfiles).values({
      userId: user.id,
      description,
      services,
      links,
      serviceArea,
      availability,
      completedAt: params.joinedAt,
      createdAt: params.joinedAt,
      updatedAt: params.joinedAt,
    });
  }
  const [demoVendor] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, getDemoAccount('vendor').email));
  if (demoVendor)
    await tx
      .insert(vendorProfiles)
      .values({ userId: demoVendor.id, ...DEMO_VENDOR_PROFILE, completedAt: params.joinedAt })
      .onConflictDoNothing();

  const upcoming = await tx
    .select({ id: events.id, userId: events.userId, metadata: events.metadata })
    .from(events)
    .where(
      and(
        eq(events.eventStatus, 'published'),
        eq(events.visibility, 'public'),
        gt(events.startsAt, params.now),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(2);
  const [paid, free] = upcoming;
  const [caterer, photographer, bartender, tents] = ids;
  if (!paid || !free || !caterer || !photographer || !bartender || !tents) return;
  await tx
    .update(events)
    .set({
      vendorFeeAmount: 50,
      metadata: {
        ...paid.metadata,
        vendor_requirements: { vendorFee: 50, categories: ['Caterer', 'Photographer'], spots: 8 },
      },
    })
    .where(eq(events.id, paid.id));
  await tx
    .update(events)
    .set({
      metadata: {
        ...free.metadata,
        vendor_requirements: { categories: ['DJ', 'Tent Rental'], spots: 4 },
      },
    })
    .where(eq(events.id, free.id));

  const hour = 60 * 60 * 1000;
  const apply = (
    eventId: string,
    organizerId: string,
    vendorId: string,
    message: string,
    ago: number,
  ) =>
    insertRequest(tx, {
      eventId,
      vendorId,
      organizerId,
      message,
      services: [],
      links: [],
      createdAt: new Date(params.now.getTime() - ago * hour),
    });
  await apply(
    paid.id,
    paid.userId,
    caterer,
    'A jollof and suya bar for the evening crowd, 300 plates.',
    5,
  );
  await apply(
    paid.id,
    paid.userId,
    photographer,
    'Candid coverage from doors to last song; gallery within a week.',
    3,
  );
  const approvedPaid = await apply(
    paid.id,
    paid.userId,
    bartender,
    'Our trailer bar with two bartenders and a zero-proof menu.',
    30,
  );
  if (approvedPaid) {
    await setRequestStatus(tx, { requestId: approvedPaid.id, status: 'approved' });
    await upsertEventVendor(tx, {
      eventId: paid.id,
      vendorId: bartender,
      requestId: approvedPaid.id,
      feeAmount: 50,
      paymentStatus: 'pending',
      now: params.now,
    });
    await upsertVendorParticipant(tx, {
      eventId: paid.id,
      userId: bartender,
      canAccessChat: false,
      now: params.now,
    });
  }
  if (demoVendor)
    await apply(
      free.id,
      free.userId,
      demoVendor.id,
      'Four-hour open-format set with uplighting.',
      2,
    );
  const approvedFree = await apply(
    free.id,
    free.userId,
    tents,
    'Two marquees for 200 guests, set up the day before.',
    48,
  );
  if (approvedFree) {
    await setRequestStatus(tx, { requestId: approvedFree.id, status: 'approved' });
    await upsertEventVendor(tx, {
      eventId: free.id,
      vendorId: tents,
      requestId: approvedFree.id,
      feeAmount: null,
      paymentStatus: 'not_required',
      now: params.now,
    });
    await upsertVendorParticipant(tx, {
      eventId: free.id,
      userId: tents,
      canAccessChat: true,
      now: params.now,
    });
    await joinEventChat(tx, { eventId: free.id, userId: tents });
  }
}

// Local prices for the demo cities: a dollar price times a rough rate, rounded to a price
// people would print (whole units; thousands of naira).
const DEMO_CURRENCY: Record<string, { currency: string; rate: number; step: number }> = {
  UK: { currency: 'GBP', rate: 0.8, step: 100 },
  Canada: { currency: 'CAD', rate: 1.35, step: 100 },
  Nigeria: { currency: 'NGN', rate: 1500, step: 100_000 },
  Portugal: { currency: 'EUR', rate: 0.92, step: 100 },
  Brazil: { currency: 'BRL', rate: 5, step: 500 },
};

async function seedTicketTypes(
  tx: DbExecutor,
  demo: {
    eventId: string;
    index: number;
    capacity: number | null;
    isFree: boolean;
    country: string;
  },
) {
  const total = demo.capacity ?? 200;
  const local = DEMO_CURRENCY[demo.country] ?? { currency: 'USD', rate: 1, step: 100 };
  // The event is sold in its country's currency, as its ticket types are (decision 060); a free
  // one too, so a paid ticket type added later is priced in it.
  await tx.update(events).set({ currency: local.currency }).where(eq(events.id, demo.eventId));
  if (demo.isFree) {
    await createTicketType(tx, {
      eventId: demo.eventId,
      name: 'General admission',
      priceCents: 0,
      currency: local.currency,
      quantity: total,
      maxPerPerson: 1,
    });
    return;
  }
  const price = (usdCents: number) =>
    Math.max(local.step, Math.round((usdCents * local.rate) / local.step) * local.step);
  const base = 1500 + (demo.index % 6) * 1000;
  const vip = Math.max(1, Math.floor(total / 5));
  await createTicketType(tx, {
    eventId: demo.eventId,
    name: 'General admission',
    priceCents: price(base),
    currency: local.currency,
    quantity: total - vip,
  });
  await createTicketType(tx, {
    eventId: demo.eventId,
    name: 'VIP',
    priceCents: price(base * 2.5),
    currency: local.currency,
    quantity: vip,
    maxPerOrder: 4,
  });
}
