import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sendJson } from './send-json';

let t: TestApp;
const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Item number ${i}` })) };
const bigText = JSON.stringify(big);

beforeAll(async () => {
  t = await createTestApp({
    configure(app) {
      app.get('/api/test/big', async () => big);
      app.get('/api/test/small', async () => ({ ok: true }));
      app.get('/api/test/shared', async (_request, reply) => sendJson(reply, bigText));
      app.get('/api/test/tagged', async (_request, reply) => {
        reply.header('etag', '"abc"').header('vary', 'cookie');
        return big;
      });
      app.get('/api/test/text', async (_request, reply) => reply.type('text/csv').send(bigText));
    },
  });
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('JSON answers compressed for the clients that accept it', () => {
  it('sends brotli when accepted, the same JSON once decompressed, and says it varies', async () => {
    const plain = await get('/api/test/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.json()).toEqual(big);

    const br = await get('/api/test/big', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);
  });

  it('falls back to gzip, honours q=0, and leaves out what it cannot encode', async () => {
    const gz = await get('/api/test/big', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);

    const refused = await get('/api/test/big', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(big);
    expect((await get('/api/test/big', 'identity')).headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers and other types as they are', async () => {
    const small = await get('/api/test/small', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const csv = await get('/api/test/text', 'br');
    expect(csv.headers['content-encoding']).toBeUndefined();
    expect(csv.body).toBe(bigText);
  });

  it('compresses a body shared by many answers once, each answer whole', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => get('/api/test/shared', 'br')),
    );
    for (const answer of answers) {
      expect(answer.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(bigText);
    }
  });

  it('keeps other Vary reasons and turns a strong ETag weak for the compressed bytes', async () => {
    const answer = await get('/api/test/tagged', 'br');
    expect(answer.headers.vary).toBe('cookie, accept-encoding');
    expect(answer.headers.etag).toBe('W/"abc"');
    const plain = await get('/api/test/tagged');
    expect(plain.headers.etag).toBe('"abc"');
  });

  it('compresses a real public list: the events of the home page', async () => {
    const organizer = await createUser(t.db, { userType: 'organizer' });
    for (let i = 0; i < 8; i++)
      await createEvent(t.db, { userId: organizer.id, title: `Compressed night ${i}` });
    const plain = await get('/api/events?limit=50');
    const br = await get('/api/events?limit=50', 'br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });
});
