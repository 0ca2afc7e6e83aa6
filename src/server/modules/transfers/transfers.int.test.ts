import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '../../../contracts/tickets';
import { eq } from 'drizzle-orm';
import { webhookEndpoints, webhookEvents } from '../../db/schema/developer';
import { orderItems, orders, tickets } from '../../db/schema/tickets';
import { eventTransferSettings } from '../../db/schema/transfers';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { linkFrom, waitForCapturedMail } from '../../test/mail';
import { requestAs, type Sender } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let owner: CreatedUser;
let holder: CreatedUser;
let friend: CreatedUser;
type Who = 'owner' | 'holder' | 'friend' | 'stranger' | 'admin';
const cookies = {} as Record<Who, string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Marcus Bell' });
  holder = await createUser(t.db, { fullName: 'Ada Obi' });
  friend = await createUser(t.db, { fullName: 'Bola Ade' });
  cookies.owner = await t.signIn(owner);
  cookies.holder = await t.signIn(holder);
  cookies.friend = await t.signIn(friend);
  cookies.stranger = await t.signIn(await createUser(t.db, { userType: 'organizer' }));
  cookies.admin = await t.signIn(await createUser(t.db, { roles: ['admin'] }));
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const call = requestAs(
  () => t,
  () => cookies,
);

/** An event in two days that allows transfers until `cutoffHours` before, and a held ticket. */
async function heldTicket(options: { allowed?: boolean; cutoffHours?: number } = {}) {
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: `Lagos Jazz Brunch ${randomUUID().slice(0, 6)}`,
    startsAt: new Date(t.clock.now().getTime() + 48 * HOUR),
    createdAt: t.clock.now(),
  });
  const type = await createTicketType(t.db, { eventId: event.id, name: 'Brunch seat' });
  await t.db.insert(eventTransferSettings).values({
    eventId: event.id,
    allowed: options.allowed ?? true,
    cutoffHours: options.cutoffHours ?? 0,
  });
  const [order] = await t.db
    .insert(orders)
    .values({
      userId: holder.id,
      status: 'paid',
      currency: 'USD',
      subtotalCents: 2500,
      totalCents: 2500,
    })
    .returning();
  if (!order) throw new Error('no order');
  const [item] = await t.db
    .insert(orderItems)
    .values({
      orderId: order.id,
      eventId: event.id,
      ticketTypeId: type.id,
      quantity: 1,
      unitPriceCents: 2500,
    })
    .returning();
  if (!item) throw new Error('no item');
  const [ticket] = await t.db
    .insert(tickets)
    .values({
      orderId: order.id,
      orderItemId: item.id,
      eventId: event.id,
      ticketTypeId: type.id,
      userId: holder.id,
    })
    .returning();
  if (!ticket) throw new Error('no ticket');
  const code = (await call('holder', 'GET', `/api/tickets/${ticket.id}`)).json<Ticket>().code;
  return { event, ticketId: ticket.id, code };
}

const checkIn = (eventId: string, code: string) =>
  call('owner', 'POST', `/api/events/${eventId}/check-in`, { code });

describe('transferring a ticket to someone with an account', () => {
  it('moves it at once with a new code; the old code is refused at the door', async () => {
    const { event, ticketId, code } = await heldTicket();
    await t.db.insert(webhookEndpoints).values({
      ownerId: owner.id,
      url: 'https://hooks.example.test/mea',
      eventTypes: ['ticket.transferred'],
      secretSealed: 'sealed',
    });
    const state = await call('holder', 'GET', `/api/tickets/${ticketId}/transfer`);
    expect(state.json()).toMatchObject({ allowed: true, refusal: null, pending: null });

    const sent = await call('holder', 'POST', `/api/tickets/${ticketId}/transfer`, {
      email: friend.email.toUpperCase(),
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      delivered: true,
      transfer: { status: 'completed', toEmail: friend.email.toLowerCase(), fromName: 'Ada Obi' },
    });

    // The sender no longer has it; the new holder does, with another code.
    expect((await call('holder', 'GET', `/api/tickets/${ticketId}`)).statusCode).toBe(404);
    const mine = await call('friend', 'GET', '/api/me/tickets');
    const received = mine.json<{ tickets: Ticket[] }>().tickets.find((x) => x.id === ticketId);
    expect(received?.code).toBeTruthy();
    expect(received?.code).not.toBe(code);

    const old = await checkIn(event.id, code);
    expect(old.statusCode).toBe(409);
    expect(old.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'This ticket was transferred to someone else: this code no longer works',
    });
    const fresh = await checkIn(event.id, received?.code ?? '');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().result).toBe('checked_in');
    // Scanned again, the old code still says why, not "already checked in".
    expect((await checkIn(event.id, code)).statusCode).toBe(409);

    // The organizer's endpoint hears of it.
    const [hook] = await t.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'ticket.transferred'));
    expect(hook?.payload).toMatchObject({
      ticket_id: ticketId,
      event_id: event.id,
      to_email: friend.email.toLowerCase(),
    });

    const mail = await waitForCapturedMail(t.db, friend.email);
    expect(mail[0]?.subject).toContain('Ada Obi sent you a ticket for');
    expect(mail[0]?.text).toContain(`/ticket/${ticketId}`);
  });
});

describe('transferring a ticket to an address without an account', () => {
  it('waits for the mailed link; the new holder signs up and takes it', async () => {
    const { event, ticketId, code } = await heldTicket();
    const email = `guest-${randomUUID().slice(0, 8)}@example.test`;
    const sent = await call('holder', 'POST', `/api/tickets/${ticketId}/transfer`, { email });
    expect(sent.json()).toMatchObject({ delivered: false, transfer: { status: 'pending' } });

    // Nobody holds a usable code meanwhile.
    expect((await checkIn(event.id, code)).statusCode).toBe(409);
    const waiting = (await call('holder', 'GET', `/api/tickets/${ticketId}`)).json<Ticket>();
    expect(waiting.code).toBe('');
    const state = (await call('holder', 'GET', `/api/tickets/${ticketId}/transfer`)).json();
    expect(state.pending).toMatchObject({ toEmail: email, status: 'pending' });
    expect(state.refusal).toBe('This ticket is already being transferred');

    const [mail] = await waitForCapturedMail(t.db, email);
    const link = linkFrom(mail?.text ?? '', `${t.config.PUBLIC_URL}/ticket-claim/`);
    const token = decodeURIComponent(link.split('/ticket-claim/')[1] ?? '');
    const preview = await call('signedOut', 'GET', `/api/transfer-claims/${token}`);
    expect(preview.json()).toMatchObject({
      status: 'pending',
      eventTitle: event.title,
      ticketTypeName: 'Brunch seat',
      fromName: 'Ada Obi',
    });
    expect((await call('signedOut', 'POST', `/api/transfer-claims/${token}`)).statusCode).toBe(401);
    // The sender cannot claim their own transfer.
    expect((await call('holder', 'POST', `/api/transfer-claims/${token}`)).statusCode).toBe(409);

    const guest = await createUser(t.db, { email, fullName: 'Chidi Eze' });
    const guestCookie = await t.signIn(guest);
    const claimed = await t.app.inject({
      method: 'POST',
      url: `/api/transfer-claims/${token}`,
      headers: { cookie: guestCookie },
    });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toEqual({ ticketId });
    const theirs = await t.app.inject({
      url: `/api/tickets/${ticketId}`,
      headers: { cookie: guestCookie },
    });
    const newCode = theirs.json<Ticket>().code;
    expect(newCode).not.toBe('');
    expect((await checkIn(event.id, newCode)).json().result).toBe('checked_in');
    // A link is good once.
    const again = await call('friend', 'POST', `/api/transfer-claims/${token}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This ticket has already been taken');
  });

  it('can be cancelled by the sender, who gets a fresh code', async () => {
    const { event, ticketId, code } = await heldTicket();
    const sent = await call('holder', 'POST', `/api/tickets/${ticketId}/transfer`, {
      email: `nobody-${randomUUID().slice(0, 8)}@example.test`,
    });
    const transferId = sent.json().transfer.id;
    expect((await call('friend', 'POST', `/api/transfers/${transferId}/cancel`)).statusCode).toBe(
      404,
    );
    expect((await call('holder', 'POST', `/api/transfers/${transferId}/cancel`)).statusCode).toBe(
      200,
    );
    const back = (await call('holder', 'GET', `/api/tickets/${ticketId}`)).json<Ticket>();
    expect(back.code).not.toBe('');
    expect(back.code).not.toBe(code);
    expect((await checkIn(event.id, code)).statusCode).toBe(409);
    expect((await checkIn(event.id, back.code)).statusCode).toBe(200);
  });
});

describe('transfer rules', () => {
  it('refuse when the organizer does not allow transfers, after the cut-off, and used tickets', async () => {
    const off = await heldTicket({ allowed: false });
    const refused = await call('holder', 'POST', `/api/tickets/${off.ticketId}/transfer`, {
      email: friend.email,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'The organizer does not allow ticket transfers for this event',
    );

    // The event starts in 48 hours; transfers closed 72 hours before.
    const late = await heldTicket({ cutoffHours: 72 });
    const closed = await call('holder', 'POST', `/api/tickets/${late.ticketId}/transfer`, {
      email: friend.email,
    });
    expect(closed.json().error.message).toBe('Ticket transfers for this event have closed');
    const state = (await call('holder', 'GET', `/api/tickets/${late.ticketId}/transfer`)).json();
    expect(state.refusal).toBe('Ticket transfers for this event have closed');

    const used = await heldTicket();
    await checkIn(used.event.id, used.code);
    const afterUse = await call('holder', 'POST', `/api/tickets/${used.ticketId}/transfer`, {
      email: friend.email,
    });
    expect(afterUse.json().error.message).toBe(
      'A ticket that was used or cancelled cannot be transferred',
    );

    const self = await call('holder', 'POST', `/api/tickets/${used.ticketId}/transfer`, {
      email: 'not-an-email',
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.details.fields[0].field).toBe('body.email');
  });

  it('speak the reader’s language and keep the error code', async () => {
    const off = await heldTicket({ allowed: false });
    const refused = await call(
      'holder',
      'POST',
      `/api/tickets/${off.ticketId}/transfer`,
      { email: friend.email },
      { 'accept-language': 'es' },
    );
    expect(refused.json().error.code).toBe('CONFLICT');
    expect(refused.json().error.message).not.toBe(
      'The organizer does not allow ticket transfers for this event',
    );
    expect(refused.json().error.message).toMatch(/transferencias/i);
  });
});

describe('who may do what', () => {
  it('only the holder transfers; the owner and admins see the history and settings', async () => {
    const { event, ticketId } = await heldTicket();
    for (const who of ['owner', 'friend', 'stranger', 'admin'] as const)
      expect(
        (await call(who, 'POST', `/api/tickets/${ticketId}/transfer`, { email: 'x@example.test' }))
          .statusCode,
      ).toBe(404);
    expect(
      (await call('signedOut', 'POST', `/api/tickets/${ticketId}/transfer`, { email: 'x@e.test' }))
        .statusCode,
    ).toBe(401);
    await call('holder', 'POST', `/api/tickets/${ticketId}/transfer`, { email: friend.email });

    for (const who of ['owner', 'admin', 'friend'] as const) {
      const history = await call(who, 'GET', `/api/tickets/${ticketId}/transfers`);
      expect(history.statusCode).toBe(200);
      expect(history.json().transfers).toHaveLength(1);
    }
    // The sender no longer holds it, so its history is no longer theirs to read.
    expect((await call('holder', 'GET', `/api/tickets/${ticketId}/transfers`)).statusCode).toBe(
      404,
    );
    expect((await call('stranger', 'GET', `/api/tickets/${ticketId}/transfers`)).statusCode).toBe(
      404,
    );

    const eventHistory = await call('owner', 'GET', `/api/events/${event.id}/transfers`);
    expect(eventHistory.json().transfers[0]).toMatchObject({
      ticketId,
      fromName: 'Ada Obi',
      toName: 'Bola Ade',
      status: 'completed',
    });
    expect((await call('stranger', 'GET', `/api/events/${event.id}/transfers`)).statusCode).toBe(
      403,
    );
    expect((await call('signedOut', 'GET', `/api/events/${event.id}/transfers`)).statusCode).toBe(
      401,
    );

    const settings = { allowed: true, cutoffHours: 12 };
    const put = (who: Sender<Who>) =>
      call(who, 'PUT', `/api/events/${event.id}/transfer-settings`, settings);
    expect((await put('stranger')).statusCode).toBe(403);
    expect((await put('holder')).statusCode).toBe(403);
    expect((await put('signedOut')).statusCode).toBe(401);
    expect((await put('owner')).json()).toEqual(settings);
    expect((await put('admin')).statusCode).toBe(200);
    const bad = await call('owner', 'PUT', `/api/events/${event.id}/transfer-settings`, {
      allowed: true,
      cutoffHours: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].field).toBe('body.cutoffHours');
  });
});

describe('duplicating an event', () => {
  it('copies its transfer setting and none of its transfers', async () => {
    const { event, ticketId } = await heldTicket({ cutoffHours: 6 });
    await call('holder', 'POST', `/api/tickets/${ticketId}/transfer`, { email: friend.email });
    const copy = await call('owner', 'POST', `/api/events/${event.id}/duplicate`, {
      startsAt: new Date(event.startsAt.getTime() + 7 * 24 * HOUR).toISOString(),
    });
    expect(copy.statusCode).toBe(201);
    const copyId = copy.json().id;
    const settings = await call('owner', 'GET', `/api/events/${copyId}/transfer-settings`);
    expect(settings.json()).toEqual({ allowed: true, cutoffHours: 6 });
    const history = await call('owner', 'GET', `/api/events/${copyId}/transfers`);
    expect(history.json().transfers).toEqual([]);
  });
});
