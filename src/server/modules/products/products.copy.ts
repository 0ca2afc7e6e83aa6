import { asc, and, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { productAddOnRules } from '../../db/schema/product-add-ons';
import { products } from '../../db/schema/products';
import { ticketTypes } from '../../db/schema/tickets';
import type { EventCopyContext } from '../events/events.service';

/**
 * Event duplication's copy of the products (decision 051). The ticket types' copier has already
 * copied their variations (they are ticket types) still pointing at the old products; this
 * copies the products, points the copied variations at them and copies the add-on rules through
 * both id maps.
 */
export async function copyProducts(tx: DbExecutor, ctx: EventCopyContext): Promise<void> {
  const rows = await tx
    .select()
    .from(products)
    .where(eq(products.eventId, ctx.fromEventId))
    .orderBy(asc(products.sortOrder), asc(products.createdAt));
  const ids = new Map<string, string>();
  for (const { id, createdAt: _c, updatedAt: _u, ...rest } of rows) {
    const [copy] = await tx
      .insert(products)
      .values({ ...rest, eventId: ctx.toEventId, createdAt: ctx.now, updatedAt: ctx.now })
      .returning({ id: products.id });
    if (!copy) continue;
    ids.set(id, copy.id);
    await tx
      .update(ticketTypes)
      .set({ productId: copy.id })
      .where(and(eq(ticketTypes.eventId, ctx.toEventId), eq(ticketTypes.productId, id)));
  }
  ctx.idMaps.set('products', ids);
  if (!ids.size) return;
  const rules = await tx
    .select()
    .from(productAddOnRules)
    .where(inArray(productAddOnRules.productId, [...ids.keys()]));
  const copies = rules.flatMap((rule) => {
    const productId = ids.get(rule.productId);
    const ticketTypeId = ctx.ticketTypeIds.get(rule.ticketTypeId);
    return productId && ticketTypeId ? [{ ...rule, productId, ticketTypeId }] : [];
  });
  if (copies.length) await tx.insert(productAddOnRules).values(copies);
}
