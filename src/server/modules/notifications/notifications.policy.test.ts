import { describe, expect, it } from 'vitest';
import type { Role } from '../../../contracts/enums';
import { mailable, notifiesFor } from './notifications.policy';

const person = (id: string, roles: Role[] = []) => ({ id, roles });

describe('notifications policy: who notifies whom', () => {
  it.each([
    ['oneself', person('me'), 'me', true],
    ['another user', person('me'), 'you', false],
    ['another user, as a moderator', person('mod', ['moderator']), 'you', false],
    ['another user, as a blog admin', person('blog', ['blog_admin']), 'you', false],
    ['another user, as an admin', person('root', ['admin']), 'you', true],
    ['oneself, as an admin', person('root', ['admin']), 'root', true],
  ] as const)('%s: %s', (_case, actor, userId, expected) => {
    expect(notifiesFor(actor, userId)).toBe(expected);
  });
});

describe('who gets mail', () => {
  it.each([
    ['a confirmed address', { confirmed: true }, true],
    ['an unconfirmed address', { confirmed: false }, false],
    ['an unknown person', undefined, false],
  ] as const)('%s: %s', (_case, recipient, expected) => {
    expect(mailable(recipient)).toBe(expected);
  });
});
