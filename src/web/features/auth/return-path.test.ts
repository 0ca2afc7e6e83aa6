import { describe, expect, it } from 'vitest';
import { returnPath } from './auth-page';

describe('auth page return path (spec §2: back to where the visitor came from, else home)', () => {
  it('prefers the router state, then ?redirect=, then home', () => {
    const state = { from: { pathname: '/messages', search: '?chat=7', hash: '' } };
    expect(returnPath(state, '/dashboard')).toBe('/messages?chat=7');
    expect(returnPath(null, '/dashboard')).toBe('/dashboard');
    expect(returnPath(undefined, null)).toBe('/');
  });

  it('never leaves the site', () => {
    expect(returnPath(null, 'https://evil.example')).toBe('/');
    expect(returnPath(null, '//evil.example/x')).toBe('/');
  });
});
