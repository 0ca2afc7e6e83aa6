import { DrizzleQueryError } from 'drizzle-orm';

// An unexpected error's log line carried the whole failed query and its
// parameters (Drizzle writes both into its message): emails, message bodies, tokens in the log.
// What is logged instead: the kind of error, its message with quoted values blanked, the
// PostgreSQL code and schema names, and where in our code it was thrown. The request id is on
// every line of the request's logger.

interface DriverError {
  name?: string;
  message?: string;
  code?: unknown;
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
}

// PostgreSQL quotes the offending value: `invalid input syntax for type uuid: "…"`.
const blankQuoted = (message: string) => message.replace(/"[^"]*"/g, '"…"');

/** Drops the first line of a stack (the message, which may hold data); keeps the frames. */
const framesOf = (stack: string | undefined) =>
  stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

/** The `err` of an unexpected error's log line, without query text, parameters or values. */
export function errorForLog(error: unknown): Record<string, unknown> {
  const wrapped = error instanceof DrizzleQueryError;
  const root = (wrapped && error.cause ? error.cause : error) as DriverError & Error;
  const fromDatabase = wrapped || typeof root.severity === 'string';
  const message = String(root.message ?? error);
  return {
    type: root.name ?? typeof error,
    message: fromDatabase ? blankQuoted(message) : message,
    ...(fromDatabase
      ? {
          code: root.code,
          constraint: root.constraint,
          table: root.table,
          column: root.column,
          routine: root.routine,
        }
      : {}),
    stack: framesOf(error instanceof Error ? error.stack : undefined),
  };
}
