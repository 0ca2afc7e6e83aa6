import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpCapture } from '../../test/smtp-capture';
import { createTestApp, type TestApp } from '../../test/test-app';

const smtp = new SmtpCapture();
const received = smtp.received;
let t: TestApp;

beforeAll(async () => {
  await smtp.start();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'MEA Events <hello@mea.test>' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
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
