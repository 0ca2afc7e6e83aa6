import { describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy, securityHeaders } from './security-headers';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('security headers (spec §9)', () => {
  it('limits the CSP to self, the payment provider and the backend host', () => {
    const csp = directives(buildContentSecurityPolicy('https://events.example.com'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://checkout.stripe.com',
    ]);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://events.example.com',
      'wss://events.example.com',
      'https://api.stripe.com',
    ]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('uses ws: for a plain-http backend', () => {
    expect(
      directives(buildContentSecurityPolicy('http://localhost:3000')).get('connect-src'),
    ).toContain('ws://localhost:3000');
  });

  it('denies framing, sensors, sniffing and sets one-year HSTS', () => {
    const headers = securityHeaders('http://localhost:3000');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=()');
    expect(headers['strict-transport-security']).toMatch(/^max-age=31536000\b/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
