import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { createUser } from '../../test/factories';
import { waitForCapturedMail } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(await createUser(t.db, { roles: ['admin'] }));
});
afterAll(() => t.close());

describe("notification mail in the recipient's language", () => {
  it("frames a German organizer's notification in German: greeting, button and footer", async () => {
    const user = await createUser(t.db, { fullName: 'Greta Berg' });
    await t.db.update(users).set({ language: 'de' }).where(eq(users.id, user.id));
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: { cookie: admin },
      payload: {
        userId: user.id,
        type: 'ticket_sale',
        title: 'Ticket verkauft',
        message: 'Jemand hat ein Ticket für Jazz im Hof gekauft.',
        relatedId: '00000000-0000-4000-8000-000000000001',
        relatedType: 'events',
      },
    });
    expect(sent.statusCode).toBeLessThan(300);
    const [mail] = await waitForCapturedMail(t.db, user.email);
    expect(mail?.html).toContain('<html lang="de" dir="ltr">');
    expect(mail?.text).toContain('Hallo Greta Berg,');
    expect(mail?.text).toContain('Veranstaltung ansehen');
    expect(mail?.text).toContain(
      'Sie erhalten diese E-Mail aufgrund Ihrer Benachrichtigungseinstellungen für „Tickets, Anmeldungen und Zahlungen“.',
    );
  });

  it("answers a settings error in the account's language, the error code unchanged", async () => {
    const user = await createUser(t.db, {});
    await t.db.update(users).set({ language: 'de' }).where(eq(users.id, user.id));
    const cookie = await t.signIn(user);
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/settings',
      headers: { cookie },
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: { cookie },
      payload: { ...settings.json<object>(), timeZone: 'Mars/Olympus' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: 'Bitte wählen Sie eine gültige Zeitzone' },
    });
  });
});
