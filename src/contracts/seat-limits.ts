/**
 * Seats one order may take. A file of its own, without zod: the seat picker needs the number but
 * not the schemas (the seat page's first chunks stay smaller), and the schemas need it too.
 */
export const SEATS_PER_ORDER_MAX = 10;
