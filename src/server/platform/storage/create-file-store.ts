import path from 'node:path';
import type { Config } from '../../config';
import { createLocalFileStore } from './local-files';
import type { FileStore, StorageErrorReporter } from './storage';

/** Where the local driver keeps files. */
export const uploadsDirOf = (config: Pick<Config, 'DATA_DIR'>) =>
  path.join(config.DATA_DIR, 'uploads');

/**
 * The store the config names, checked usable. The S3 SDK is loaded only for the S3 driver (its
 * import took 1.3-2 s and 21 MB here, which a local install never needs).
 */
export async function createFileStore(
  config: Pick<Config, 'DATA_DIR' | 'storage'>,
  options: { onError?: StorageErrorReporter; uploadsDir?: string } = {},
): Promise<FileStore> {
  const { storage } = config;
  const store =
    storage.driver === 's3'
      ? (await import('./s3-files')).createS3FileStore(storage.s3, options)
      : createLocalFileStore(options.uploadsDir ?? uploadsDirOf(config), options);
  try {
    await store.check();
  } catch (error) {
    store.close();
    throw error;
  }
  return store;
}
