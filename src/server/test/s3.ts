import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

// The SDK warns once per process that its releases after January 2027 need Node 22; the tests
// run the pinned release on Node 20 (docs/decisions/017-file-storage.md).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface TestS3 {
  /** The STORAGE_* variables that point the app at this server's bucket. */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, files in a temp folder) on a free loopback port, with one
 * empty bucket. The app talks to it through the same SDK calls it makes to AWS.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucket = `mea-test-${randomBytes(4).toString('hex')}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  let closing: Promise<void> | undefined;
  return {
    env: {
      STORAGE_DRIVER: 's3',
      STORAGE_S3_ENDPOINT: endpoint,
      STORAGE_S3_BUCKET: bucket,
      STORAGE_S3_REGION: 'us-east-1',
      STORAGE_S3_FORCE_PATH_STYLE: 'true',
      STORAGE_S3_ACCESS_KEY_ID: credentials.accessKeyId,
      STORAGE_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    endpoint,
    bucket,
    close: () =>
      (closing ??= (async () => {
        await server.close();
        await fs.rm(directory, { recursive: true, force: true });
      })()),
  };
}
