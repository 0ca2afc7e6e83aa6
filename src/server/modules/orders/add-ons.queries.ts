import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import type { CartProduct, CartRule } from './add-on-rules';
import { givePoolStockBack } from './holds.queries';

// Products in checkout (decision 051): the add-on rules a cart touches, and a refund's return
// of product stock (products issue no tickets, so voiding tickets gives none of it back).

/** The rules of these products or naming these ticket types, and the products they concern. */
export async function findCartAddOns(
  db: DbExecutor,
  params: { productIds: string[]; ticketTypeIds: string[] },
) {
  const { rows: rules } = await db.execute<CartRule>(sql`
    select product_id as "productId", ticket_type_id as "ticketTypeId",
      min_per_ticket as "minPerTicket", max_per_ticket as "maxPerTicket"
    from product_add_on_rules
    where product_id = any(${sql.param(params.productIds)}::uuid[])
      or ticket_type_id = any(${sql.param(params.ticketTypeIds)}::uuid[])`);
  const ids = [...new Set([...params.productIds, ...rules.map((r) => r.productId)])];
  const products = new Map<string, CartProduct>();
  if (!ids.length) return { rules, products };
  const { rows } = await db.execute<CartProduct & { id: string }>(sql`
    select id, name, sold_alone as "soldAlone" from products where id = any(${sql.param(ids)}::uuid[])`);
  for (const row of rows) products.set(row.id, { name: row.name, soldAlone: row.soldAlone });
  return { rules, products };
}

/**
 * Puts a fully refunded order's products back on sale. The caller runs it once per order (the
 * refund that makes it `refunded`), with the order locked.
 */
export async function returnProductStock(db: DbExecutor, params: { orderId: string }) {
  const { rows } = await db.execute<{ ticketTypeId: string; quantity: number }>(sql`
    update ticket_types t set remaining = least(t.quantity, t.remaining + i.n)
    from (
      select i.ticket_type_id, sum(i.quantity)::int as n
      from order_items i join ticket_types tt on tt.id = i.ticket_type_id
      where i.order_id = ${params.orderId} and tt.kind = 'product'
      group by i.ticket_type_id
    ) i
    where t.id = i.ticket_type_id
    returning t.id as "ticketTypeId", i.n as quantity`);
  // The capacity pools the products are in, after them (decision 052).
  if (rows.length) await givePoolStockBack(db, rows);
}
