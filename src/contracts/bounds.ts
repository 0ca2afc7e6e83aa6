import { z } from 'zod';

// What the database can store, for every number and date a person types: a
// value the contract accepts must never fail in PostgreSQL (a 500) instead of the form (a 400).

/** PostgreSQL `integer` (int4): the column type of every count, quantity and cents amount. */
export const INT4_MAX = 2_147_483_647;

/**
 * Dates people mean. PostgreSQL has no year 0 and JavaScript writes years past 9999 as
 * `+010000-…`, which PostgreSQL refuses; events, sales windows and filters live well inside
 * this range, with room for a series repeated from its last day.
 */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2999;
export const DATE_RANGE_MESSAGE = `Please choose a date between ${YEAR_MIN} and ${YEAR_MAX}`;

// Both ISO forms start with the four-digit year (the format checks run first).
const yearInRange = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= YEAR_MIN && year <= YEAR_MAX;
};

// Only a well-formed date gets the range message (one message per field).
const formatPassed = (payload: { issues: readonly unknown[] }) => payload.issues.length === 0;

/** An ISO date-time with an offset, between YEAR_MIN and YEAR_MAX. */
export const isoDateTime = (params?: { error?: string }) =>
  z.iso
    .datetime({ offset: true, ...params })
    .refine(yearInRange, { error: DATE_RANGE_MESSAGE, when: formatPassed });

/** An ISO calendar date (YYYY-MM-DD), between YEAR_MIN and YEAR_MAX. */
export const isoDate = (params?: { error?: string }) =>
  z.iso.date(params).refine(yearInRange, { error: DATE_RANGE_MESSAGE, when: formatPassed });
