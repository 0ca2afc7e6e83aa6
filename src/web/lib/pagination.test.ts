import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pageRange, pageWindow } from './pagination';

describe('pagination helpers', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
    expect(pageCount(10, 0)).toBe(1);
  });

  it('clamps a page from the URL', () => {
    expect(clampPage('3', 5)).toBe(3);
    expect(clampPage('9', 5)).toBe(5);
    expect(clampPage('0', 5)).toBe(1);
    expect(clampPage('-2', 5)).toBe(1);
    expect(clampPage('abc', 5)).toBe(1);
    expect(clampPage(null, 5)).toBe(1);
    expect(clampPage(2.7, 5)).toBe(2);
    expect(clampPage('4', 0)).toBe(1);
  });

  it('shows a window of pages with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 12)).toEqual([1, 'gap', 4, 5, 6, 'gap', 12]);
    expect(pageWindow(1, 12)).toEqual([1, 2, 'gap', 12]);
    expect(pageWindow(12, 12)).toEqual([1, 'gap', 11, 12]);
    // A one-page hole shows the page rather than an ellipsis.
    expect(pageWindow(4, 12)).toEqual([1, 2, 3, 4, 5, 'gap', 12]);
  });

  it('describes the range shown', () => {
    expect(pageRange(1, 24, 60)).toEqual({ from: 1, to: 24 });
    expect(pageRange(3, 24, 60)).toEqual({ from: 49, to: 60 });
    expect(pageRange(1, 24, 0)).toEqual({ from: 0, to: 0 });
  });
});
