import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from '../../../contracts/accounts';
import { avatarProblem } from './avatar-check';

describe('avatarProblem (images only, 5 MB at most)', () => {
  it('accepts images up to the limit', () => {
    expect(avatarProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarProblem({ type: 'image/jpeg', size: AVATAR_MAX_BYTES })).toBeNull();
  });

  it('refuses other files and oversized images with the server texts', () => {
    expect(avatarProblem({ type: 'application/pdf', size: 10 })).toBe(AVATAR_MESSAGES.notImage);
    expect(avatarProblem({ type: 'image/svg+xml', size: 10 })).toBe(AVATAR_MESSAGES.notImage);
    expect(avatarProblem({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe(
      AVATAR_MESSAGES.tooLarge,
    );
  });
});
