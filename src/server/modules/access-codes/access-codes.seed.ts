import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { accessCodes, ticketTypes } from '../../db/schema';
import { demoOrganizerNextPaidEvent } from '../../db/seed/demo-organizer-event';
import { generatedCode, randomCodePart } from './access-code-rules';
import { insertAccessCodes, replaceRevealedTypes } from './access-codes.queries';

const SPONSOR_SEATS = 10;

/**
 * Demo: the demo organizer's next paid event gets a hidden "Sponsor guest" type (when its
 * capacity has room), five single-use SPONSOR codes and a PRESS code for ten orders, so the
 * access codes page and `/event/{id}?code=PRESS` show what codes do.
 */
export async function seedAccessCodes(tx: DbExecutor, params: { now: Date }) {
  const event = await demoOrganizerNextPaidEvent(tx, params.now);
  if (!event) return;
  const [seeded] = await tx
    .select({ id: accessCodes.id })
    .from(accessCodes)
    .where(eq(accessCodes.eventId, event.id))
    .limit(1);
  if (seeded) return;

  const [allocated] = await tx
    .select({ total: sql<number>`coalesce(sum(${ticketTypes.quantity}), 0)::int` })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, event.id));
  if (event.capacity !== null && (allocated?.total ?? 0) + SPONSOR_SEATS > event.capacity) return;
  const [type] = await tx
    .insert(ticketTypes)
    .values({
      eventId: event.id,
      name: 'Sponsor guest',
      description: 'Seats set aside for our sponsors’ guests.',
      priceCents: 0,
      quantity: SPONSOR_SEATS,
      remaining: SPONSOR_SEATS,
      maxPerOrder: 1,
      isHidden: true,
      sortOrder: 99,
    })
    .returning({ id: ticketTypes.id, currency: ticketTypes.currency });
  if (!type) return;
  const batchId = crypto.randomUUID();
  const inserted = await insertAccessCodes(tx, {
    values: [
      ...Array.from({ length: 5 }, () => ({
        eventId: event.id,
        code: generatedCode('SPONSOR', randomCodePart()),
        usageLimit: 1,
        batchId,
        createdAt: params.now,
      })),
      { eventId: event.id, code: 'PRESS', usageLimit: 10, createdAt: params.now },
    ],
  });
  await replaceRevealedTypes(tx, { ids: inserted.map((r) => r.id), ticketTypeIds: [type.id] });
}
