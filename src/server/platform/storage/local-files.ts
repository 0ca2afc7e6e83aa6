import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  checkNames,
  isMediaKey,
  keyOfUrl,
  MEDIA_PREFIX,
  storageUnavailable,
  type FileStore,
  type StorageErrorReporter,
} from './storage';

/**
 * The default driver: files on local disk under DATA_DIR/uploads. Right for one instance; several
 * instances need the S3 driver (a file one of them wrote is not on the others' disks).
 */
export function createLocalFileStore(
  uploadsDir: string,
  options: { onError?: StorageErrorReporter } = {},
): FileStore {
  async function write(folder: string, files: [name: string, data: Buffer][]) {
    const dir = path.join(uploadsDir, folder);
    try {
      await fs.mkdir(dir, { recursive: true });
      await Promise.all(files.map(([name, data]) => fs.writeFile(path.join(dir, name), data)));
    } catch (error) {
      throw storageUnavailable(error);
    }
  }

  return {
    driver: 'local',
    async put(folder, extension, data) {
      checkNames(folder, extension);
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      await write(folder, [[name, data]]);
      return `${MEDIA_PREFIX}${folder}/${name}`;
    },
    async putVariants(folder, extension, variants) {
      checkNames(folder, extension, Object.keys(variants));
      const base = randomBytes(16).toString('hex');
      await write(
        folder,
        Object.entries(variants).map(([variant, data]) => [
          `${base}-${variant}.${extension}`,
          data,
        ]),
      );
      return `${MEDIA_PREFIX}${folder}/${base}`;
    },
    async remove(publicUrl) {
      const key = keyOfUrl(publicUrl);
      if (!key) return;
      try {
        await fs.rm(path.join(uploadsDir, key), { force: true });
      } catch (error) {
        options.onError?.(error, `removing ${key} from local storage`);
      }
    },
    async open(key) {
      // The key's pattern has no `..` and no separator but its one `/`: it stays under the folder.
      if (!isMediaKey(key)) return null;
      let handle: fs.FileHandle | undefined;
      try {
        // Opened before stat, so a file deleted meanwhile is either served whole or not found.
        handle = await fs.open(path.join(uploadsDir, key), 'r');
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        return { body: handle.createReadStream(), size: stat.size };
      } catch (error) {
        await handle?.close();
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw storageUnavailable(error);
      }
    },
    async check() {
      await fs.mkdir(uploadsDir, { recursive: true });
      await fs.access(uploadsDir, fs.constants.W_OK);
    },
    close() {},
  };
}
