import { describe, expect, it } from 'vitest';
import { findInputIssues, INPUT_MESSAGES, MAX_INPUT_DEPTH } from './input-check';

describe('findInputIssues', () => {
  it('names every field holding NUL or an unpaired surrogate, keys included', () => {
    const issues = findInputIssues(
      { title: 'ok 🎉', feedback: 'a\u0000b', tags: ['x', 'y\ud800'], meta: { 'k\u0000': 1 } },
      'body',
    );
    expect(issues.map((issue) => issue.field).sort()).toEqual([
      'body.feedback',
      'body.meta.k\u0000',
      'body.tags.1',
    ]);
    expect(issues.every((issue) => issue.message === INPUT_MESSAGES.character)).toBe(true);
  });

  it('refuses nesting past the limit without recursing (a 1 MB body nests 500,000 deep)', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 500_000; i += 1) deep = [deep];
    expect(findInputIssues(deep, 'body')).toEqual([
      { field: `body${'.0'.repeat(MAX_INPUT_DEPTH)}`, message: INPUT_MESSAGES.depth },
    ]);
    let fine: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH; i += 1) fine = { a: fine };
    expect(findInputIssues(fine, 'body')).toEqual([]);
  });

  it('leaves raw bodies and plain values alone', () => {
    expect(findInputIssues(Buffer.from('a\u0000b'), 'body')).toEqual([]);
    expect(findInputIssues(undefined, 'query')).toEqual([]);
    expect(findInputIssues({ n: 1, b: true, z: null }, 'body')).toEqual([]);
  });
});
