import { describe, expect, it } from 'vitest';
import { issueServeToken, readServeToken } from './serve-token';

const key = Buffer.alloc(32, 7);
const campaignId = '5b7e6d1c-3f2a-4e8b-9c0d-1a2b3c4d5e6f';

describe('serve tokens', () => {
  it('reads back what it issued, with a new serve id each time', () => {
    const a = readServeToken(key, issueServeToken(key, campaignId));
    const b = readServeToken(key, issueServeToken(key, campaignId));
    expect(a?.campaignId).toBe(campaignId);
    expect(a?.serveId).not.toBe(b?.serveId);
  });

  it('refuses a changed campaign, another key and junk', () => {
    const token = issueServeToken(key, campaignId);
    const forged = token.replace(campaignId, '6b7e6d1c-3f2a-4e8b-9c0d-1a2b3c4d5e6f');
    expect(readServeToken(key, forged)).toBeNull();
    expect(readServeToken(Buffer.alloc(32, 8), token)).toBeNull();
    expect(readServeToken(key, 'a.b.c')).toBeNull();
    expect(readServeToken(key, '')).toBeNull();
  });
});
