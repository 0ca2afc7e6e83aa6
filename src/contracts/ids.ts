import { z } from 'zod';

// Every row id is a PostgreSQL uuid. Routes check ids in their schema (`idParams`), so a service
// called from a route gets a well-formed one; `isUuid` is for text that arrives another way
// (a cursor, a socket message, a page path, a search box that may hold an id or a word) and must
// be checked before it reaches a `::uuid` cast, which would otherwise fail the whole query.

/** 8-4-4-4-12 hex digits, any version and case: what PostgreSQL accepts as a uuid. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/** A route's `:id` path parameter; `error` is the text a malformed id answers with. */
export const idParams = (error?: string) => z.object({ id: z.uuid(error ? { error } : undefined) });
