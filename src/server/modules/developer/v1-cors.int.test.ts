import { beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPER_MESSAGES } from '../../../contracts/developer';
import type { CreatedUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { fieldsOf, NEW_EVENT, useV1App } from './v1.test-kit';

// Public API v1 from a browser: per-key allowed origins (CORS), closed by default.

let t: TestApp;
let organizer: CreatedUser;
let other: CreatedUser;
let cookies: Record<string, string>;
const { app, newKey, v1 } = useV1App();
beforeAll(() => {
  ({ t, organizer, other, cookies } = app);
});

describe('per-key CORS', () => {
  const shop = 'https://shop.example';

  it('is closed by default: a browser request from another site is refused, a server call is not', async () => {
    const { secret } = await newKey(organizer, ['events:read']);
    const browser = await v1(secret, 'GET', '/api/v1/events', { headers: { origin: shop } });
    expect(browser.statusCode).toBe(403);
    expect(browser.json().error.message).toBe(DEVELOPER_MESSAGES.originRefused(shop));
    expect(browser.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await v1(null, 'OPTIONS', '/api/v1/events', {
      headers: { origin: 'https://nobody-allows.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect((await v1(secret, 'GET', '/api/v1/events')).statusCode).toBe(200);
  });

  it('allows the origins set on a key, for that key only, preflight included', async () => {
    const { key, secret } = await newKey(organizer, ['events:read', 'events:write']);
    const { secret: otherKey } = await newKey(organizer, ['events:read']);
    const set = (who: CreatedUser, allowedOrigins: string[]) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/developer/keys/${key.id}`,
        headers: { cookie: cookies[who.id] },
        payload: { allowedOrigins },
      });
    const bad = await set(organizer, ['https://shop.example/path', 'ftp://x']);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(
      expect.arrayContaining([
        ['body.allowedOrigins.0', DEVELOPER_MESSAGES.originInvalid],
        ['body.allowedOrigins.1', DEVELOPER_MESSAGES.originInvalid],
      ]),
    );
    expect((await set(other, [shop])).statusCode).toBe(404);
    const saved = await set(organizer, [shop, shop]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().allowedOrigins).toEqual([shop]);

    const preflight = await v1(null, 'OPTIONS', '/api/v1/events', {
      headers: {
        origin: shop,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': shop,
      vary: expect.stringContaining('Origin'),
    });
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/Authorization/);
    expect(String(preflight.headers['access-control-allow-methods'])).toMatch(/PATCH/);

    const read = await v1(secret, 'GET', '/api/v1/events', { headers: { origin: shop } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe(shop);
    expect(String(read.headers['access-control-expose-headers'])).toMatch(/RateLimit-Remaining/);
    // A cross-site write with the key: no session is involved, so the CSRF check stands aside.
    const write = await v1(secret, 'POST', '/api/v1/events', {
      payload: NEW_EVENT,
      headers: { origin: shop },
    });
    expect(write.statusCode, write.body).toBe(201);
    // The same origin with a key that does not allow it.
    expect(
      (await v1(otherKey, 'GET', '/api/v1/events', { headers: { origin: shop } })).statusCode,
    ).toBe(403);

    // Revoked: the preflight closes too.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/developer/keys/${key.id}`,
      headers: { cookie: cookies[organizer.id] },
    });
    const after = await v1(null, 'OPTIONS', '/api/v1/events', { headers: { origin: shop } });
    expect(after.statusCode).toBe(403);
  });
});
