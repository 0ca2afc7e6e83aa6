/** A value the code just wrote or checked, or a loud bug report (never a client-facing error). */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`missing ${what}`);
  return value;
}
