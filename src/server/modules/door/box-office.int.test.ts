import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BoxOfficeSale, BoxOfficeSummary } from '../../../contracts/box-office';
import type { DoorList } from '../../../contracts/door';
import type { TeamRole } from '../../../contracts/teams';
import { boxOfficeSales } from '../../db/schema/box-office';
import { orders, tickets, ticketTypes } from '../../db/schema/tickets';
import { users } from '../../db/schema/users';
import { useDoorApp, type DoorWho } from '../../test/door-app';
import { createEvent, createTicketType } from '../../test/factories';
import { waitForCapturedMail } from '../../test/mail';
import { joinTeam } from '../../test/team-member';
import type { Sender } from '../../test/request-as';

const door = useDoorApp();
const { call } = door;

const newEvent = async (quantity = 100) => {
  const event = await createEvent(door.t.db, {
    userId: door.owner.id,
    title: `Door Night ${randomUUID().slice(0, 6)}`,
    isFree: false,
    capacity: null,
    createdAt: door.t.clock.now(),
  });
  const type = await createTicketType(door.t.db, {
    eventId: event.id,
    quantity,
    priceCents: 2500,
    name: 'Standing',
  });
  return { event, type };
};

const sell = (who: Sender<DoorWho>, eventId: string, body: object, key = randomUUID()) =>
  call(who, 'POST', `/api/door/events/${eventId}/box-office/sales`, body, {
    'idempotency-key': key,
  });

const teamMember = (role: TeamRole) => joinTeam(door.t, door.cookies.owner, role);

const remaining = async (ticketTypeId: string) =>
  (await door.t.db.select().from(ticketTypes).where(eq(ticketTypes.id, ticketTypeId)))[0]
    ?.remaining;

describe('box office', () => {
  it('sells for the owner, admins and the box office; check-in staff and others are refused', async () => {
    const { event, type } = await newEvent();
    const boxOffice = await teamMember('box_office');
    const checkIn = await teamMember('check_in');
    const body = { items: [{ ticketTypeId: type.id, quantity: 1 }], method: 'cash' };
    const statuses = [];
    const senders: Sender<DoorWho>[] = [
      'owner',
      { cookie: boxOffice.cookie },
      { cookie: checkIn.cookie },
      'other',
      'admin',
      'signedOut',
    ];
    for (const who of senders) statuses.push((await sell(who, event.id, body)).statusCode);
    expect(statuses).toEqual([200, 200, 403, 403, 200, 401]);
    const catalogs = [];
    for (const who of senders.slice(0, 4))
      catalogs.push((await call(who, 'GET', `/api/door/events/${event.id}/box-office`)).statusCode);
    expect(catalogs).toEqual([200, 200, 403, 403]);
    expect((await sell('owner', randomUUID(), body)).statusCode).toBe(404);
    // Three sales took three tickets from the same stock online buyers take from.
    expect(await remaining(type.id)).toBe(97);
  });

  it('sells for cash with change, mails the tickets, admits at once and shows in the attendee list', async () => {
    const { event, type } = await newEvent();
    const response = await sell('owner', event.id, {
      items: [{ ticketTypeId: type.id, quantity: 2 }],
      method: 'cash',
      tenderedCents: 6000,
      buyerName: 'Kofi Mensah',
      buyerEmail: 'kofi.boxoffice@example.com',
      admit: true,
      gate: 'Front',
    });
    expect(response.statusCode, response.body).toBe(200);
    const sale = response.json<BoxOfficeSale>();
    expect(sale).toMatchObject({
      status: 'paid',
      method: 'cash',
      totalCents: 5000,
      tenderedCents: 6000,
      changeCents: 1000,
      buyerName: 'Kofi Mensah',
      buyerEmail: 'kofi.boxoffice@example.com',
    });
    expect(sale.tickets.map((ticket) => ticket.status)).toEqual(['checked_in', 'checked_in']);
    const [mail] = await waitForCapturedMail(door.t.db, 'kofi.boxoffice@example.com');
    expect(mail?.subject).toContain('2 tickets');
    // The order is a paid order of the event, marked as a box-office sale.
    const [order] = await door.t.db.select().from(orders).where(eq(orders.id, sale.orderId));
    expect(order).toMatchObject({ status: 'paid', totalCents: 5000 });
    expect(order?.metadata).toEqual({ channel: 'box_office' });
    // The check-in list has the admitted guests.
    const list = (await call('owner', 'GET', `/api/door/events/${event.id}/list`)).json<DoorList>();
    expect(list.counters).toMatchObject({ checkedIn: 2, expected: 2 });
    expect(list.tickets.map((ticket) => ticket.n)).toEqual(['Kofi Mensah', 'Kofi Mensah']);
  });

  it('sells to a walk-in without an address (no mail) and complimentary tickets for nothing', async () => {
    const { event, type } = await newEvent();
    const walkIn = (
      await sell('owner', event.id, {
        items: [{ ticketTypeId: type.id, quantity: 1 }],
        method: 'cash',
      })
    ).json<BoxOfficeSale>();
    expect(walkIn).toMatchObject({ buyerEmail: null, changeCents: 0, tenderedCents: 2500 });
    expect(walkIn.tickets[0]?.status).toBe('valid');
    const comp = (
      await sell('owner', event.id, {
        items: [{ ticketTypeId: type.id, quantity: 3 }],
        method: 'complimentary',
        buyerName: 'Press',
      })
    ).json<BoxOfficeSale>();
    expect(comp).toMatchObject({ totalCents: 0, method: 'complimentary', buyerName: 'Press' });
    expect(comp.tickets).toHaveLength(3);
    expect(await remaining(type.id)).toBe(96);
    // The organizer's lists mark each sale at the door with how it was paid.
    const attendees = (await call('owner', 'GET', `/api/events/${event.id}/attendees`)).json<{
      attendees: { orderId: string; boxOfficeMethod: string | null }[];
    }>();
    // Both sales share the test clock's instant, so their order is the tickets' ids'.
    const methodOf = new Map([
      [walkIn.orderId, 'cash'],
      [comp.orderId, 'complimentary'],
    ]);
    expect(attendees.attendees).toHaveLength(4);
    for (const a of attendees.attendees) expect(a.boxOfficeMethod).toBe(methodOf.get(a.orderId));
    const listed = (await call('owner', 'GET', `/api/events/${event.id}/orders`)).json<{
      orders: { id: string; boxOfficeMethod: string | null }[];
    }>();
    expect(listed.orders).toHaveLength(2);
    for (const o of listed.orders) expect(o.boxOfficeMethod).toBe(methodOf.get(o.id));
  });

  it('takes a card through the payment provider’s card form, then admits', async () => {
    const { event, type } = await newEvent();
    const boxOffice = await teamMember('box_office');
    const sale = (
      await sell({ cookie: boxOffice.cookie }, event.id, {
        items: [{ ticketTypeId: type.id, quantity: 1 }],
        method: 'card',
      })
    ).json<BoxOfficeSale>();
    expect(sale).toMatchObject({ status: 'pending', tickets: [] });
    const session = sale.checkoutUrl?.split('/pay/')[1];
    const paid = await door.t.app.inject({
      method: 'POST',
      url: `/api/payments/local/sessions/${session}/pay`,
      payload: { name: 'Guest', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const url = `/api/door/events/${event.id}/box-office/sales/${sale.orderId}`;
    expect(
      (await call({ cookie: boxOffice.cookie }, 'GET', url)).json<BoxOfficeSale>(),
    ).toMatchObject({
      status: 'paid',
      tickets: [{ status: 'valid' }],
    });
    const admitted = await call({ cookie: boxOffice.cookie }, 'POST', `${url}/admit`);
    expect(admitted.json<BoxOfficeSale>().tickets[0]?.status).toBe('checked_in');
  });

  it('refuses bad sales naming the field, and a failure half-way leaves nothing written', async () => {
    const { event, type } = await newEvent();
    const scarce = await createTicketType(door.t.db, {
      eventId: event.id,
      quantity: 1,
      name: 'VIP',
    });
    const other = await newEvent();
    const cases: [object, number, string][] = [
      [
        { items: [{ ticketTypeId: other.type.id, quantity: 1 }], method: 'cash' },
        400,
        'body.items.0.ticketTypeId',
      ],
      [
        { items: [{ ticketTypeId: type.id, quantity: 1 }], method: 'cash', tenderedCents: 100 },
        400,
        'body.tenderedCents',
      ],
      [{ items: [{ ticketTypeId: type.id, quantity: 0 }], method: 'cash' }, 400, 'items'],
      [{ items: [{ ticketTypeId: type.id, quantity: 1 }], method: 'barter' }, 400, 'method'],
    ];
    for (const [body, status, field] of cases) {
      const response = await sell('owner', event.id, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.body).toContain(field);
    }
    const missingKey = await call(
      'owner',
      'POST',
      `/api/door/events/${event.id}/box-office/sales`,
      {
        items: [{ ticketTypeId: type.id, quantity: 1 }],
        method: 'cash',
      },
    );
    expect(missingKey.statusCode).toBe(400);

    const usersBefore = await door.t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    // The standing tickets are taken, then the VIP line is refused: everything is undone.
    const refused = await sell('owner', event.id, {
      items: [
        { ticketTypeId: type.id, quantity: 2 },
        { ticketTypeId: scarce.id, quantity: 2 },
      ],
      method: 'cash',
      buyerEmail: `half-${randomUUID()}@example.com`,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await remaining(type.id)).toBe(100);
    expect(await remaining(scarce.id)).toBe(1);
    const sales = await door.t.db
      .select()
      .from(boxOfficeSales)
      .where(eq(boxOfficeSales.eventId, event.id));
    expect(sales).toEqual([]);
    const issued = await door.t.db.select().from(tickets).where(eq(tickets.eventId, event.id));
    expect(issued).toEqual([]);
    const usersAfter = await door.t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(usersAfter[0]?.n).toBe(usersBefore[0]?.n);
  });

  it('makes one sale of a submit sent twice (the same key), and refuses the key for another sale', async () => {
    const { event, type } = await newEvent();
    const key = randomUUID();
    const body = { items: [{ ticketTypeId: type.id, quantity: 2 }], method: 'cash' };
    const [first, second] = await Promise.all([
      sell('owner', event.id, body, key),
      sell('owner', event.id, body, key),
    ]);
    expect(first?.statusCode, first?.body).toBe(200);
    expect(second?.statusCode, second?.body).toBe(200);
    expect(first?.json<BoxOfficeSale>().orderId).toBe(second?.json<BoxOfficeSale>().orderId);
    expect(await remaining(type.id)).toBe(98);
    const again = await sell('owner', event.id, { ...body, method: 'complimentary' }, key);
    expect(again.statusCode).toBe(422);
  });

  it('sums each seller’s shift for the organizer; a seller sees their own', async () => {
    const { event, type } = await newEvent();
    const ana = await teamMember('box_office');
    const ben = await teamMember('box_office');
    const line = (quantity: number) => [{ ticketTypeId: type.id, quantity }];
    await sell({ cookie: ana.cookie }, event.id, { items: line(2), method: 'cash' });
    await sell({ cookie: ana.cookie }, event.id, { items: line(1), method: 'complimentary' });
    await sell({ cookie: ben.cookie }, event.id, { items: line(1), method: 'cash' });
    // A card sale not yet paid is not in anyone's takings.
    await sell({ cookie: ben.cookie }, event.id, { items: line(1), method: 'card' });
    const url = `/api/door/events/${event.id}/box-office/summary`;
    const all = (await call('owner', 'GET', url)).json<BoxOfficeSummary>();
    const byTickets = [...all.shifts].sort((a, b) => b.tickets - a.tickets);
    expect(
      byTickets.map(({ sellerName, sales, tickets: n, cashCents, cardCents, complimentary }) => ({
        sellerName,
        sales,
        tickets: n,
        cashCents,
        cardCents,
        complimentary,
      })),
    ).toEqual([
      {
        sellerName: 'Staff box_office',
        sales: 2,
        tickets: 3,
        cashCents: 5000,
        cardCents: 0,
        complimentary: 1,
      },
      {
        sellerName: 'Staff box_office',
        sales: 1,
        tickets: 1,
        cashCents: 2500,
        cardCents: 0,
        complimentary: 0,
      },
    ]);
    const own = (await call({ cookie: ben.cookie }, 'GET', url)).json<BoxOfficeSummary>();
    expect(own.shifts.map((shift) => shift.sellerId)).toEqual([ben.user.id]);
    expect((await call('other', 'GET', url)).statusCode).toBe(403);
  });

  it('closes a seller’s cash per day in the event’s time zone, a shift each', async () => {
    const event = await createEvent(door.t.db, {
      userId: door.owner.id,
      title: `Door Weekend ${randomUUID().slice(0, 6)}`,
      isFree: false,
      capacity: null,
      timezone: 'Europe/Berlin',
      createdAt: door.t.clock.now(),
    });
    const type = await createTicketType(door.t.db, { eventId: event.id, priceCents: 2500 });
    const ana = await teamMember('box_office');
    const line = (quantity: number) => [{ ticketTypeId: type.id, quantity }];
    const sold = [];
    for (const quantity of [1, 2, 3]) {
      const sale = await sell({ cookie: ana.cookie }, event.id, {
        items: line(quantity),
        method: 'cash',
      });
      expect(sale.statusCode, sale.body).toBe(200);
      sold.push(sale.json<BoxOfficeSale>().orderId);
    }
    // Saturday 23:30 and Sunday 00:30 in Berlin are two shifts; 22:30 UTC is already Sunday.
    const at = ['2027-06-05T21:30:00.000Z', '2027-06-05T22:30:00.000Z', '2027-06-06T08:00:00Z'];
    for (const [index, orderId] of sold.entries())
      await door.t.db
        .update(boxOfficeSales)
        .set({ createdAt: new Date(at[index] ?? '') })
        .where(eq(boxOfficeSales.orderId, orderId));
    const url = `/api/door/events/${event.id}/box-office/summary`;
    for (const who of ['owner', 'admin', { cookie: ana.cookie }] as const) {
      const answer = await call(who, 'GET', url);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(
        answer
          .json<BoxOfficeSummary>()
          .shifts.map(({ day, sales, tickets: n, cashCents, firstSaleAt, lastSaleAt }) => ({
            day,
            sales,
            tickets: n,
            cashCents,
            firstSaleAt,
            lastSaleAt,
          })),
      ).toEqual([
        {
          day: '2027-06-05',
          sales: 1,
          tickets: 1,
          cashCents: 2500,
          firstSaleAt: at[0],
          lastSaleAt: at[0],
        },
        {
          day: '2027-06-06',
          sales: 2,
          tickets: 5,
          cashCents: 12500,
          firstSaleAt: at[1],
          lastSaleAt: '2027-06-06T08:00:00.000Z',
        },
      ]);
    }
    expect((await call('signedOut', 'GET', url)).statusCode).toBe(401);
    expect((await call('other', 'GET', url)).statusCode).toBe(403);
  });
});
