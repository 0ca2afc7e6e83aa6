/**
 * contracts/events SEARCH_MIN_LENGTH, repeated because the header is on every first page load
 * and importing that module pulls zod (~25 KB gzip) into it; suggest-min-length.test.ts keeps
 * the two equal.
 */
export const SUGGEST_MIN_LENGTH = 2;
