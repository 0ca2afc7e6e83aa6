import type { Readable } from 'node:stream';
import { AppError } from '../http/errors';

/**
 * Uploaded files (avatars, covers, galleries, chat images…) behind one interface with two
 * drivers: the local disk under DATA_DIR/uploads (local-files.ts, the default) and any
 * S3-compatible store (s3-files.ts) for several instances. Either way the app serves them itself
 * at /media/<key> (media-route.ts), so headers and access rules do not depend on the driver
 * (docs/decisions/017-file-storage.md).
 *
 * A key is `<folder>/<random>.<ext>` or `<folder>/<random>-<variant>.<ext>`. Names are random and
 * never reused, so a stored file never changes and can be cached forever.
 */
export interface FileStore {
  readonly driver: 'local' | 's3';
  /** Stores one file under a new random name; returns its public URL (`/media/<key>`). */
  put(folder: string, extension: string, data: Buffer): Promise<string>;
  /** Several variants under one random base name (`<base>-<variant>.<ext>`); returns the base URL. */
  putVariants(folder: string, extension: string, variants: Record<string, Buffer>): Promise<string>;
  /**
   * Deletes the file a public URL names (nothing when it is not one of ours). Callers remove a
   * file after the database stopped pointing at it, so a failing store is reported to the
   * driver's onError and leaves an orphan file rather than failing a change already made.
   */
  remove(publicUrl: string): Promise<void>;
  /** The stored bytes under a key, or null when there is no such file. Read or destroy the body. */
  open(key: string): Promise<StoredFile | null>;
  /** Throws a readable error when the store cannot be used (checked once at start). */
  check(): Promise<void>;
  close(): void;
}

/** Told about a failure that is not thrown (a file left behind by a failed delete). */
export type StorageErrorReporter = (error: unknown, context: string) => void;

export interface StoredFile {
  body: Readable;
  /** Bytes in the file. */
  size: number;
}

export const MEDIA_PREFIX = '/media/';

// Every key the drivers write matches this; anything else (`..`, encoded slashes, other prefixes in
// a shared bucket) is no file of ours.
const KEY = /^[a-z][a-z0-9-]{0,39}\/[0-9a-f]{32}(?:-[a-z0-9]{1,24})?\.[a-z0-9]{1,8}$/;
const FOLDER = /^[a-z][a-z0-9-]{0,39}$/;
const EXTENSION = /^[a-z0-9]{1,8}$/;
const VARIANT = /^[a-z0-9]{1,24}$/;

export function isMediaKey(key: string): boolean {
  return KEY.test(key);
}

/** The key of a public URL we made, or null. */
export function keyOfUrl(publicUrl: string): string | null {
  if (!publicUrl.startsWith(MEDIA_PREFIX)) return null;
  const key = publicUrl.slice(MEDIA_PREFIX.length);
  return isMediaKey(key) ? key : null;
}

/** Checks the names a caller chose (code, not user input): a bad one is a bug, not a 4xx. */
export function checkNames(folder: string, extension: string, variants: string[] = []): void {
  if (!FOLDER.test(folder)) throw new Error(`invalid storage folder "${folder}"`);
  if (!EXTENSION.test(extension)) throw new Error(`invalid storage extension "${extension}"`);
  for (const variant of variants)
    if (!VARIANT.test(variant)) throw new Error(`invalid storage variant "${variant}"`);
}

const STORAGE_UNAVAILABLE_MESSAGE =
  'File storage is briefly unavailable. Please try again in a moment.';

/** A store that cannot be reached is an outage the client may retry (503), not a bug (500). */
export function storageUnavailable(cause: unknown): AppError {
  const error = new AppError('SERVICE_UNAVAILABLE', STORAGE_UNAVAILABLE_MESSAGE);
  error.cause = cause;
  return error;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  pdf: 'application/pdf',
};

/**
 * Content-Type from the key's extension, which the server chose when it wrote the bytes (never
 * what the uploader said, nor what the store remembers).
 */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
