import { describe, expect, it } from 'vitest';
import { guardVerdict, rateRatio } from './guard-rule';

describe('the bench guard', () => {
  it('passes a ratio at, above, or up to 25 % below its baseline', () => {
    const { rows, failed } = guardVerdict(
      { same: 0.5, faster: 0.9, 'a quarter below': 0.375 },
      { same: 0.5, faster: 0.5, 'a quarter below': 0.5 },
    );
    expect(failed).toEqual([]);
    expect(rows.map((r) => r.verdict)).toEqual(['ok', 'ok', 'ok']);
    expect(rows[2]?.floor).toBeCloseTo(0.375);
  });

  it('fails and names a bench whose ratio fell more than 25 % below its baseline', () => {
    const { rows, failed } = guardVerdict({ flash: 0.3, search: 0.74 }, { flash: 0.41, search: 1 });
    expect(failed).toEqual(['flash', 'search']);
    expect(rows.map((r) => r.verdict)).toEqual(['SLOWER', 'SLOWER']);
  });

  it('fails a bench that produced no ratio (it crashed or timed out)', () => {
    const { rows, failed } = guardVerdict({ api: null, ads: Number.NaN }, { api: 0.5, ads: 0.3 });
    expect(failed).toEqual(['api', 'ads']);
    expect(rows.map((r) => [r.ratio, r.verdict])).toEqual([
      [null, 'FAILED TO RUN'],
      [null, 'FAILED TO RUN'],
    ]);
  });

  it('fails a bench whose measured side answered nothing (a ratio of 0) as not run', () => {
    const { rows, failed } = guardVerdict({ 'public event list': 0 }, { 'public event list': 0.8 });
    expect(failed).toEqual(['public event list']);
    expect(rows[0]).toMatchObject({ ratio: null, verdict: 'FAILED TO RUN' });
  });

  it('shows a bench with no baseline yet without failing the run', () => {
    const { rows, failed } = guardVerdict({ new: 0.2 }, {});
    expect(failed).toEqual([]);
    expect(rows[0]).toMatchObject({ baseline: null, floor: null, verdict: 'no baseline' });
  });

  it('divides two rates, and names the side that answered nothing instead of giving 0', () => {
    expect(rateRatio({ name: 'list', reqPerSec: 300 }, { name: 'health', reqPerSec: 600 })).toBe(
      0.5,
    );
    expect(() =>
      rateRatio(
        { name: 'GET /api/events?limit=50', reqPerSec: 0, errors: 3, non2xx: 0 },
        { name: 'GET /api/health', reqPerSec: 600 },
      ),
    ).toThrow('GET /api/events?limit=50 answered nothing (0 req/s, 3 errors, 0 non-2xx)');
    expect(() => rateRatio({ name: 'list', reqPerSec: 10 }, undefined)).toThrow('no reference row');
  });
});
