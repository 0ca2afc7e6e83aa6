import { describe, expect, it } from 'vitest';
import { linkFailure, passwordSignInRefusal } from './auth.policy';

const confirmed = { passwordHash: 'hash', emailConfirmedAt: new Date('2026-01-01T00:00:00Z') };

describe('auth policy: who gets a session by password (spec §8)', () => {
  it.each([
    ['a confirmed account, right password', confirmed, true, null],
    ['a confirmed account, wrong password', confirmed, false, 'invalid_credentials'],
    ['no account', null, true, 'invalid_credentials'],
    ['a passkey-only account', { ...confirmed, passwordHash: null }, true, 'invalid_credentials'],
    [
      'an unconfirmed account, right password',
      { ...confirmed, emailConfirmedAt: null },
      true,
      'email_not_confirmed',
    ],
    [
      'an unconfirmed account, wrong password (does not tell it exists)',
      { ...confirmed, emailConfirmedAt: null },
      false,
      'invalid_credentials',
    ],
  ] as const)('%s: %s', (_case, account, passwordOk, expected) => {
    expect(passwordSignInRefusal(account, passwordOk)).toBe(expected);
  });
});

describe('why a single-use link failed', () => {
  it.each([
    ['no such link', undefined, 'invalid'],
    ['used before', { usedAt: new Date('2026-01-01T00:00:00Z') }, 'used'],
    ['never used, so out of date', { usedAt: null }, 'expired'],
  ] as const)('%s: %s', (_case, row, expected) => {
    expect(linkFailure(row)).toBe(expected);
  });
});
