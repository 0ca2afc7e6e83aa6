import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/test-app';
import { devMailboxEnabled, mailDestination } from './dev-mailbox.routes';

// Reading the dev mailbox was enough to take over any account (request a
// reset, read the link). It exists only in development on a localhost address, for this machine.
describe('dev mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers requests from this machine', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const api = await t.app.inject({ url: '/api/dev/mailbox', remoteAddress });
      expect(api.statusCode).toBe(200);
      const page = await t.app.inject({ url: '/dev/mailbox', remoteAddress });
      expect(page.statusCode).toBe(200);
    }
  });

  it('is a 404 for any other address, and for a request relayed by a proxy', async () => {
    for (const url of ['/api/dev/mailbox?to=admin@mea.events', '/dev/mailbox']) {
      const remote = await t.app.inject({ url, remoteAddress: '203.0.113.9' });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).not.toContain('emails');
      const relayed = await t.app.inject({
        url,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(relayed.statusCode).toBe(404);
    }
    const one = await t.app.inject({
      url: '/dev/mailbox/00000000-0000-4000-8000-000000000000',
      remoteAddress: '198.51.100.7',
    });
    expect(one.statusCode).toBe(404);
  });

  it('does not exist when the site has a public address or runs in production', async () => {
    const publicSite = await createTestApp({
      env: { PUBLIC_URL: 'https://events.example.com' },
      shareDatabaseOf: t,
    });
    try {
      const api = await publicSite.app.inject({
        url: '/api/dev/mailbox',
        remoteAddress: '127.0.0.1',
      });
      expect(api.statusCode).toBe(404);
    } finally {
      await publicSite.close();
    }
    const base = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/mea-test-data' };
    expect(devMailboxEnabled(loadConfig({ ...base, NODE_ENV: 'development' }))).toBe(true);
    expect(
      devMailboxEnabled(
        loadConfig({ ...base, NODE_ENV: 'development', PUBLIC_URL: 'http://10.0.0.5:3000' }),
      ),
    ).toBe(false);
    expect(
      devMailboxEnabled(
        loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }),
      ),
    ).toBe(false);
  });

  it('answers in the reader’s language, the codes unchanged', async () => {
    const mail = await t.app.inject({
      url: '/dev/mailbox/00000000-0000-4000-8000-000000000000',
      remoteAddress: '127.0.0.1',
      headers: { 'accept-language': 'de' },
    });
    expect(mail.json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'Diese E-Mail gibt es nicht' },
    });
    const remote = await t.app.inject({
      url: '/api/dev/mailbox',
      remoteAddress: '203.0.113.9',
      headers: { 'accept-language': 'es' },
    });
    expect(remote.json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'No hay ninguna ruta para GET /api/dev/mailbox' },
    });
  });

  it('start-up says where mail goes, without SMTP credentials', () => {
    const base = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/mea-test-data' };
    const smtp = loadConfig({ ...base, SMTP_URL: 'smtp://user:s3cret@mail.example.com:2525' });
    const said = mailDestination(smtp, 'smtp');
    expect(said).toContain('mail.example.com:2525');
    expect(said).not.toContain('s3cret');
    expect(said).not.toContain('user');
    expect(mailDestination(loadConfig(base), 'captured')).toContain('/dev/mailbox');
    expect(
      mailDestination(
        loadConfig({ ...base, PUBLIC_URL: 'https://events.example.com' }),
        'captured',
      ),
    ).toContain('NOT delivered');
  });
});
