/** How many pages `total` items fill (at least one, so "page 1 of 1" reads right when empty). */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page number from the URL, clamped to 1…last; anything unreadable is page 1. */
export function clampPage(raw: string | number | null | undefined, last: number): number {
  const page = typeof raw === 'number' ? raw : Number.parseInt(raw ?? '', 10);
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.floor(page), Math.max(1, last));
}

/**
 * The page buttons to show: first, last, and a window around the current page, with 'gap'
 * where pages are skipped: 1 … 4 5 6 … 12.
 */
export function pageWindow(current: number, last: number, radius = 1): (number | 'gap')[] {
  const pages = new Set<number>([1, last]);
  for (let p = current - radius; p <= current + radius; p += 1) {
    if (p >= 1 && p <= last) pages.add(p);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  sorted.forEach((page, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous > 1) {
      // A gap of exactly one page shows that page instead of an ellipsis.
      if (page - previous === 2) result.push(previous + 1);
      else result.push('gap');
    }
    result.push(page);
  });
  return result;
}

/** "Showing 25–48 of 60" figures for a page. */
export function pageRange(
  page: number,
  pageSize: number,
  total: number,
): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(page * pageSize, total) };
}
