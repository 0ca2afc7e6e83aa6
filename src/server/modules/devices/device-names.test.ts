import { describe, expect, it } from 'vitest';
import { maskAddress, parseUserAgent } from './device-names';

describe('parseUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
      { browser: 'Chrome 140', system: 'Linux' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0',
      { browser: 'Firefox 140', system: 'Windows' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36 Edg/139.0.0.0',
      { browser: 'Edge 139', system: 'Windows' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
      { browser: 'Safari 18', system: 'iOS' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      { browser: 'Safari 17', system: 'macOS' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      { browser: 'Samsung Internet 25', system: 'Android' },
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0 Mobile/15E148 Safari/604.1',
      { browser: 'Chrome 130', system: 'iPadOS' },
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36 OPR/120.0',
      { browser: 'Opera 120', system: 'ChromeOS' },
    ],
  ])('%s', (userAgent, expected) => {
    expect(parseUserAgent(userAgent)).toEqual(expected);
  });

  it('says nothing it cannot read', () => {
    expect(parseUserAgent('curl/8.5.0')).toEqual({ browser: null, system: null });
    expect(parseUserAgent(null)).toEqual({ browser: null, system: null });
    expect(parseUserAgent('')).toEqual({ browser: null, system: null });
  });
});

describe('maskAddress', () => {
  it('hides the last part of an IPv4 address (also written as IPv6)', () => {
    expect(maskAddress('203.0.113.77')).toBe('203.0.113.x');
    expect(maskAddress('::ffff:198.51.100.9')).toBe('198.51.100.x');
  });
  it('keeps an IPv6 address’s /48', () => {
    expect(maskAddress('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd::/48');
    expect(maskAddress('2001:db8::1')).toBe('2001:db8::/48');
    expect(maskAddress('::1')).toBe('::1');
  });
  it('is null without an address', () => {
    expect(maskAddress(null)).toBeNull();
    expect(maskAddress('')).toBeNull();
    expect(maskAddress('not-an-address')).toBeNull();
  });
});
