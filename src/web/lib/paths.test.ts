import { describe, expect, it } from 'vitest';
import { normaliseSearchTerm, paths, safeRedirectPath } from './paths';

describe('search path (spec §2)', () => {
  it('trims and URL-encodes the term', () => {
    expect(paths.search('  dj & mc  ')).toBe('/search?q=dj%20%26%20mc');
    expect(paths.search('rock/jazz?#1')).toBe('/search?q=rock%2Fjazz%3F%231');
    expect(paths.search('café')).toBe('/search?q=caf%C3%A9');
  });

  it('does nothing for a blank or whitespace-only term', () => {
    expect(paths.search('')).toBeNull();
    expect(paths.search('   ')).toBeNull();
    expect(paths.search('\t\n ')).toBeNull();
    expect(normaliseSearchTerm('  ')).toBeNull();
  });

  it('keeps inner spaces', () => {
    expect(normaliseSearchTerm('  summer   festival ')).toBe('summer   festival');
  });
});

describe('auth path', () => {
  it('carries the origin path encoded', () => {
    expect(paths.auth('/messages')).toBe('/auth?redirect=%2Fmessages');
    expect(paths.auth('/ticket?event_id=7')).toBe('/auth?redirect=%2Fticket%3Fevent_id%3D7');
    expect(paths.auth()).toBe('/auth');
  });
});

describe('safeRedirectPath', () => {
  it('accepts paths on this site', () => {
    expect(safeRedirectPath('/messages?chat=1')).toBe('/messages?chat=1');
  });

  it('refuses other sites and schemes', () => {
    for (const target of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(target)).toBeNull();
    }
  });
});
