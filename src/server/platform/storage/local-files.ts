import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Uploaded files on local disk under DATA_DIR/uploads, served at /media/*. Names are random and
 * never reused, so the files can be cached forever. (An S3-compatible store replaces this when
 * the app runs on several machines: docs/architecture.md.)
 */
export interface FileStore {
  put(folder: string, extension: string, data: Buffer): Promise<string>;
  /** Several variants under one random base name (`<base>-<variant>.<ext>`); returns the base URL. */
  putVariants(folder: string, extension: string, variants: Record<string, Buffer>): Promise<string>;
  remove(publicUrl: string): Promise<void>;
}

export const MEDIA_PREFIX = '/media/';

export function createLocalFileStore(uploadsDir: string): FileStore {
  return {
    async put(folder, extension, data) {
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      const dir = path.join(uploadsDir, folder);
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, name), data);
      return `${MEDIA_PREFIX}${folder}/${name}`;
    },
    async putVariants(folder, extension, variants) {
      const base = randomBytes(16).toString('hex');
      const dir = path.join(uploadsDir, folder);
      await fs.mkdir(dir, { recursive: true });
      await Promise.all(
        Object.entries(variants).map(([variant, data]) =>
          fs.writeFile(path.join(dir, `${base}-${variant}.${extension}`), data),
        ),
      );
      return `${MEDIA_PREFIX}${folder}/${base}`;
    },
    async remove(publicUrl) {
      if (!publicUrl.startsWith(MEDIA_PREFIX)) return;
      const relative = path.normalize(publicUrl.slice(MEDIA_PREFIX.length));
      if (relative.startsWith('..')) return;
      await fs.rm(path.join(uploadsDir, relative), { force: true });
    },
  };
}
