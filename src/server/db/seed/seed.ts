import { inArray, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../client';
import { users } from '../schema/users';
import { createEvent, createTicketType, createUser } from '../../test/factories';
import { zonedTimeToInstant } from '../../../contracts/zoned-time';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { DEMO_HOSTS, demoEvents } from './demo-catalogue';

// Same key as nothing else: two instances seeding one database at once take turns.
const SEED_LOCK_ID = 727_002;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Idempotent demo data built from the test factories: running it twice changes nothing, and an
 * account someone deleted comes back. The event catalogue is added once, with its hosts.
 */
export async function seedDemoData(
  db: Database,
  options: { now?: Date } = {},
): Promise<{ created: string[] }> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const emails = [...DEMO_ACCOUNTS.map((a) => a.email), ...DEMO_HOSTS.map((h) => h.email)];
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

// Local prices for the demo cities: a dollar price times a rough rate, rounded to a price
// people would print (whole units; thousands of naira).
const DEMO_CURRENCY: Record<string, { currency: string; rate: number; step: number }> = {
  UK: { currency: 'GBP', rate: 0.8, step: 100 },
  Canada: { currency: 'CAD', rate: 1.35, step: 100 },
  Nigeria: { currency: 'NGN', rate: 1500, step: 100_000 },
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
  if (demo.isFree) {
    await createTicketType(tx, {
      eventId: demo.eventId,
      name: 'General admission',
      priceCents: 0,
      quantity: total,
      maxPerPerson: 1,
    });
    return;
  }
  const local = DEMO_CURRENCY[demo.country] ?? { currency: 'USD', rate: 1, step: 100 };
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
