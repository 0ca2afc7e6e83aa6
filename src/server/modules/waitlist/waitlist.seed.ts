import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events, ticketTypes } from '../../db/schema';
import { waitlistEntries } from '../../db/schema/waitlist';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { demoOrganizerNextPaidEvent } from '../../db/seed/demo-organizer-event';
import { DEFAULT_OFFER_HOURS } from '../../../contracts/waitlist';

const FRONT_ROW = 2;
const HOUR_MS = 3_600_000;

/**
 * Demo: the demo organizer's next paid event gets a sold-out "Front row" type with a waiting
 * list: the demo attendee holds an offer for both its tickets (made four hours ago, open for the
 * default time), three more people wait behind, so the organizer's Waiting list section, the
 * attendee's offer page and API v1 show a list with an offer.
 */
export async function seedWaitlist(tx: DbExecutor, params: { now: Date }) {
  const event = await demoOrganizerNextPaidEvent(tx, params.now);
  if (!event) return;
  const [seeded] = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.eventId, event.id))
    .limit(1);
  if (seeded) return;
  const [allocated] = await tx
    .select({ total: sql<number>`coalesce(sum(${ticketTypes.quantity}), 0)::int` })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, event.id));
  // The front row is two seats more than the hall had: the event's capacity grows with them.
  const total = (allocated?.total ?? 0) + FRONT_ROW;
  if (event.capacity !== null && total > event.capacity)
    await tx.update(events).set({ capacity: total }).where(eq(events.id, event.id));
  // Its two tickets are set aside for the offer: nothing on the shelf, as after a real offer.
  const [type] = await tx
    .insert(ticketTypes)
    .values({
      eventId: event.id,
      name: 'Front row',
      description: 'The two seats closest to the stage.',
      priceCents: 6500,
      quantity: FRONT_ROW,
      remaining: 0,
      maxPerOrder: 2,
      sortOrder: 98,
    })
    .returning({ id: ticketTypes.id });
  if (!type) return;
  const attendee = getDemoAccount('attendee');
  const [person] = await tx
    .execute<{ id: string }>(sql`select id from users where email = ${attendee.email}`)
    .then((r) => r.rows);
  const offeredAt = new Date(params.now.getTime() - 4 * HOUR_MS);
  const places = [
    { email: attendee.email, userId: person?.id ?? null, quantity: 2, offered: true },
    { email: 'noor.haddad@example.com', userId: null, quantity: 1, offered: false },
    { email: 'tomas.varga@example.com', userId: null, quantity: 2, offered: false },
    { email: 'lea.moreau@example.com', userId: null, quantity: 1, offered: false },
  ];
  for (const [i, place] of places.entries()) {
    const joined = new Date(params.now.getTime() - (48 - i * 6) * HOUR_MS);
    await tx.execute(sql`
      insert into waitlist_entries (event_id, ticket_type_id, user_id, email, language, quantity,
        status, position, offered_quantity, offered_at, offer_expires_at, confirmed_at,
        created_at, updated_at)
      values (${event.id}, ${type.id}, ${place.userId}, ${place.email}, 'en', ${place.quantity},
        ${place.offered ? 'offered' : 'waiting'}, nextval('waitlist_position_seq'),
        ${place.offered ? place.quantity : null}, ${place.offered ? offeredAt : null},
        ${place.offered ? new Date(offeredAt.getTime() + DEFAULT_OFFER_HOURS * HOUR_MS) : null},
        ${joined}, ${joined}, ${place.offered ? offeredAt : joined})`);
  }
}
