// An order's size limits, apart from the ticketing schemas: the browser's cart (read on the
// event page as it starts) needs the numbers, not zod and every ticketing schema.

export const ORDER_MAX_LINES = 20;
export const ORDER_MAX_QUANTITY = 50;
