// Initial JS shipped to the home route: the entry chunk, its static imports, the home page's
// lazily loaded chunk with its static imports, and the message catalogs the first paint waits
// for in the largest language, gzip-compressed (budget 120 KB, decisions 016, 049 and 076).
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

// 120 KB in every language (the languages issue's figure), Lingui's runtime and the first
// paint's catalogs included; 128 KB while the route table was in the entry (decisions 049, 076).
export const BUDGET_KB = 120;

export interface BundleSize {
  files: string[];
  gzipKb: number;
  homeChunk?: string;
  /** The language whose catalogs weigh most (every language is measured). */
  language?: string;
}

const gzipBytes = (dist: string, file: string) =>
  gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

/**
 * The catalogs the first paint waits for, in each language: every message catalog a first-load
 * chunk registers (its dynamic imports of `<language>.po` files), the heaviest language kept.
 */
function heaviestCatalogs(
  manifest: Record<string, ManifestChunk>,
  firstLoad: string[],
  dist: string,
) {
  const byLanguage = new Map<string, number>();
  const counted = new Set<string>();
  for (const key of firstLoad) {
    for (const imported of manifest[key]?.dynamicImports ?? []) {
      const language = /\/([\w-]+)\.po$/.exec(imported)?.[1];
      const file = manifest[imported]?.file;
      if (!language || !file || counted.has(file)) continue;
      counted.add(file);
      byLanguage.set(language, (byLanguage.get(language) ?? 0) + gzipBytes(dist, file));
    }
  }
  let heaviest: { language?: string; bytes: number } = { bytes: 0 };
  for (const [language, bytes] of byLanguage)
    if (bytes > heaviest.bytes) heaviest = { language, bytes };
  return heaviest;
}

export function benchBundleSize(
  homeRouteSrc = process.env.HOME_ROUTE_SRC,
  dist = 'dist/web',
): BundleSize {
  const manifest = JSON.parse(
    readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const keys: string[] = [];
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    keys.push(key);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  // The app's entry is the page's (index.html); the seat page's own first-view script is an
  // entry too, but only the seat page loads it.
  const entry = Object.keys(manifest).find((key) => key === 'index.html' && manifest[key]?.isEntry);
  if (!entry) throw new Error('no index.html entry chunk in the Vite manifest');
  add(entry);
  const homeKey =
    homeRouteSrc ??
    Object.keys(manifest).find((key) => /features\/home\/home-page\.tsx$/.test(key));
  if (homeKey) add(homeKey);
  const js = [...files].filter((f) => f.endsWith('.js'));
  const catalogs = heaviestCatalogs(manifest, keys, dist);
  const bytes = js.reduce((sum, file) => sum + gzipBytes(dist, file), catalogs.bytes);
  return {
    files: js,
    gzipKb: Math.round((bytes / 1024) * 10) / 10,
    homeChunk: homeKey,
    language: catalogs.language,
  };
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
  const detail = `${size.files.length} files and the ${size.language ?? 'no'} catalogs; home chunk: ${size.homeChunk ?? 'not found'}`;
  return {
    isOver,
    line: isOver
      ? `OVER BUDGET: ${size.gzipKb} KB of ${budgetKb} KB (${detail}). Load what the first paint does not need later (docs/decisions/016).`
      : `${size.gzipKb} KB of ${budgetKb} KB budget (${detail}) OK`,
  };
}
