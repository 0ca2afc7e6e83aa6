import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  checkNames,
  contentTypeOf,
  isMediaKey,
  keyOfUrl,
  MEDIA_PREFIX,
  storageUnavailable,
  type FileStore,
  type StorageErrorReporter,
} from './storage';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint?: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (MinIO, most self-hosted stores). */
  forcePathStyle: boolean;
  /** Unset: the SDK's usual chain (AWS_* variables, shared config, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, Ceph…), for
 * several instances sharing one store. The bucket stays private: the app reads the object and
 * serves it at /media like the local driver.
 */
export function createS3FileStore(
  settings: S3Settings,
  options: { onError?: StorageErrorReporter } = {},
): FileStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // A store that hangs must not hold a request (or an upload's database row) for minutes.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });
  const { bucket } = settings;

  async function write(key: string, data: Buffer) {
    try {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: data,
          ContentType: contentTypeOf(key),
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    } catch (error) {
      throw storageUnavailable(error);
    }
  }

  return {
    driver: 's3',
    async put(folder, extension, data) {
      checkNames(folder, extension);
      const key = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
      await write(key, data);
      return `${MEDIA_PREFIX}${key}`;
    },
    async putVariants(folder, extension, variants) {
      checkNames(folder, extension, Object.keys(variants));
      const base = `${folder}/${randomBytes(16).toString('hex')}`;
      await Promise.all(
        Object.entries(variants).map(([variant, data]) =>
          write(`${base}-${variant}.${extension}`, data),
        ),
      );
      return `${MEDIA_PREFIX}${base}`;
    },
    async remove(publicUrl) {
      const key = keyOfUrl(publicUrl);
      if (!key) return;
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        options.onError?.(error, `removing ${key} from the S3 bucket ${bucket}`);
      }
    },
    async open(key) {
      if (!isMediaKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw storageUnavailable(error);
      }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const status = statusOf(error);
        const reason =
          status === 404
            ? 'it does not exist'
            : status === 403 || status === 401
              ? 'access was denied (check STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY)'
              : `the store did not answer (${(error as Error).message})`;
        throw new Error(`The S3 bucket "${bucket}" cannot be used: ${reason}`, { cause: error });
      }
    },
    close() {
      client.destroy();
    },
  };
}

/** The HTTP status the store answered with (NoSuchKey, NotFound, AccessDenied…), if it answered. */
function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}
