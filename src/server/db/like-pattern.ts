/**
 * Search text typed by a person goes into `ilike` as a literal: its `%`, `_` and `\` must not act
 * as wildcards or escapes (PostgreSQL's default escape character is the backslash).
 */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The `ilike` pattern that matches any value containing `text`. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
