import { describe, expect, it } from 'vitest';
import { readToken, signToken } from './tokens';

describe('signed marketing tokens', () => {
  it('reads back what was signed, for the same purpose only', () => {
    const token = signToken('s'.repeat(32), 'unsubscribe', ['c1', 'a@b.test']);
    expect(readToken('s'.repeat(32), 'unsubscribe', token)).toEqual(['c1', 'a@b.test']);
    expect(readToken('s'.repeat(32), 'click', token)).toBeNull();
    expect(readToken('t'.repeat(32), 'unsubscribe', token)).toBeNull();
  });

  it('refuses a changed payload or garbage', () => {
    const token = signToken('s'.repeat(32), 'unsubscribe', ['c1', 'a@b.test']);
    const forged = `${Buffer.from(JSON.stringify(['c1', 'x@b.test'])).toString('base64url')}.${token.split('.')[1]}`;
    expect(readToken('s'.repeat(32), 'unsubscribe', forged)).toBeNull();
    expect(readToken('s'.repeat(32), 'unsubscribe', 'nonsense')).toBeNull();
    expect(readToken('s'.repeat(32), 'unsubscribe', 'a.b.c')).toBeNull();
  });
});
