import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from '../../config';

/**
 * `json`: one pino object per line, for log collectors (production, pipes, files).
 * `pretty`: short human lines for a person watching `npm start` in a terminal.
 */
export type LogFormat = 'json' | 'pretty';

/** Pretty only for a person at a terminal: never in production, never into a pipe or file. */
export function chooseLogFormat(
  config: Pick<Config, 'isProduction'>,
  stdout: { isTTY?: boolean },
): LogFormat {
  return stdout.isTTY === true && !config.isProduction ? 'pretty' : 'json';
}

// Secrets never reach the log (cookies, credentials, tokens).
const REDACT = {
  paths: [
    'req.headers.cookie',
    'req.headers.authorization',
    'res.headers["set-cookie"]',
    '*.password',
    '*.token',
  ],
  censor: '[redacted]',
};

/**
 * In `pretty`, one line per request instead of Fastify's two objects ("incoming request",
 * "request completed"): method, path (no query: it may hold a token), status, time.
 */
class RequestLines extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const path = request.url.split('?')[0];
    const line = `${request.method} ${path} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`;
    if (error) request.log.error({ err: error }, line);
    else request.log.info(line);
  }
}

/**
 * The Fastify logger options for a format. In `pretty` RequestLines prints one line per request;
 * errors keep their object, which pino-pretty prints in full with the stack. `destination` is
 * for tests; the default is stdout.
 */
export function loggingOptions(
  config: Pick<Config, 'LOG_LEVEL'>,
  format: LogFormat,
  destination?: NodeJS.WritableStream,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (config.LOG_LEVEL === 'silent') return { logger: false };
  if (format === 'json') {
    return { logger: { level: config.LOG_LEVEL, redact: REDACT, stream: destination } };
  }
  return {
    logger: {
      level: config.LOG_LEVEL,
      redact: REDACT,
      stream: pretty({
        destination: destination ?? 1,
        colorize: destination === undefined,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname,reqId',
      }),
    },
    logController: new RequestLines(),
  };
}
