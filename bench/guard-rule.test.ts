import { describe, expect, it } from 'vitest';
import { guardVerdict } from './guard-rule';

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

  it('shows a bench with no baseline yet without failing the run', () => {
    const { rows, failed } = guardVerdict({ new: 0.2 }, {});
    expect(failed).toEqual([]);
    expect(rows[0]).toMatchObject({ baseline: null, floor: null, verdict: 'no baseline' });
  });
});
