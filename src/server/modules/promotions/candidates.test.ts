import { describe, expect, it } from 'vitest';
import { CandidateCache, drawCandidates, toCandidateList, type Candidate } from './candidates';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const HOUR = 3_600_000;

function candidate(id: string, extra: Partial<Candidate> = {}): Candidate {
  return {
    id,
    headline: id,
    body: '',
    imageUrl: null,
    imageAlt: id,
    targetPath: `/vendor/${id}`,
    startsAt: NOW - HOUR,
    endsAt: NOW + HOUR,
    eventEndsAt: null,
    weight: 1,
    categories: [],
    cities: [],
    accountTypes: [],
    frequencyCap: 5,
    ...extra,
  };
}

const draw = (items: Candidate[], extra: Partial<Parameters<typeof drawCandidates>[1]> = {}) =>
  drawCandidates(toCandidateList(items), {
    limit: 6,
    now: NOW,
    accountType: null,
    views: new Map(),
    ...extra,
  })
    .map((c) => c.id)
    .sort();

describe('drawCandidates', () => {
  it('keeps to the schedule, the linked event, targeting and the viewer cap', () => {
    const items = [
      candidate('open'),
      candidate('later', { startsAt: NOW + 1 }),
      candidate('over', { endsAt: NOW }),
      candidate('event-over', { eventEndsAt: NOW - 1 }),
      candidate('event-on', { eventEndsAt: NOW + HOUR }),
      candidate('music', { categories: ['music'] }),
      candidate('oakland', { cities: ['oakland'] }),
      candidate('venues', { accountTypes: ['venue'] }),
      candidate('capped', { frequencyCap: 2 }),
    ];
    const views = new Map([['capped', 2]]);
    expect(draw(items, { views, limit: 10 })).toEqual(['event-on', 'music', 'oakland', 'open']);
    expect(draw(items, { views, limit: 10, category: 'Music', city: 'Paris' })).toEqual([
      'event-on',
      'music',
      'open',
    ]);
    expect(draw(items, { limit: 10, accountType: 'venue' })).toContain('venues');
    expect(draw(items, { limit: 10 })).toContain('capped');
  });

  it('never returns one candidate twice, and finds the few eligible among many', () => {
    const many = Array.from({ length: 500 }, (_, i) =>
      candidate(`c${i}`, i === 321 ? {} : { categories: ['sports'] }),
    );
    expect(draw(many, { category: 'music' })).toEqual(['c321']);
    const picked = draw(many, { limit: 6 });
    expect(new Set(picked).size).toBe(6);
  });

  it('draws in proportion to weight', () => {
    const items = [candidate('heavy', { weight: 9 }), candidate('light', { weight: 1 })];
    let heavy = 0;
    for (let i = 0; i < 2000; i++) if (draw(items, { limit: 1 })[0] === 'heavy') heavy += 1;
    expect(heavy / 2000).toBeGreaterThan(0.85);
    expect(heavy / 2000).toBeLessThan(0.95);
  });
});

describe('CandidateCache', () => {
  it('reloads a list older than its age once, serving the old list meanwhile', async () => {
    let clock = 0;
    let loads = 0;
    let release: () => void = () => {};
    const cache = new CandidateCache(
      async () => {
        loads += 1;
        if (loads === 2) await new Promise<void>((resolve) => (release = resolve));
        return [candidate(`v${loads}`)];
      },
      1000,
      () => clock,
    );
    expect((await cache.get('events_list')).items[0]?.id).toBe('v1');
    clock = 999;
    expect((await cache.get('events_list')).items[0]?.id).toBe('v1');
    expect(loads).toBe(1);
    clock = 1000;
    // Stale: the old list at once, and one reload for any number of requests.
    expect((await cache.get('events_list')).items[0]?.id).toBe('v1');
    expect((await cache.get('events_list')).items[0]?.id).toBe('v1');
    expect(loads).toBe(2);
    release();
    await expect.poll(async () => (await cache.get('events_list')).items[0]?.id).toBe('v2');
    expect(loads).toBe(2);
    // Each placement has its own list.
    expect((await cache.get('event_sidebar')).items[0]?.id).toBe('v3');
  });

  it('loads on every request with age 0', async () => {
    let loads = 0;
    const cache = new CandidateCache(async () => [candidate(`v${(loads += 1)}`)], 0);
    await cache.get('events_list');
    expect((await cache.get('events_list')).items[0]?.id).toBe('v2');
  });
});
