import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorForLog } from './error-log';

describe('errorForLog', () => {
  it('keeps no query text, parameters or quoted values of a failed query', () => {
    const cause = Object.assign(new Error('value "2147483648" is out of range for type integer'), {
      code: '22003',
      severity: 'ERROR',
      routine: 'pg_strtoint32_safe',
      detail: 'Key (email)=(secret@example.test) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "capacity") values ($1, $2)',
      ['secret@example.test', 2147483648],
      cause,
    );
    const logged = errorForLog(error);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('secret@example.test');
    expect(text).not.toContain('2147483648');
    expect(text).not.toMatch(/insert into/i);
    expect(logged).toMatchObject({
      message: 'value "…" is out of range for type integer',
      code: '22003',
      routine: 'pg_strtoint32_safe',
    });
    expect(logged.stack).toMatch(/^\s+at /);
  });

  it('keeps the message and frames of an error of our own', () => {
    const logged = errorForLog(new TypeError('Cannot read properties of undefined'));
    expect(logged).toMatchObject({
      type: 'TypeError',
      message: 'Cannot read properties of undefined',
    });
    expect(logged.code).toBeUndefined();
  });
});
