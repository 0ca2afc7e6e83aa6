import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_CONFIRMED_MESSAGE, SELF_ERASE_MESSAGE } from '../../../contracts/admin';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { waitForCapturedMail } from '../../test/mail';
import type { TestApp } from '../../test/test-app';
import { useAdminApp } from './admin.test-kit';

// Account help from the console (password reset, confirmation link), erasing an account, and
// cancelling an event through the events module.

const { app, call, auditActions, payForTicket } = useAdminApp();
let t: TestApp;
let admin: CreatedUser;
beforeAll(() => ({ t, admin } = app));

describe('account help, erasure and cancelling from the console', () => {
  it('sends a password reset and a confirmation link through the auth module, audited', async () => {
    const person = await createUser(t.db, { email: 'help-me@example.test', emailConfirmed: false });
    const reset = await call('POST', `/api/admin/users/${person.id}/password-reset`, 'admin');
    expect(reset.statusCode, reset.body).toBe(200);
    const resend = await call('POST', `/api/admin/users/${person.id}/resend-confirmation`, 'admin');
    expect(resend.statusCode, resend.body).toBe(200);
    const mails = await waitForCapturedMail(t.db, person.email, { count: 2 });
    expect(mails.map((m) => m.subject).join(' | ')).toMatch(/reset/i);
    expect(await auditActions(person.id)).toEqual(
      expect.arrayContaining(['user.password_reset_sent', 'user.confirmation_resent']),
    );
    const confirmed = await createUser(t.db);
    const again = await call(
      'POST',
      `/api/admin/users/${confirmed.id}/resend-confirmation`,
      'admin',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ALREADY_CONFIRMED_MESSAGE);
  });

  it('deletes an account: personal data erased, signed out at once, orders and audit kept', async () => {
    const organizer = await createUser(t.db, { userType: 'organizer' });
    const event = await createEvent(t.db, { userId: organizer.id });
    const type = await createTicketType(t.db, { eventId: event.id, priceCents: 1500 });
    const person = await createUser(t.db, {
      email: 'Erase-Me@example.test',
      fullName: 'Erin Erasable',
      roles: ['moderator'],
    });
    const orderId = await payForTicket(person, type.id);
    const cookie = await t.sessionCookie(person);
    await call('POST', `/api/admin/users/${person.id}/suspend`, 'admin', { reason: 'first' });
    await call('POST', `/api/admin/users/${person.id}/reactivate`, 'admin');

    const wrong = await call('POST', `/api/admin/users/${person.id}/erase`, 'admin', {
      confirmEmail: 'someone-else@example.test',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details.fields[0].field).toBe('confirmEmail');
    const missing = await call('POST', `/api/admin/users/${person.id}/erase`, 'admin', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('confirmEmail');

    const res = await call('POST', `/api/admin/users/${person.id}/erase`, 'admin', {
      confirmEmail: ' erase-me@example.test ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', '/api/auth/session', cookie)).json().user).toBeNull();
    const signIn = await call('POST', '/api/auth/sign-in', undefined, {
      email: 'erase-me@example.test',
      password: person.password,
    });
    expect(signIn.statusCode).toBe(401);

    const detail = await call('GET', `/api/admin/users/${person.id}`, 'admin');
    expect(detail.json()).toMatchObject({
      fullName: 'Deleted user',
      email: `erased-${person.id}@erased.invalid`,
      phone: null,
      roles: [],
      sessions: [],
      passkeys: [],
      orders: [{ id: orderId, status: 'paid', totalCents: 1500 }],
    });
    // The trail survives, and holds no personal data of the erased person.
    const audit = await call('GET', `/api/admin/audit?targetType=user&pageSize=100`, 'admin');
    const rows = audit
      .json<{ rows: { action: string; targetId: string; details: object }[] }>()
      .rows.filter((row) => row.targetId === person.id);
    expect(rows.map((row) => row.action)).toEqual(
      expect.arrayContaining(['user.erase', 'user.suspend', 'user.reactivate']),
    );
    const erase = rows.find((row) => row.action === 'user.erase');
    expect(erase?.details).toMatchObject({ ordersKept: 1, rolesRemoved: ['moderator'] });
    expect(JSON.stringify(erase)).not.toMatch(/erase-me|Erin/i);
    // The real address is free again; a second erase finds nothing to erase.
    const again = await call('POST', `/api/admin/users/${person.id}/erase`, 'admin', {
      confirmEmail: 'erase-me@example.test',
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses to erase the caller (so the last admin can never be erased)', async () => {
    const self = await call('POST', `/api/admin/users/${admin.id}/erase`, 'admin', {
      confirmEmail: admin.email,
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe(SELF_ERASE_MESSAGE);
  });

  it('cancels an event through the events module and notifies each ticket holder once', async () => {
    const organizer = await createUser(t.db, { userType: 'organizer' });
    const event = await createEvent(t.db, { userId: organizer.id, title: 'Rained Out Fest' });
    const type = await createTicketType(t.db, { eventId: event.id, priceCents: 1000 });
    const buyer = await createUser(t.db);
    await payForTicket(buyer, type.id);
    await payForTicket(buyer, type.id);
    const res = await call('POST', `/api/admin/events/${event.id}/cancel`, 'admin', {
      reason: 'Storm warning',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ notified: 1 });
    const list = await call('GET', '/api/notifications', await t.sessionCookie(buyer));
    expect(list.body).toContain('Cancelled: Rained Out Fest');
    // A holder who reads Spanish is told in Spanish; the admin's reason stays as written.
    const other = await createEvent(t.db, { userId: organizer.id, title: 'Windy Fair' });
    const otherType = await createTicketType(t.db, { eventId: other.id, priceCents: 1000 });
    await t.db.update(users).set({ language: 'es' }).where(eq(users.id, buyer.id));
    await payForTicket(buyer, otherType.id);
    await call('POST', `/api/admin/events/${other.id}/cancel`, 'admin', {
      reason: 'Storm warning',
    });
    const [spanish] = await t.db
      .select({ title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, buyer.id),
          eq(notifications.relatedId, other.id),
          eq(notifications.type, 'event_cancelled'),
        ),
      );
    expect(spanish).toEqual({
      title: 'Cancelado: Windy Fair',
      message:
        'Windy Fair se ha cancelado: Storm warning. Nos pondremos en contacto con usted en relación con los reembolsos.',
    });
    expect(await auditActions(event.id)).toEqual(['event.cancel']);
    const again = await call('POST', `/api/admin/events/${event.id}/cancel`, 'admin', {});
    expect(again.statusCode).toBe(409);
    expect(await auditActions(event.id)).toEqual(['event.cancel']);
  });
});
