import { describe, expect, it } from 'vitest';
import { issueServeToken, readServeToken } from './serve-token';

const key = Buffer.alloc(32, 7);
const campaignId = '5b7e6d1c-3f2a-4e8b-9c0d-1a2b3c4d5e6f';
const now = new Date('2026-11-21T12:00:00Z');

describe('serve tokens', () => {
  it('reads back what it issued and when, with a new serve id each time, in a short token', () => {
    expect(issueServeToken(key, campaignId, now).length).toBeLessThan(100);
    const a = readServeToken(key, issueServeToken(key, campaignId, now));
    const b = readServeToken(key, issueServeToken(key, campaignId, now));
    expect(a?.campaignId).toBe(campaignId);
    expect(a?.issuedAt).toEqual(now);
    expect(a?.serveId).not.toBe(b?.serveId);
    expect(a?.serveId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('refuses a changed campaign, a changed issue time, another key and junk', () => {
    const token = issueServeToken(key, campaignId, now);
    const [c, s, issued, sig] = token.split('.');
    const other = issueServeToken(key, '6b7e6d1c-3f2a-4e8b-9c0d-1a2b3c4d5e6f', now).split('.')[0];
    expect(readServeToken(key, [other, s, issued, sig].join('.'))).toBeNull();
    const later = (parseInt(issued ?? '', 36) + 86_400).toString(36);
    expect(readServeToken(key, [c, s, later, sig].join('.'))).toBeNull();
    expect(readServeToken(Buffer.alloc(32, 8), token)).toBeNull();
    expect(readServeToken(key, 'a.b.c.d')).toBeNull();
    expect(readServeToken(key, '')).toBeNull();
  });
});
