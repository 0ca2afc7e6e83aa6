import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ERROR_STATUS,
  type ErrorBody,
  type ErrorCode,
  type FieldIssue,
} from '../../../contracts/errors';
import { errorForLog } from './error-log';
import { isDatabaseUnavailable } from '../../db/availability';
import { requestLocale } from '../i18n/request-locale';
import { translate } from '../i18n/translate';
import { SOURCE_LOCALE } from '../../../contracts/locales';

const DATABASE_UNAVAILABLE_MESSAGE = msg`The service is briefly unavailable. Please try again in a moment.`;
const INTERNAL_MESSAGE = msg`Something went wrong on our side. Please try again.`;
const INVALID_REQUEST = msg`The request is invalid`;

/**
 * The one error type services throw; the handler below turns it into the shared error body,
 * its message in the reader's language (the code stays the same in every language). A message
 * from the `msg` macro carries its values; a plain string is translated when a catalog has it.
 */
export class AppError extends Error {
  readonly descriptor?: MessageDescriptor;

  constructor(
    readonly code: ErrorCode,
    message: string | MessageDescriptor,
    readonly details?: unknown,
  ) {
    // The English with its values filled in, for logs and code that reads `.message`.
    super(typeof message === 'string' ? message : translate(SOURCE_LOCALE, message));
    this.name = 'AppError';
    if (typeof message !== 'string') this.descriptor = message;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

export function errorBody(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** Maps Fastify's own error codes (bad JSON, body too large, …) to ours. */
function codeForStatus(status: number): ErrorCode {
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415 || status === 400) return 'BAD_REQUEST';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'SERVICE_UNAVAILABLE';
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}

function toFieldIssues(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
): FieldIssue[] {
  const location = error.validationContext ?? 'body';
  return error.validation.map((issue) => {
    const pathInside = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return {
      field: pathInside ? `${location}.${pathInside}` : location,
      message: issue.message ?? 'is invalid',
    };
  });
}

function translateFields(details: unknown, tr: (text: string) => string): unknown {
  const fields = (details as { fields?: unknown } | undefined)?.fields;
  if (!Array.isArray(fields)) return details;
  return {
    ...(details as object),
    fields: (fields as FieldIssue[]).map((f) => ({ ...f, message: tr(f.message) })),
  };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(
    async (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
      const locale = await requestLocale(request);
      const tr = (message: string | MessageDescriptor) => translate(locale, message);
      if (error instanceof AppError) {
        if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
        // A limit that knows when it opens again says so (RFC 9110 Retry-After, in seconds).
        const retryAfter = (error.details as { retryAfterSeconds?: unknown } | undefined)
          ?.retryAfterSeconds;
        if (typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter));
        return reply
          .status(error.statusCode)
          .send(
            errorBody(
              error.code,
              tr(error.descriptor ?? error.message),
              translateFields(error.details, tr),
            ),
          );
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields = toFieldIssues(error).map((f) => ({ ...f, message: tr(f.message) }));
        // The first problem is the headline; every field is listed so forms can mark each one.
        const first = fields[0];
        const message = first ? first.message : tr(INVALID_REQUEST);
        return reply.status(400).send(errorBody('VALIDATION_FAILED', message, { fields }));
      }
      if (isDatabaseUnavailable(error)) {
        // The database is down or restarting: a brief outage the client may retry, not a bug.
        request.log.warn({ code: (error as { code?: unknown }).code }, 'database unavailable');
        return reply
          .status(503)
          .header('Retry-After', '5')
          .send(errorBody('SERVICE_UNAVAILABLE', tr(DATABASE_UNAVAILABLE_MESSAGE)));
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        // Under `error`, not `err`: pino's err serializer would rename the plain object's type to "Object".
        request.log.error({ error: errorForLog(error) }, 'request failed');
        // Never leak internals (stack traces, SQL) to clients; the request id ties the log line.
        return reply.status(500).send(
          errorBody('INTERNAL', tr(INTERNAL_MESSAGE), {
            requestId: request.id,
          }),
        );
      }
      return reply.status(status).send(errorBody(codeForStatus(status), tr(error.message)));
    },
  );
}
