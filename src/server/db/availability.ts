/**
 * Whether an error means the database cannot be reached right now (stopped, restarting, the
 * connection cut, the pool unable to connect) rather than that a query was wrong. Such errors
 * answer 503 and the caller may retry; the pool reconnects by itself when the server is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, syscall, message, cause, errors } = current as {
      code?: unknown;
      syscall?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (code === 'ENOENT') return syscall === 'connect';
    if (typeof code === 'string' && UNAVAILABLE_CODES.test(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    // Node reports a refused connection to every address of a name as one AggregateError.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = cause;
  }
  return false;
}

// Socket errors (and ENOENT on connect: the Unix socket is gone while PostgreSQL is down); SQLSTATE class 08
// (connection exception), 57P01-57P03 (shutdown, crash, not accepting connections yet), 53300
// (too many connections).
const UNAVAILABLE_CODES =
  /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|08[0-9A-Z]{3}|57P0[123]|53300)$/;

// What pg and pg-pool throw without a code when a connection ends or cannot be had.
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;
