import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../contracts/errors';
import { errorResponses } from './error-responses';

describe('errorResponses', () => {
  it('maps each listed status to the shared error body, and only those', () => {
    expect(errorResponses(400, 401, 404)).toEqual({
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      404: ErrorBodySchema,
    });
  });
});
