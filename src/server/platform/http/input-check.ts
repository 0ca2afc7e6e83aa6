import type { FastifyInstance } from 'fastify';
import type { FieldIssue } from '../../../contracts/errors';
import { hasUnstorableCharacters } from '../../../contracts/text';
import { AppError } from './errors';

// Text PostgreSQL cannot store (NUL, unpaired surrogates) and JSON nested deeper
// than any of our contracts reaches made queries fail with 500s (jsonb casts, JSON.stringify's
// recursion, PostgreSQL's stack depth). One check before every route's validation covers every
// text field, free-form record (metadata, options) and query or path parameter, including routes
// added later, rather than a refinement each contract field must remember.

/** Deeper than any contract's shape (metadata objects included) with a wide margin. */
export const MAX_INPUT_DEPTH = 32;
const MAX_ISSUES = 20;

export const INPUT_MESSAGES = {
  character: 'contains a character that is not allowed (NUL or an unpaired surrogate)',
  depth: `is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`,
} as const;

/** Every field of `value` holding unstorable text or nested too deeply, as `location.a.b`. */
export function findInputIssues(value: unknown, location: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  // Iterative: a 1 MB body can nest half a million levels, far past the call stack.
  const stack: { value: unknown; field: string; depth: number }[] = [
    { value, field: location, depth: 0 },
  ];
  while (stack.length && issues.length < MAX_ISSUES) {
    const item = stack.pop();
    if (!item) break;
    if (typeof item.value === 'string') {
      if (hasUnstorableCharacters(item.value)) {
        issues.push({ field: item.field, message: INPUT_MESSAGES.character });
      }
      continue;
    }
    // Raw bodies (webhooks keep theirs as bytes for the signature) are not text fields.
    if (typeof item.value !== 'object' || item.value === null || ArrayBuffer.isView(item.value))
      continue;
    if (item.depth >= MAX_INPUT_DEPTH) {
      issues.push({ field: item.field, message: INPUT_MESSAGES.depth });
      continue;
    }
    const entries = Array.isArray(item.value)
      ? item.value.map((child, index) => [String(index), child] as const)
      : Object.entries(item.value);
    for (const [key, child] of entries) {
      const field = `${item.field}.${key}`;
      if (hasUnstorableCharacters(key)) {
        issues.push({ field, message: INPUT_MESSAGES.character });
        continue;
      }
      stack.push({ value: child, field, depth: item.depth + 1 });
    }
  }
  return issues;
}

export function registerInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const issues = [
      ...findInputIssues(request.params, 'params'),
      ...findInputIssues(request.query, 'querystring'),
      ...findInputIssues(request.body, 'body'),
    ];
    const first = issues[0];
    if (first) {
      throw new AppError('VALIDATION_FAILED', `${first.field} ${first.message}`, {
        fields: issues,
      });
    }
  });
}
