import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SeatPlanSchema } from '../../../contracts/seating';
import { EMPTY_PLAN, nextFreeY, nextSectionKey, withSection } from './plan-geometry';
import { useHistory } from './use-history';

describe('the designer’s undo and redo', () => {
  it('undoes and redoes steps in order, and a new step drops what could be redone', () => {
    const { result } = renderHook(() => useHistory(1));
    act(() => result.current.set(2));
    act(() => result.current.set((n) => n + 1));
    expect(result.current.value).toBe(3);
    act(() => result.current.undo());
    act(() => result.current.undo());
    expect(result.current.value).toBe(1);
    expect(result.current.canUndo).toBe(false);
    act(() => result.current.redo());
    expect(result.current.value).toBe(2);
    act(() => result.current.set(5));
    expect(result.current.canRedo).toBe(false);
    act(() => result.current.undo());
    expect(result.current.value).toBe(2);
  });
});

describe('placing sections', () => {
  it('puts each new section below the last, with its own key, and grows the canvas', () => {
    let plan = EMPTY_PLAN;
    for (let i = 0; i < 3; i++) {
      plan = withSection(plan, {
        id: nextSectionKey(plan),
        name: `Block ${i}`,
        kind: 'grid',
        x: 20,
        y: nextFreeY(plan),
        rows: 10,
        seatsPerRow: 40,
        rowLabels: 'letters',
        numbering: 'ltr',
        parity: 'all',
        categoryId: 'std',
      });
    }
    expect(plan.sections.map((s) => s.id)).toEqual(['A', 'B', 'C']);
    expect(plan.sections.map((s) => s.y)).toEqual([20, 290, 560]);
    expect(plan.width).toBeGreaterThanOrEqual(20 + 40 * 24);
    expect(plan.height).toBeGreaterThanOrEqual(560 + 10 * 24);
    expect(SeatPlanSchema.safeParse(plan).success).toBe(true);
  });
});
