import { describe, expect, it } from 'vitest';
import { draftOf, segmentOf } from './segment-editor';

describe('the segment draft', () => {
  it('sends no segment without rows, and no value for is set / is not set', () => {
    expect(segmentOf(draftOf(null))).toBeNull();
    const draft = draftOf({
      match: 'any',
      conditions: [
        { field: 'attr.City', operator: 'is', value: 'Lisbon' },
        { field: 'name', operator: 'is_set', value: '' },
      ],
    });
    // A value typed before switching to "is set" is not sent.
    const edited = {
      ...draft,
      conditions: draft.conditions.map((c) =>
        c.operator === 'is_set' ? { ...c, value: 'left over' } : c,
      ),
    };
    expect(segmentOf(edited)).toEqual({
      match: 'any',
      conditions: [
        { field: 'attr.City', operator: 'is', value: 'Lisbon' },
        { field: 'name', operator: 'is_set', value: '' },
      ],
    });
    // Rows keep distinct keys (React's identity when one in the middle is removed).
    expect(new Set(draft.conditions.map((c) => c.key)).size).toBe(2);
  });
});
