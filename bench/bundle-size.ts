// Initial JS shipped to the home route: the entry chunk, its static imports, and the home page's
// lazily loaded chunk with its static imports, gzip-compressed (budget 120 KB, decision 016).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

export const BUDGET_KB = 120;

export interface BundleSize {
  files: string[];
  gzipKb: number;
  homeChunk?: string;
}

export function benchBundleSize(
  homeRouteSrc = process.env.HOME_ROUTE_SRC,
  dist = 'dist/web',
): BundleSize {
  const manifest = JSON.parse(
    readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  add(entry);
  const homeKey =
    homeRouteSrc ??
    Object.keys(manifest).find((key) => /features\/home\/home-page\.tsx$/.test(key));
  if (homeKey) add(homeKey);
  const js = [...files].filter((f) => f.endsWith('.js'));
  const bytes = js.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length,
    0,
  );
  return { files: js, gzipKb: Math.round((bytes / 1024) * 10) / 10, homeChunk: homeKey };
}

/**
 * The report line, and whether the budget holds. Over budget is an error, not a figure: the bench
 * prints it to stderr and exits non-zero, so a change that grows the first paint cannot pass.
 */
export function bundleVerdict(
  size: BundleSize,
  budgetKb = BUDGET_KB,
): { line: string; isOver: boolean } {
  const isOver = size.gzipKb > budgetKb;
  const detail = `${size.files.length} files; home chunk: ${size.homeChunk ?? 'not found'}`;
  return {
    isOver,
    line: isOver
      ? `OVER BUDGET: ${size.gzipKb} KB of ${budgetKb} KB (${detail}). Load what the first paint does not need later (docs/decisions/016).`
      : `${size.gzipKb} KB of ${budgetKb} KB budget (${detail}) OK`,
  };
}
