import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let received: Received[];
let t: TestApp;

beforeAll(async () => {
  received = [];
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}?tls=off`, MAIL_FROM: 'MEA Events <hello@mea.test>' },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('delivers the sign-up confirmation to a real SMTP server', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        fullName: 'Sam Smtp',
        email: 'sam@example.test',
        phone: '+1 555 0123',
        password: 'secret-9',
        confirmPassword: 'secret-9',
        userType: 'attendee',
        service: 'Music',
      },
    });
    expect(response.statusCode).toBe(201);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await t.settle();
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.from).toBe('hello@mea.test');
    expect(mail?.to).toEqual(['sam@example.test']);
    expect(mail?.raw).toContain('Subject: Confirm your email for MEA Events');
    expect(mail?.raw.replace(/=\r\n/g, '')).toContain(
      `${t.config.PUBLIC_URL}/api/auth/confirm?token=`,
    );
  });
});
