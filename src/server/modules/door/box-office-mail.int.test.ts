import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxOfficeMail, BoxOfficeSale } from '../../../contracts/box-office';
import { orders } from '../../db/schema/tickets';
import { teamMembers } from '../../db/schema/teams';
import { must } from '../../platform/must';
import { useDoorApp, type DoorWho } from '../../test/door-app';
import { createEvent, createTicketType, createUser } from '../../test/factories';
import { payThroughLocalWebhook } from '../../test/local-payments';
import type { Sender } from '../../test/request-as';
import { SmtpCapture } from '../../test/smtp-capture';

// "Mail the tickets later": after a sale the desk sends its tickets to the address the buyer
// gives, as the tickets mail an online buyer gets, through a real SMTP server here.

const smtp = new SmtpCapture();
beforeAll(() => smtp.start());
afterAll(() => smtp.close());

const door = useDoorApp({
  env: () => ({
    SMTP_URL: smtp.url,
  }),
});
const { call } = door;

/** A member of the organizer's team with this role (team invitations have their own tests). */
async function staff(role: 'box_office' | 'check_in') {
  const user = await createUser(door.t.db, { fullName: `Staff ${role}` });
  await door.t.db
    .insert(teamMembers)
    .values({ ownerId: door.owner.id, memberId: user.id, role, allEvents: true });
  return { cookie: await door.t.sessionCookie(user) };
}

const newEvent = async () => {
  const event = await createEvent(door.t.db, {
    userId: door.owner.id,
    title: `Mail Night ${randomUUID().slice(0, 6)}`,
    isFree: false,
    createdAt: door.t.clock.now(),
  });
  const type = await createTicketType(door.t.db, {
    eventId: event.id,
    priceCents: 1500,
    quantity: 20,
    name: 'Balcony',
  });
  return { event, type };
};

const sell = async (eventId: string, body: object) => {
  const sold = await call('owner', 'POST', `/api/door/events/${eventId}/box-office/sales`, body, {
    'idempotency-key': randomUUID(),
  });
  expect(sold.statusCode, sold.body).toBe(200);
  return sold.json<BoxOfficeSale>();
};

const mail = (
  who: Sender<DoorWho>,
  eventId: string,
  orderId: string,
  email: unknown,
  requestId = randomUUID(),
) =>
  call(
    who,
    'POST',
    `/api/door/events/${eventId}/box-office/sales/${orderId}/mail`,
    { email },
    { 'idempotency-key': requestId },
  );

const mailsTo = (address: string) => smtp.mailsTo(address);

/** Quoted-printable soft breaks and escapes undone, enough to read a mail's text and links. */
const readable = (raw: string) =>
  raw
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('box office: mail the tickets later', () => {
  it('mails a cash sale’s tickets to the address given, once per press, double clicks included', async () => {
    const { event, type } = await newEvent();
    const sale = await sell(event.id, {
      items: [{ ticketTypeId: type.id, quantity: 2 }],
      method: 'cash',
      buyerName: 'Kofi Mensah',
    });
    const address = `kofi-${randomUUID().slice(0, 6)}@example.com`;
    const requestId = randomUUID();
    // A double click: the same request twice at once, one mail.
    const both = await Promise.all([
      mail('owner', event.id, sale.orderId, address, requestId),
      mail('owner', event.id, sale.orderId, address, requestId),
    ]);
    for (const response of both) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<BoxOfficeMail>()).toEqual({ sentTo: address, ticketCount: 2 });
    }
    await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBe(1);
    const text = readable(must(mailsTo(address)[0], 'mail').raw);
    expect(text).toContain(`Subject: Your 2 tickets for ${event.title}`);
    expect(text).toContain('Hi Kofi Mensah,');
    expect(text).toContain('Show the QR code at the entrance.');
    expect(text.match(/Content-Type: application\/pdf/g)).toHaveLength(2);
    for (const ticket of sale.tickets)
      expect(text).toContain(`${door.t.config.PUBLIC_URL}/ticket/${ticket.id}`);

    // The same id with another address is refused; a new press mails again.
    const reused = await mail('owner', event.id, sale.orderId, 'other@example.com', requestId);
    expect(reused.statusCode).toBe(422);
    expect((await mail('owner', event.id, sale.orderId, address)).statusCode).toBe(200);
    await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBe(2);
    expect(mailsTo('other@example.com')).toHaveLength(0);
  });

  it('mails a walk-in’s card sale once paid, and refuses before that and for a bad address', async () => {
    const { event, type } = await newEvent();
    const sale = await sell(event.id, {
      items: [{ ticketTypeId: type.id, quantity: 1 }],
      method: 'card',
    });
    expect(sale.status).toBe('pending');
    const address = `walk-in-${randomUUID().slice(0, 6)}@example.com`;
    const early = await mail('owner', event.id, sale.orderId, address);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('The tickets are issued once the payment is in');

    const [order] = await door.t.db.select().from(orders).where(eq(orders.id, sale.orderId));
    expect((await payThroughLocalWebhook(door.t, must(order, 'order'))).statusCode).toBe(200);
    for (const bad of ['not an address', '', 'someone@walk-in.invalid']) {
      const refused = await mail('owner', event.id, sale.orderId, bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error.details.fields).toEqual([
        { field: 'body.email', message: 'Please enter a valid email address' },
      ]);
    }
    const noKey = await call(
      'owner',
      'POST',
      `/api/door/events/${event.id}/box-office/sales/${sale.orderId}/mail`,
      { email: address },
    );
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.details.fields[0].field).toBe('headers.idempotency-key');

    expect((await mail('owner', event.id, sale.orderId, ` ${address} `)).statusCode).toBe(200);
    await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBe(1);
    // A walk-in gave no name: the mail greets the address.
    expect(readable(must(mailsTo(address)[0], 'mail').raw)).toContain(`Hi ${address},`);
  });

  it('lets the organizer, admins and the box office mail a sale; others are refused', async () => {
    const { event, type } = await newEvent();
    const sale = await sell(event.id, {
      items: [{ ticketTypeId: type.id, quantity: 1 }],
      method: 'cash',
    });
    const boxOffice = await staff('box_office');
    const checkIn = await staff('check_in');
    const senders: Sender<DoorWho>[] = [
      'owner',
      'admin',
      boxOffice,
      checkIn,
      'other',
      'buyer',
      'signedOut',
    ];
    const statuses: number[] = [];
    for (const [i, who] of senders.entries()) {
      const address = `matrix-${i}-${sale.orderId.slice(0, 6)}@example.com`;
      statuses.push((await mail(who, event.id, sale.orderId, address)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 403, 403, 403, 401]);
    await expect
      .poll(() => smtp.received.filter((m) => m.to[0]?.startsWith('matrix-')).length, {
        timeout: 10_000,
      })
      .toBe(3);
    expect(mailsTo(`matrix-3-${sale.orderId.slice(0, 6)}@example.com`)).toHaveLength(0);
    const unknown = await mail('owner', event.id, randomUUID(), 'x@example.com');
    expect(unknown.statusCode).toBe(404);
  });
});
