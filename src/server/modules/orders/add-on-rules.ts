import { PRODUCT_MESSAGES } from '../../../contracts/products';

// The add-on rules of a cart (decision 051), as a pure function so every case is a table row in
// its unit test. A product's lines (all its variations) count together; each ticket of a type a
// rule names allows between its min and max of the product. A product sold alone may also be
// bought without (or beyond) its add-on allowance; the least per ticket always applies.

export type CartLine = {
  ticketTypeId: string;
  quantity: number;
};

export type CartType = {
  kind: 'admission' | 'product';
  productId: string | null;
};

export type CartProduct = {
  name: string;
  soldAlone: boolean;
};

export type CartRule = {
  productId: string;
  ticketTypeId: string;
  minPerTicket: number;
  maxPerTicket: number;
};

/** The first broken rule, by the cart line it concerns, or null when the cart keeps them all. */
export type AddOnProblem = {
  index: number;
  message: string;
};

export function findAddOnProblem(
  lines: readonly CartLine[],
  types: ReadonlyMap<string, CartType>,
  products: ReadonlyMap<string, CartProduct>,
  rules: readonly CartRule[],
): AddOnProblem | null {
  const tickets = new Map<string, { quantity: number; index: number }>();
  const bought = new Map<string, { quantity: number; index: number }>();
  lines.forEach((line, index) => {
    const type = types.get(line.ticketTypeId);
    if (!type) return;
    const key = type.kind === 'product' ? type.productId : line.ticketTypeId;
    if (!key) return;
    const into = type.kind === 'product' ? bought : tickets;
    const seen = into.get(key);
    into.set(key, { quantity: (seen?.quantity ?? 0) + line.quantity, index: seen?.index ?? index });
  });

  const productIds = new Set([...bought.keys(), ...rules.map((r) => r.productId)]);
  const problems: AddOnProblem[] = [];
  for (const productId of productIds) {
    const product = products.get(productId);
    if (!product) continue;
    const mine = rules.filter((r) => r.productId === productId && tickets.has(r.ticketTypeId));
    const quantity = bought.get(productId)?.quantity ?? 0;
    const min = mine.reduce(
      (sum, r) => sum + r.minPerTicket * (tickets.get(r.ticketTypeId)?.quantity ?? 0),
      0,
    );
    const max = mine.reduce(
      (sum, r) => sum + r.maxPerTicket * (tickets.get(r.ticketTypeId)?.quantity ?? 0),
      0,
    );
    const productIndex = bought.get(productId)?.index;
    if (quantity < min) {
      // Missing altogether: said at the first ticket that needs it.
      const needing = mine.find((r) => r.minPerTicket > 0);
      const index = productIndex ?? tickets.get(needing?.ticketTypeId ?? '')?.index ?? 0;
      problems.push({ index, message: PRODUCT_MESSAGES.addOnBelowMin(min, product.name) });
      continue;
    }
    if (product.soldAlone || productIndex === undefined) continue;
    if (!mine.length)
      problems.push({
        index: productIndex,
        message: PRODUCT_MESSAGES.addOnNeedsTicket(product.name),
      });
    else if (quantity > max)
      problems.push({
        index: productIndex,
        message: PRODUCT_MESSAGES.addOnAboveMax(max, product.name),
      });
  }
  problems.sort((a, b) => a.index - b.index);
  return problems[0] ?? null;
}
