import type { z } from 'zod';
import { AppError } from './errors';

/**
 * Parses input a service checks beyond its route's schema (a change merged with what is
 * stored): a failure is the client's, a 400 naming each field like the route's own validation,
 * never a ZodError that would surface as a 500.
 */
export function parseInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  location = 'body',
): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({
    field: [location, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw new AppError('VALIDATION_FAILED', fields[0]?.message ?? 'The request is invalid', {
    fields,
  });
}
