import { isIPv4, isIPv6 } from 'node:net';

// What "Where you're signed in" says about a session, read without an outside service: the
// browser and system from the User-Agent (a few patterns: enough to recognise one's own device;
// the maintained parsers are either AGPL or not among our dependencies), and the address masked.

// Order matters: Edge, Opera and Samsung Internet also say "Chrome"; Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/EdgA?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:Chrome|Chromium|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPod/, 'iOS'],
  [/iPad/, 'iPadOS'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export interface DeviceName {
  /** "Firefox 140", or null when the header names no browser we know. */
  browser: string | null;
  system: string | null;
}

export function parseUserAgent(userAgent: string | null | undefined): DeviceName {
  const text = userAgent ?? '';
  let browser: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(text);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
  return { browser, system };
}

/**
 * The address with its last part hidden: enough to tell home from the office, not enough to
 * point at one machine (IPv4 keeps its /24, IPv6 its /48). Null for anything that is not one.
 */
export function maskAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const v4 = address.replace(/^::ffff:/i, '');
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.x`;
  if (!isIPv6(address)) return null;
  const [head = ''] = address.toLowerCase().split('::');
  const groups = head ? head.split(':') : [];
  if (groups.length === 0) return address === '::1' ? '::1' : '::/48';
  return `${groups.slice(0, 3).join(':')}::/48`;
}
