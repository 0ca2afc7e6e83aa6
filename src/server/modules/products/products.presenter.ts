import type { ManagedProduct, Product, ProductVariation } from '../../../contracts/products';
import type { TicketAvailability } from '../../../contracts/tickets';
import type { ProductRow, RuleRow, VariationRow } from './products.queries';

/** What an order, a receipt and the organizer call a variation: "T-shirt (M)". */
export const variationName = (product: string, label: string | null | undefined) =>
  label ? `${product} (${label})` : product;

/** The ticket types' own rule (tickets' availabilityOf), for a variation row. */
export function availabilityOf(row: VariationRow, now: Date): TicketAvailability {
  if (row.remaining <= 0) return 'sold_out';
  if (row.salesStart && row.salesStart > now) return 'not_started';
  if (row.salesEnd && row.salesEnd <= now) return 'ended';
  return 'on_sale';
}

function presentVariation(product: ProductRow, row: VariationRow, now: Date): ProductVariation {
  return {
    ticketTypeId: row.id,
    label: row.variation,
    displayName: row.name,
    priceCents: row.priceCents,
    ownPrice: row.priceCents !== product.priceCents,
    remaining: row.remaining,
    availability: availabilityOf(row, now),
  };
}

export function presentProduct(
  product: ProductRow,
  variations: VariationRow[],
  rules: RuleRow[],
  now: Date,
): Product {
  const first = variations[0];
  return {
    id: product.id,
    eventId: product.eventId,
    name: product.name,
    description: product.description,
    category: product.category,
    priceCents: product.priceCents,
    currency: product.currency as Product['currency'],
    soldAlone: product.soldAlone,
    salesStart: first?.salesStart?.toISOString() ?? null,
    salesEnd: first?.salesEnd?.toISOString() ?? null,
    maxPerOrder: first?.maxPerOrder ?? 10,
    variations: variations.map((row) => presentVariation(product, row, now)),
    addOns: rules.map((rule) => ({
      ticketTypeId: rule.ticketTypeId,
      ticketTypeName: rule.ticketTypeName,
      minPerTicket: rule.minPerTicket,
      maxPerTicket: rule.maxPerTicket,
    })),
  };
}

export function presentManagedProduct(
  product: ProductRow,
  variations: VariationRow[],
  rules: RuleRow[],
  held: Map<string, number>,
  now: Date,
): ManagedProduct {
  const base = presentProduct(product, variations, rules, now);
  return {
    ...base,
    variations: variations.map((row) => {
      const h = held.get(row.id) ?? 0;
      return {
        ...presentVariation(product, row, now),
        quantity: row.quantity,
        held: h,
        sold: row.quantity - row.remaining - h,
      };
    }),
  };
}
