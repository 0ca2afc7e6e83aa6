import { describe, expect, it } from 'vitest';
import { ServedItemListSchema, type ServedItem } from '../../../contracts/promotions';
import { CandidateCache, type Candidate } from './candidates';
import { servedItemsJson } from './promotions.presenter';
import { issueServeToken, readServeToken } from './serve-token';
import { ViewerCaps } from './viewer-caps';

// Selection answers from memory without a promise, writes its answer itself and issues tokens
// from cached parts (decision 162): each must give what the general path gave.

const item = (extra: Partial<ServedItem> = {}): ServedItem & { id: string } => ({
  id: '5b7e6d1c-3f2a-4e8b-9c0d-1a2b3c4d5e6f',
  token: 'a.b.c.d',
  headline: 'Say "hi" \\ to\u2028 Zoë 🎉',
  body: 'Line one\nline two\u0000',
  imageUrl: null,
  imageAlt: '</script><b>',
  targetPath: '/vendor/x',
  href: '/api/promotions/go/a.b.c.d',
  ...extra,
});

describe('the served answer', () => {
  it('is the JSON of the schema-checked answer: its fields only, in order, escaped', () => {
    for (const items of [[], [item()], [item(), item({ imageUrl: '/media/p.png', body: '' })]]) {
      const written = servedItemsJson({ items });
      expect(written).toBe(JSON.stringify(ServedItemListSchema.parse({ items })));
      expect(JSON.parse(written)).toEqual(ServedItemListSchema.parse({ items }));
    }
  });
});

describe('answers without waiting', () => {
  it('peeks a fresh list, a stale one while its reload runs, and nothing it would wait for', async () => {
    let clock = 0;
    let loads = 0;
    const cache = new CandidateCache(
      async () => [{ id: `v${(loads += 1)}` } as Candidate],
      1000,
      () => clock,
    );
    expect(cache.peek('events_list')).toBeUndefined();
    expect(loads).toBe(0);
    await cache.get('events_list');
    expect(cache.peek('events_list')?.items[0]?.id).toBe('v1');
    clock = 1000;
    // Stale: the old list at once, one reload started, as `get` does.
    expect(cache.peek('events_list')?.items[0]?.id).toBe('v1');
    expect(cache.peek('events_list')?.items[0]?.id).toBe('v1');
    expect(loads).toBe(2);
    await expect.poll(() => cache.peek('events_list')?.items[0]?.id).toBe('v2');
    const everyTime = new CandidateCache(async () => [], 0);
    await everyTime.get('events_list');
    expect(everyTime.peek('events_list')).toBeUndefined();
  });

  it('peeks a viewer’s fresh copy of today, an empty one for a new browser, else nothing', async () => {
    let clock = 0;
    const caps = new ViewerCaps(
      async () => new Map([['c', 2]]),
      10_000,
      100,
      () => clock,
    );
    expect(caps.peek('a:x', '2026-12-06')).toBeUndefined();
    expect(caps.peek('a:new', '2026-12-06', true)).toEqual(new Map());
    await caps.get('a:x', '2026-12-06');
    expect(caps.peek('a:x', '2026-12-06')?.get('c')).toBe(2);
    expect(caps.peek('a:x', '2026-12-07')).toBeUndefined();
    clock = 10_000;
    expect(caps.peek('a:x', '2026-12-06')).toBeUndefined();
  });
});

describe('serve tokens from cached parts', () => {
  it('read back each campaign, issue second and a new v4 serve id, past a block of ids', () => {
    const key = Buffer.alloc(32, 7);
    const campaigns = [
      '5b7e6d1c-3f2a-4e8b-9c0d-1a2b3c4d5e6f',
      '6b7e6d1c-3f2a-4e8b-9c0d-1a2b3c4d5e6f',
    ];
    const seconds = [0, 0, 1, 0, 86_400].map((s) => new Date(Date.UTC(2026, 11, 6) + s * 1000));
    const serveIds = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const campaignId = campaigns[i % 2] ?? '';
      const at = seconds[i % seconds.length] ?? new Date();
      const read = readServeToken(key, issueServeToken(key, campaignId, at));
      expect(read?.campaignId).toBe(campaignId);
      expect(read?.issuedAt).toEqual(at);
      expect(read?.serveId).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      serveIds.add(read?.serveId ?? '');
    }
    expect(serveIds.size).toBe(300);
    expect(() => issueServeToken(key, 'not-a-uuid', seconds[0] ?? new Date())).toThrow();
  });
});
