import { and, eq, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { taxRates } from '../../db/schema/taxes';
import { ticketTypes } from '../../db/schema/tickets';
import { demoOrganizerNextPaidEvent } from '../../db/seed/demo-organizer-event';

/**
 * Three demo rates of the demo organizer (a standard and a reduced VAT, a US sales tax with
 * three decimals); its next paid event sells tickets with the standard rate and products with
 * the reduced one, so the checkout, receipts and exports show tax lines.
 */
export async function seedTaxes(tx: DbExecutor, params: { now: Date }) {
  const event = await demoOrganizerNextPaidEvent(tx, params.now);
  if (!event) return;
  const [owner] = await tx
    .select({ userId: events.userId })
    .from(events)
    .where(eq(events.id, event.id));
  if (!owner) return;
  const [existing] = await tx
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(eq(taxRates.userId, owner.userId))
    .limit(1);
  if (existing) return;
  const [standard, reduced] = await tx
    .insert(taxRates)
    .values([
      { userId: owner.userId, name: 'VAT', rateThousandths: 20_000, country: 'GB' },
      { userId: owner.userId, name: 'Reduced VAT', rateThousandths: 5_000, country: 'GB' },
      { userId: owner.userId, name: 'NYC sales tax', rateThousandths: 8_875, country: 'US' },
    ])
    .returning({ id: taxRates.id });
  if (!standard || !reduced) return;
  await tx
    .update(ticketTypes)
    .set({ taxRateId: standard.id })
    .where(
      and(
        eq(ticketTypes.eventId, event.id),
        eq(ticketTypes.kind, 'admission'),
        isNull(ticketTypes.taxRateId),
      ),
    );
  await tx
    .update(ticketTypes)
    .set({ taxRateId: reduced.id })
    .where(
      and(
        eq(ticketTypes.eventId, event.id),
        eq(ticketTypes.kind, 'product'),
        isNull(ticketTypes.taxRateId),
      ),
    );
}
