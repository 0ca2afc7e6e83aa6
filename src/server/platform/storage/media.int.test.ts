import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { startTestS3, type TestS3 } from '../../test/s3';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart, png } from '../../test/uploads';
import { createFileStore } from './create-file-store';
import { createS3FileStore } from './s3-files';

// Every upload path through the real endpoints, on each driver: the same URLs, headers and
// answers whether the files are on local disk or in an S3-compatible bucket (s3rver on loopback).

function expectServedWebp(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('image/webp');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
}

function expectNotFound(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(404);
  expect(response.json().error.code).toBe('NOT_FOUND');
}

describe.each(['local', 's3'] as const)('uploads on the %s driver', (driver) => {
  let t: TestApp;
  let owner: CreatedUser;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ storage: driver });
    owner = await createUser(t.db, { fullName: 'Olu Owner', userType: 'organizer' });
    cookie = await t.sessionCookie(owner);
  });
  afterAll(() => t?.close());

  const post = (url: string, field: string, data: Buffer) => {
    const body = multipart(field, 'photo.png', 'image/png', data);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
  };

  it('uses the driver it was given', () => {
    expect(t.files.driver).toBe(driver);
  });

  it('serves an avatar with its type and nosniff, replaces it and deletes the old file', async () => {
    const first = await post('/api/profile/avatar', 'avatar', await png(600, 400));
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl: string = first.json().avatarUrl;
    expect(firstUrl).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);
    const served = await t.app.inject({ url: firstUrl });
    expectServedWebp(served);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });
    const head = await t.app.inject({ method: 'HEAD', url: firstUrl });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.rawPayload.length).toBe(0);

    const second = await post('/api/profile/avatar', 'avatar', await png(300, 300));
    const secondUrl: string = second.json().avatarUrl;
    expect(secondUrl).not.toBe(firstUrl);
    expectServedWebp(await t.app.inject({ url: secondUrl }));
    expectNotFound(await t.app.inject({ url: firstUrl }));

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile/avatar',
      headers: { cookie },
    });
    expect(removed.json().avatarUrl).toBeNull();
    expectNotFound(await t.app.inject({ url: secondUrl }));
  });

  it('stores cover variants under one name and removes them all when replaced', async () => {
    const event = await createEvent(t.db, { userId: owner.id });
    const cover = await png(1200, 900);
    const first = await post(`/api/events/${event.id}/cover`, 'cover', cover);
    expect(first.statusCode, first.body).toBe(200);
    const urls: Record<string, string> = first.json().coverImage;
    for (const [size, width] of [
      ['small', 400],
      ['medium', 800],
      ['large', 1600],
    ] as const) {
      expect(urls[size]).toMatch(new RegExp(`^/media/events/[0-9a-f]{32}-${size}\\.webp$`));
      const file = await t.app.inject({ url: urls[size] });
      expectServedWebp(file);
      expect((await sharp(file.rawPayload).metadata()).width).toBe(width);
    }
    const second = await post(`/api/events/${event.id}/cover`, 'cover', cover);
    expect(second.statusCode, second.body).toBe(200);
    for (const url of Object.values(urls)) expectNotFound(await t.app.inject({ url }));
    for (const url of Object.values<string>(second.json().coverImage))
      expectServedWebp(await t.app.inject({ url }));
  });

  it('serves chat images to whoever holds the link, as decision 010 says', async () => {
    const friend = await createUser(t.db, { fullName: 'Fay Friend' });
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/chats/open',
      headers: { cookie },
      payload: { ref: friend.id },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const uploaded = await post(
      `/api/chats/${opened.json().id}/attachments`,
      'image',
      await png(800, 400),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().url).toBe(`/media/${uploaded.json().imageKey}`);
    expectServedWebp(await t.app.inject({ url: uploaded.json().url }));
  });

  it('serves blog and ad pictures to anyone: they are published to be seen', async () => {
    const webp = await sharp(await png(40, 20))
      .webp()
      .toBuffer();
    for (const folder of ['blog', 'showcase']) {
      const url = await t.files.put(folder, 'webp', webp);
      expectServedWebp(await t.app.inject({ url }));
    }
  });

  it('answers 404 for a file that is not there', async () => {
    expectNotFound(
      await t.app.inject({ url: `/media/avatars/${randomBytes(16).toString('hex')}.webp` }),
    );
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/media/events/${'0'.repeat(32)}-small.webp`,
    });
    expect(head.statusCode).toBe(404);
  });

  it('serves only our own names in the folders that have an access rule', async () => {
    // Stored but in a folder with no rule yet (say, stream recordings): not served.
    const recording = await t.files.put('recordings', 'mp4', Buffer.from('not public yet'));
    const stored = await t.files.open(recording.slice('/media/'.length));
    expect(stored?.size).toBe('not public yet'.length);
    stored?.body.destroy();
    expectNotFound(await t.app.inject({ url: recording }));

    // A file in a served folder whose name the app never makes (another tool's object in a
    // shared bucket, a stray file on disk): not served either.
    const stray = 'avatars/notes.txt';
    if (driver === 'local') {
      await fs.mkdir(path.join(t.uploadsDir, 'avatars'), { recursive: true });
      await fs.writeFile(path.join(t.uploadsDir, stray), 'secret');
    } else {
      if (t.config.storage.driver !== 's3') throw new Error('expected the S3 driver');
      const { s3 } = t.config.storage;
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: s3.region,
        forcePathStyle: s3.forcePathStyle,
        credentials: s3.credentials,
      });
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: stray, Body: 'secret' }));
      client.destroy();
    }
    expectNotFound(await t.app.inject({ url: `/media/${stray}` }));

    const avatar = (await post('/api/profile/avatar', 'avatar', await png(64, 64))).json()
      .avatarUrl as string;
    const name = avatar.slice('/media/avatars/'.length);
    for (const url of [
      '/media/',
      '/media',
      '/media/avatars/',
      `/media/avatars/..%2f..%2f..%2fetc%2fpasswd`,
      `/media/%2e%2e/%2e%2e/etc/passwd`,
      `/media/avatars/${name}/`,
      `/media/avatars/${name}%00.png`,
      `/media/AVATARS/${name}`,
      `/media/__proto__/${name}`,
      `/media/constructor/${name}`,
    ]) {
      const response = await t.app.inject({ url });
      // 400 where Fastify refuses the URL itself (a NUL byte), 404 otherwise.
      expect([400, 404], url).toContain(response.statusCode);
      expect(response.body, url).not.toContain('secret');
    }
    expectServedWebp(await t.app.inject({ url: `${avatar}?v=2` }));
  });
});

describe('the S3 driver when the store is down or wrong', () => {
  let s3: TestS3;
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp({ env: s3.env });
    cookie = await t.sessionCookie(await createUser(t.db, { fullName: 'Dee Down' }));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('refuses to start on a bucket that does not exist, naming it', async () => {
    const config = loadConfig({ ...s3.env, STORAGE_S3_BUCKET: 'no-such-bucket' });
    await expect(createFileStore(config)).rejects.toThrow(
      'The S3 bucket "no-such-bucket" cannot be used: it does not exist',
    );
  });

  it('refuses to start with a key the store does not accept, and a store that answers with an error is a 503', async () => {
    const settings = {
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      // s3rver checks the key id but not SigV4 signatures, so the id is the wrong part here.
      credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'S3RVER' },
    };
    const config = loadConfig({ ...s3.env, STORAGE_S3_ACCESS_KEY_ID: 'NOT-A-KEY' });
    await expect(createFileStore(config)).rejects.toThrow(
      `The S3 bucket "${s3.bucket}" cannot be used: access was denied`,
    );
    const store = createS3FileStore(settings);
    try {
      await expect(store.put('avatars', 'webp', Buffer.from('x'))).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        statusCode: 503,
      });
    } finally {
      store.close();
    }
  });

  it('answers 503 with the error body, not 500, while the store cannot be reached', async () => {
    const body = multipart('avatar', 'me.png', 'image/png', await png(64, 64));
    const upload = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/profile/avatar',
        payload: body.payload,
        headers: { ...body.headers, cookie },
      });
    const stored = await upload();
    expect(stored.statusCode, stored.body).toBe(200);
    const url: string = stored.json().avatarUrl;
    expect((await t.app.inject({ url })).statusCode).toBe(200);

    await s3.close();
    const unavailable = {
      code: 'SERVICE_UNAVAILABLE',
      message: 'File storage is briefly unavailable. Please try again in a moment.',
    };
    const failedUpload = await upload();
    expect(failedUpload.statusCode, failedUpload.body).toBe(503);
    expect(failedUpload.json().error).toEqual(unavailable);
    const failedRead = await t.app.inject({ url });
    expect(failedRead.statusCode, failedRead.body).toBe(503);
    expect(failedRead.json().error).toEqual(unavailable);
    // The profile still names the file it had: nothing was half-changed.
    const profile = await t.app.inject({ url: '/api/profile', headers: { cookie } });
    expect(profile.json().avatarUrl).toBe(url);
  });
});
