import { describe, expect, it } from 'vitest';
import { keyHasScope, keyIsLive, mayHoldKeys, parseBearer } from './developer.policy';

const KEY = `mea_AbCdEf12_-_${'x'.repeat(43)}`;

describe('API key rules', () => {
  it('reads a well-formed bearer key and its prefix; anything else is no key', () => {
    expect(parseBearer(`Bearer ${KEY}`)).toEqual({ key: KEY, prefix: 'AbCdEf12_-' });
    expect(parseBearer(`bearer  ${KEY} `)?.prefix).toBe('AbCdEf12_-');
    for (const header of [
      undefined,
      '',
      'Bearer',
      `Basic ${KEY}`,
      'Bearer mea_short_x',
      `Bearer ${KEY} extra`,
    ])
      expect(parseBearer(header)).toBeNull();
  });

  it('a key works until revoked or expired', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(keyIsLive({ revokedAt: null, expiresAt: null }, now)).toBe(true);
    expect(keyIsLive({ revokedAt: null, expiresAt: new Date('2026-11-26') }, now)).toBe(true);
    expect(keyIsLive({ revokedAt: null, expiresAt: new Date('2026-11-25T11:59:59Z') }, now)).toBe(
      false,
    );
    expect(keyIsLive({ revokedAt: new Date('2026-11-01'), expiresAt: null }, now)).toBe(false);
  });

  it('scopes and who may hold keys', () => {
    expect(keyHasScope({ scopes: ['events:read'] }, 'events:read')).toBe(true);
    expect(keyHasScope({ scopes: ['events:read'] }, 'attendees:read')).toBe(false);
    expect(mayHoldKeys({ userType: 'organizer', roles: [] })).toBe(true);
    expect(mayHoldKeys({ userType: 'attendee', roles: ['admin'] })).toBe(true);
    expect(mayHoldKeys({ userType: 'attendee', roles: [] })).toBe(false);
  });
});
