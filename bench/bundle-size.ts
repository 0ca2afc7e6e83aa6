// Initial JS shipped to the home route: the entry chunk, its static imports, and the home page's
// lazily loaded chunk with its static imports, gzip-compressed (budget 150 KB).
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

export const BUDGET_KB = 150;

export function benchBundleSize(homeRouteSrc = process.env.HOME_ROUTE_SRC): {
  files: string[];
  gzipKb: number;
  homeChunk?: string;
} {
  const dist = 'dist/web';
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
    homeRouteSrc ?? Object.keys(manifest).find((key) => /app\/routes\/home[^/]*\.tsx$/.test(key));
  if (homeKey) add(homeKey);
  const js = [...files].filter((f) => f.endsWith('.js'));
  const bytes = js.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length,
    0,
  );
  return { files: js, gzipKb: Math.round((bytes / 1024) * 10) / 10, homeChunk: homeKey };
}
