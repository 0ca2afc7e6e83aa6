import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { products } from '../../db/schema/products';
import { ticketTypes } from '../../db/schema/tickets';
import { demoOrganizerNextPaidEvent } from '../../db/seed/demo-organizer-event';
import { variationName } from './products.presenter';
import {
  insertProduct,
  insertVariation,
  nextTypeSortOrder,
  replaceRules,
} from './products.queries';

/**
 * Demo products on the demo organizer's next paid event: a T-shirt in S/M/L offered with its
 * first ticket type (0–2 per ticket) and a parking pass sold alone, so its ticket picker and
 * ticket page show products. No sale is seeded: the dashboard's demo figures stay the tickets'.
 */
export async function seedProducts(tx: DbExecutor, params: { now: Date; joinedAt: Date }) {
  const event = await demoOrganizerNextPaidEvent(tx, params.now);
  if (!event) return;
  const [existing] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.eventId, event.id))
    .limit(1);
  if (existing) return;
  const [ticket] = await tx
    .select()
    .from(ticketTypes)
    .where(
      and(
        eq(ticketTypes.eventId, event.id),
        eq(ticketTypes.kind, 'admission'),
        gt(ticketTypes.priceCents, 0),
      ),
    )
    .orderBy(asc(ticketTypes.sortOrder))
    .limit(1);
  if (!ticket) return;

  let sortOrder = await nextTypeSortOrder(tx, { eventId: event.id });
  const add = async (spec: {
    name: string;
    description: string;
    category: 'merchandise' | 'parking';
    priceCents: number;
    soldAlone: boolean;
    variations: { label: string | null; quantity: number }[];
  }) => {
    const product = await insertProduct(tx, {
      eventId: event.id,
      columns: {
        name: spec.name,
        description: spec.description,
        category: spec.category,
        priceCents: spec.priceCents,
        currency: ticket.currency,
        soldAlone: spec.soldAlone,
      },
      now: params.joinedAt,
    });
    if (!product) throw new Error('seedProducts inserted no product');
    for (const v of spec.variations)
      await insertVariation(tx, {
        eventId: event.id,
        productId: product.id,
        columns: {
          name: variationName(spec.name, v.label),
          description: spec.description,
          priceCents: spec.priceCents,
          currency: ticket.currency,
          maxPerOrder: 10,
          variation: v.label,
        },
        quantity: v.quantity,
        sortOrder: sortOrder++,
        now: params.joinedAt,
      });
    return product;
  };
  const shirt = await add({
    name: 'Event T-shirt',
    description: 'Soft cotton, printed with this year’s line-up.',
    category: 'merchandise',
    priceCents: 2500,
    soldAlone: false,
    variations: [
      { label: 'S', quantity: 40 },
      { label: 'M', quantity: 60 },
      { label: 'L', quantity: 40 },
    ],
  });
  await replaceRules(tx, {
    productId: shirt.id,
    rules: [{ ticketTypeId: ticket.id, minPerTicket: 0, maxPerTicket: 2 }],
  });
  await add({
    name: 'Parking pass',
    description: 'One car, all evening, in the venue’s own lot.',
    category: 'parking',
    priceCents: 1000,
    soldAlone: true,
    variations: [{ label: null, quantity: 80 }],
  });
}
