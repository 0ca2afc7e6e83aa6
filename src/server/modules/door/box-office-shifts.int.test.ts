import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BoxOfficeShift, BoxOfficeSummary } from '../../../contracts/box-office';
import { useDoorApp, type DoorWho } from '../../test/door-app';
import { createEvent, createTicketType } from '../../test/factories';
import { joinTeam } from '../../test/team-member';
import type { Sender } from '../../test/request-as';

const door = useDoorApp();
const { call } = door;

const newEvent = async () => {
  const event = await createEvent(door.t.db, {
    userId: door.owner.id,
    title: `Door Drawer ${randomUUID().slice(0, 6)}`,
    isFree: false,
    capacity: null,
    createdAt: door.t.clock.now(),
  });
  const type = await createTicketType(door.t.db, {
    eventId: event.id,
    quantity: 100,
    priceCents: 2500,
  });
  return { event, type };
};

const sell = (who: Sender<DoorWho>, eventId: string, body: object) =>
  call(who, 'POST', `/api/door/events/${eventId}/box-office/sales`, body, {
    'idempotency-key': randomUUID(),
  });

const drawer = (state: BoxOfficeShift) => ({
  floatCents: state.floatCents,
  expectedCents: state.expectedCents,
  countedCents: state.countedCents,
  differenceCents: state.differenceCents,
  closedByName: state.closedByName,
  closed: state.closedAt !== null,
});

describe('box office shifts', () => {
  it('close with a float and the cash counted, over or short; the organizer re-opens', async () => {
    const { event, type } = await newEvent();
    const ana = await joinTeam(door.t, door.cookies.owner, 'box_office');
    const ben = await joinTeam(door.t, door.cookies.owner, 'box_office');
    const items = (quantity: number) => [{ ticketTypeId: type.id, quantity }];
    const anaCookie = { cookie: ana.cookie };
    // 50.00 for 60.00 handed over (10.00 change), 25.00 exact, and a card sale outside the drawer.
    for (const body of [
      { items: items(2), method: 'cash', tenderedCents: 6000 },
      { items: items(1), method: 'cash' },
      { items: items(1), method: 'complimentary' },
    ]) {
      const sale = await sell(anaCookie, event.id, body);
      expect(sale.statusCode, sale.body).toBe(200);
    }
    const summaryUrl = `/api/door/events/${event.id}/box-office/summary`;
    const own = (await call(anaCookie, 'GET', summaryUrl)).json<BoxOfficeSummary>();
    expect(own.mayReopen).toBe(false);
    const day = own.shifts[0]?.day ?? '';
    const base = `/api/door/events/${event.id}/box-office/shifts/${ana.user.id}/${day}`;

    const float = await call(anaCookie, 'PUT', `${base}/float`, { floatCents: 10000 });
    expect(float.statusCode, float.body).toBe(200);
    expect(drawer(float.json())).toEqual({
      floatCents: 10000,
      expectedCents: 17500,
      countedCents: null,
      differenceCents: null,
      closedByName: null,
      closed: false,
    });
    expect(float.json<BoxOfficeShift>()).toMatchObject({ tenderedCents: 8500, changeCents: 1000 });

    // Bad input names its field.
    const refused = [
      await call(anaCookie, 'PUT', `${base}/float`, { floatCents: -1 }),
      await call(anaCookie, 'POST', `${base}/close`, { countedCents: 12.5 }),
      await call(anaCookie, 'POST', `${base}/close`, {}),
      await call(anaCookie, 'POST', `${base.replace(day, '2027-13-40')}/close`, {
        countedCents: 1,
      }),
    ];
    expect(refused.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400]);
    expect(refused.map((answer) => answer.json().error.details.fields[0])).toEqual([
      { field: 'body.floatCents', message: 'The float cannot be negative' },
      { field: 'body.countedCents', message: 'Enter the cash counted in whole minor units' },
      { field: 'body.countedCents', message: 'Enter the cash counted as an amount' },
      { field: 'params.day', message: 'The day must be a date (YYYY-MM-DD)' },
    ]);

    // Only the seller, the organizer and admins keep this drawer.
    const count = { countedCents: 17000 };
    const closers: Sender<DoorWho>[] = [{ cookie: ben.cookie }, 'other', 'buyer', 'signedOut'];
    const statuses = [];
    for (const who of closers)
      statuses.push((await call(who, 'POST', `${base}/close`, count)).statusCode);
    expect(statuses).toEqual([403, 403, 403, 401]);
    const unknown = `/api/door/events/${randomUUID()}/box-office/shifts/${ana.user.id}/${day}`;
    expect((await call('owner', 'POST', `${unknown}/close`, count)).statusCode).toBe(404);

    // The seller closes 5.00 short; the same count again (a double tap) is the same close.
    const [closed, again] = await Promise.all([
      call(anaCookie, 'POST', `${base}/close`, count),
      call(anaCookie, 'POST', `${base}/close`, count),
    ]);
    expect([closed?.statusCode, again?.statusCode], closed?.body).toEqual([200, 200]);
    expect(drawer(closed.json())).toEqual({
      floatCents: 10000,
      expectedCents: 17500,
      countedCents: 17000,
      differenceCents: -500,
      closedByName: 'Staff box_office',
      closed: true,
    });
    expect(again.json<BoxOfficeShift>().closedAt).toBe(closed.json<BoxOfficeShift>().closedAt);
    // Another count or float on a closed shift: only a re-opening allows it.
    expect(
      (await call(anaCookie, 'POST', `${base}/close`, { countedCents: 17500 })).statusCode,
    ).toBe(409);
    expect((await call('owner', 'PUT', `${base}/float`, { floatCents: 0 })).statusCode).toBe(409);

    // Only the organizer and admins re-open, and who did it is kept.
    expect((await call(anaCookie, 'POST', `${base}/reopen`)).statusCode).toBe(403);
    expect((await call({ cookie: ben.cookie }, 'POST', `${base}/reopen`)).statusCode).toBe(403);
    expect((await call('other', 'POST', `${base}/reopen`)).statusCode).toBe(403);
    expect((await call('signedOut', 'POST', `${base}/reopen`)).statusCode).toBe(401);
    const reopened = await call('owner', 'POST', `${base}/reopen`);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json<BoxOfficeShift>()).toMatchObject({
      closedAt: null,
      countedCents: null,
      differenceCents: null,
      reopenedByName: 'Nia Festival',
    });
    const twice = await call('owner', 'POST', `${base}/reopen`);
    expect(twice.statusCode).toBe(200);
    expect(twice.json<BoxOfficeShift>().reopenedAt).toBe(
      reopened.json<BoxOfficeShift>().reopenedAt,
    );

    // The organizer counts it again and it balances; an admin may re-open and close too.
    const balanced = await call('owner', 'POST', `${base}/close`, { countedCents: 17500 });
    expect(drawer(balanced.json())).toMatchObject({
      differenceCents: 0,
      closedByName: 'Nia Festival',
    });
    expect((await call('admin', 'POST', `${base}/reopen`)).statusCode).toBe(200);
    const byAdmin = await call('admin', 'POST', `${base}/close`, { countedCents: 18000 });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json<BoxOfficeShift>().differenceCents).toBe(500);

    const all = (await call('owner', 'GET', summaryUrl)).json<BoxOfficeSummary>();
    expect(all.mayReopen).toBe(true);
    expect(all.shifts.map(drawer)).toEqual([drawer(byAdmin.json())]);
  });

  it('opens a shift with a float before its first sale; a seller sees only their own', async () => {
    const { event } = await newEvent();
    const ana = await joinTeam(door.t, door.cookies.owner, 'box_office');
    const ben = await joinTeam(door.t, door.cookies.owner, 'box_office');
    const shift = (seller: string) =>
      `/api/door/events/${event.id}/box-office/shifts/${seller}/2027-06-05`;
    const opened = await call({ cookie: ben.cookie }, 'PUT', `${shift(ben.user.id)}/float`, {
      floatCents: 5000,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<BoxOfficeShift>()).toMatchObject({
      sellerId: ben.user.id,
      day: '2027-06-05',
      sales: 0,
      firstSaleAt: null,
      floatCents: 5000,
      expectedCents: 5000,
    });
    // Another seller's float is refused; the owner and admins set it.
    const other = { floatCents: 1 };
    expect(
      (await call({ cookie: ana.cookie }, 'PUT', `${shift(ben.user.id)}/float`, other)).statusCode,
    ).toBe(403);
    expect((await call('admin', 'PUT', `${shift(ana.user.id)}/float`, other)).statusCode).toBe(200);
    const url = `/api/door/events/${event.id}/box-office/summary`;
    const own = (await call({ cookie: ben.cookie }, 'GET', url)).json<BoxOfficeSummary>();
    expect(own.shifts.map((row) => [row.sellerId, row.floatCents])).toEqual([[ben.user.id, 5000]]);
    const all = (await call('owner', 'GET', url)).json<BoxOfficeSummary>();
    expect(all.shifts.map((row) => row.floatCents).sort()).toEqual([1, 5000]);
  });
});
