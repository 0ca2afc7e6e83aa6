import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The server runs from src/ (tsx, tests) and from dist/server (the bundle), at different depths,
// so files shipped beside the code (migrations, the built SPA) are found from the package root.
function findPackageRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export const PACKAGE_ROOT = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));
export const MIGRATIONS_DIR = path.join(PACKAGE_ROOT, 'src/server/db/migrations');
/** Database functions kept as readable source, applied after the migrations (db/migrate.ts). */
export const DB_FUNCTIONS_DIR = path.join(PACKAGE_ROOT, 'src/server/db/functions');
export const WEB_DIST_DIR = path.join(PACKAGE_ROOT, 'dist/web');

export const PACKAGE_VERSION: string = (
  JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
