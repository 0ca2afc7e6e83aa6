import { boxOfficeTotal, type BoxOfficeCatalog } from '../../../contracts/box-office';

/** How the buyer pays at the desk; `phone` is a card payment on the buyer's own phone (QR). */
export type PayChoice = 'cash' | 'card' | 'phone' | 'complimentary';

interface SaleLine {
  ticketTypeId: string;
  quantity: number;
}

/**
 * The total the seller's screen shows: what the sale will really charge, tax added on top of
 * the prices included, line by line as the order's tax statement rounds it. Lines of the same
 * type count as one, as the server merges them; complimentary sales cost nothing.
 */
export function sellerTotal(
  catalog: Pick<BoxOfficeCatalog, 'currency' | 'ticketTypes' | 'addOns'>,
  lines: SaleLine[],
  choice: PayChoice,
): number {
  if (choice === 'complimentary') return 0;
  const priced = new Map([...catalog.ticketTypes, ...catalog.addOns].map((x) => [x.id, x]));
  const merged = new Map<string, number>();
  for (const line of lines)
    merged.set(line.ticketTypeId, (merged.get(line.ticketTypeId) ?? 0) + line.quantity);
  return boxOfficeTotal(
    [...merged].flatMap(([id, quantity]) => {
      const type = priced.get(id);
      return type && quantity > 0 ? [{ type, quantity }] : [];
    }),
    catalog.currency,
  );
}
