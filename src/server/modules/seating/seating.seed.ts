import { and, eq } from 'drizzle-orm';
import { expandPlan } from '../../../contracts/seat-layout';
import { SeatPlanSchema, type SeatPlanInput } from '../../../contracts/seating';
import { zonedTimeToInstant } from '../../../contracts/zoned-time';
import type { DbExecutor } from '../../db/client';
import { seatingPlans } from '../../db/schema/seating';
import { users } from '../../db/schema/users';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { createEvent, createTicketType } from '../../test/factories';
import { insertPlan, upsertEventSeating } from './seating.queries';

const DAY_MS = 86_400_000;
const TIMEZONE = 'America/Los_Angeles';

/** Harbour Hall: a stage, stalls with premium front rows, a balcony, two dinner tables. */
const HARBOUR_HALL: SeatPlanInput = {
  width: 640,
  height: 520,
  categories: [
    { id: 'premium', name: 'Premium', color: '#d4a017' },
    { id: 'stalls', name: 'Stalls', color: '#1f6feb' },
    { id: 'balcony', name: 'Balcony', color: '#2da44e' },
  ],
  sections: [
    { id: 'S', name: 'Stage', kind: 'stage', x: 150, y: 10, width: 340, height: 50 },
    {
      id: 'A',
      name: 'Stalls',
      kind: 'grid',
      x: 152,
      y: 90,
      rows: 8,
      seatsPerRow: 14,
      categoryId: 'stalls',
    },
    { id: 'T1', name: 'Table 1', kind: 'table', x: 20, y: 100, seats: 6, categoryId: 'premium' },
    { id: 'T2', name: 'Table 2', kind: 'table', x: 520, y: 100, seats: 6, categoryId: 'premium' },
    {
      id: 'B',
      name: 'Balcony',
      kind: 'grid',
      x: 176,
      y: 330,
      rows: 3,
      seatsPerRow: 12,
      rowLabels: 'numbers',
      numbering: 'rtl',
      categoryId: 'balcony',
    },
    { id: 'L', name: 'Sound desk', kind: 'label', x: 270, y: 470 },
  ],
  // The front two rows of the stalls are premium; the aisle ends hold wheelchair spaces; two
  // balcony seats sit behind a pillar and one is the sound desk.
  seatCategories: Object.fromEntries(
    ['A', 'B'].flatMap((row) =>
      Array.from({ length: 14 }, (_, i) => [`A-Row ${row}-${i + 1}`, 'premium']),
    ),
  ),
  seatFlags: {
    'A-Row H-1': ['wheelchair'],
    'A-Row H-2': ['companion'],
    'A-Row H-14': ['wheelchair'],
    'A-Row H-13': ['companion'],
    'B-Row 3-1': ['restricted'],
    'B-Row 3-12': ['restricted'],
    'B-Row 3-6': ['blocked'],
  },
};

/**
 * A seated demo event of the demo organizer ("String Quartet at Harbour Hall") on their plan,
 * so `npm start` shows the map, the picker and the Seating tab. It sells nothing: the demo
 * dashboard's revenue figures stay those of the dashboard seed.
 */
export async function seedSeating(tx: DbExecutor, params: { now: Date; joinedAt: Date }) {
  const [organizer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, getDemoAccount('organizer').email));
  if (!organizer) return;
  const [existing] = await tx
    .select({ id: seatingPlans.id })
    .from(seatingPlans)
    .where(and(eq(seatingPlans.ownerId, organizer.id), eq(seatingPlans.name, 'Harbour Hall')));
  if (existing) return;

  const plan = SeatPlanSchema.parse(HARBOUR_HALL);
  const seats = expandPlan(plan);
  const planId = await insertPlan(tx, {
    ownerId: organizer.id,
    name: 'Harbour Hall',
    data: plan,
    seatCount: seats.length,
    now: params.joinedAt,
  });
  const date = new Date(Date.parse(params.now.toISOString().slice(0, 10)) + 21 * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const startsAt = zonedTimeToInstant(date, '19:30', TIMEZONE);
  const event = await createEvent(tx, {
    userId: organizer.id,
    title: 'String Quartet at Harbour Hall',
    description:
      'Haydn, Ravel and a new piece by a local composer. Reserved seating: choose your seats on the map.',
    category: 'Performance',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
    venueName: 'Harbour Hall',
    city: 'Oakland',
    country: 'USA',
    timezone: TIMEZONE,
    capacity: seats.length,
    isFree: false,
    eventStatus: 'published',
    metadata: { demo: true },
    createdAt: params.joinedAt,
  });
  const count = (category: string) => seats.filter((s) => s.categoryId === category).length;
  const types: Record<string, string> = {};
  // Two ticket types like every paid demo event: the balcony sells as Standard too.
  const premium = await createTicketType(tx, {
    eventId: event.id,
    name: 'Premium',
    priceCents: 8500,
    quantity: count('premium'),
  });
  const standard = await createTicketType(tx, {
    eventId: event.id,
    name: 'Standard',
    priceCents: 4500,
    quantity: count('stalls') + count('balcony'),
  });
  types.premium = premium.id;
  types.stalls = standard.id;
  types.balcony = standard.id;
  await upsertEventSeating(tx, {
    eventId: event.id,
    planId,
    version: 1,
    ticketTypes: types,
    now: params.joinedAt,
  });
}
