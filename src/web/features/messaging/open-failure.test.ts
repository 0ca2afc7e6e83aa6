import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { openFailure } from './open-failure';

describe('openFailure', () => {
  it("always says spec §8's words, with the server's reason as a detail when it gave one", () => {
    expect(openFailure(new ApiError(404, 'NOT_FOUND', 'Conversation not found'))).toEqual({
      title: 'Chat creation failed',
      body: 'Unable to create chat. Please try again.',
      reason: 'Conversation not found',
    });
    expect(openFailure(new ApiError(500, 'INTERNAL', 'Something broke (ref 42)'))).toEqual({
      title: 'Chat creation failed',
      body: 'Unable to create chat. Please try again.',
      reason: null,
    });
    expect(openFailure(new TypeError('Failed to fetch')).body).toBe(
      'Unable to create chat. Please try again.',
    );
  });
});
