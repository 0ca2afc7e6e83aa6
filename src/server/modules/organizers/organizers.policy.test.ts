import { describe, expect, it } from 'vitest';
import { USER_TYPES } from '../../../contracts/enums';
import { hasPublicPage, mayFollow } from './organizers.policy';

describe('organizers policy: public pages and following', () => {
  it.each(USER_TYPES.map((type) => [type, type !== 'attendee'] as const))(
    'a %s has a public page: %s',
    (type, expected) => {
      expect(hasPublicPage(type)).toBe(expected);
    },
  );

  it.each([
    ['another person follows a host', 'fan', 'host', true],
    ['the host follows their own page', 'host', 'host', false],
  ] as const)('%s: %s', (_case, followerId, organizerId, expected) => {
    expect(mayFollow({ id: followerId }, organizerId)).toBe(expected);
  });
});
