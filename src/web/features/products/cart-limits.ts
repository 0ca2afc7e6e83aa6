import type { Product } from '../../../contracts/products';

/** The least and most a cart line may hold (its quantity buttons stop there). */
interface LineLimits {
  min: number;
  max: number;
}

/**
 * The bounds of each product variation in a cart, by its ticket type id: the server's add-on
 * rules (decision 051) as the cart's buttons see them. All variations of a product count
 * together; each ticket of a type a rule names allows up to its most per ticket (without limit
 * when the product is also sold alone) and asks for its least. Also within the product's most
 * per order and the variation's stock; never below 1 (removing a line is its own button), and
 * never so low that the line's current quantity falls outside (the server says what is wrong).
 */
export function cartProductLimits(
  products: readonly Product[],
  lines: readonly { ticketTypeId: string; quantity: number }[],
): Map<string, LineLimits> {
  const quantities = new Map<string, number>();
  for (const line of lines)
    quantities.set(line.ticketTypeId, (quantities.get(line.ticketTypeId) ?? 0) + line.quantity);
  const count = (id: string) => quantities.get(id) ?? 0;
  const limits = new Map<string, LineLimits>();
  for (const product of products) {
    const taken = product.variations.reduce((sum, v) => sum + count(v.ticketTypeId), 0);
    const perTickets = (pick: 'minPerTicket' | 'maxPerTicket') =>
      product.addOns.reduce((sum, rule) => sum + rule[pick] * count(rule.ticketTypeId), 0);
    const most = Math.min(
      product.soldAlone ? Number.POSITIVE_INFINITY : perTickets('maxPerTicket'),
      product.maxPerOrder,
    );
    const least = perTickets('minPerTicket');
    for (const variation of product.variations) {
      const value = count(variation.ticketTypeId);
      if (!value) continue;
      const others = taken - value;
      // Nothing in a cart is held yet: the stock left is all it may take.
      const max = Math.min(variation.remaining, most - others);
      limits.set(variation.ticketTypeId, {
        min: Math.min(value, Math.max(1, least - others)),
        max: Math.max(value, max),
      });
    }
  }
  return limits;
}
