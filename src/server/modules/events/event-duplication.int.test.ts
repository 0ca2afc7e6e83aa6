import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, orderItems, orders, tickets, ticketTypes } from '../../db/schema/tickets';
import { events } from '../../db/schema/events';
import { AppError } from '../../platform/http/errors';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { multipart } from '../../test/uploads';
import { createTestApp, type TestApp } from '../../test/test-app';
import { registerEventCopier, type EventCopyContext } from './event-copy';

let t: TestApp;
let owner: CreatedUser;
let cookies: Record<'owner' | 'otherOrganizer' | 'attendee' | 'admin', string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Marcus Bell' });
  cookies = {
    owner: await t.signIn(owner),
    otherOrganizer: await t.signIn(await createUser(t.db, { userType: 'organizer' })),
    attendee: await t.signIn(await createUser(t.db, { userType: 'attendee' })),
    admin: await t.signIn(await createUser(t.db, { roles: ['admin'] })),
  };
});
afterAll(() => t.close());

type Who = keyof typeof cookies | 'signedOut';
const as = (who: Who) => (who === 'signedOut' ? {} : { cookie: cookies[who] });
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const duplicate = (who: Who, id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/events/${id}/duplicate`, headers: as(who), payload });

/** A published event with a sale behind it: two types (one hidden), a used code, a cover. */
async function eventWithSales() {
  const startsAt = new Date(t.clock.now().getTime() + 10 * DAY);
  const event = await createEvent(t.db, {
    userId: owner.id,
    title: 'Harbor Lights Festival',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 5 * HOUR),
    capacity: 50,
    vendorFeeAmount: 150,
    metadata: { vendor_requirements: { vendorFee: 150, notes: 'Bring a tent' } },
    createdAt: t.clock.now(),
  });
  const general = await createTicketType(t.db, {
    eventId: event.id,
    name: 'General',
    priceCents: 0,
    quantity: 30,
    salesStart: new Date(startsAt.getTime() - 12 * DAY),
    salesEnd: new Date(startsAt.getTime() - HOUR),
  });
  const crew = await createTicketType(t.db, {
    eventId: event.id,
    name: 'Crew',
    priceCents: 0,
    quantity: 10,
    unlockCode: 'CREW2026',
  });
  await t.db.insert(discountCodes).values({
    eventId: event.id,
    code: 'EARLY',
    kind: 'percent',
    amount: 20,
    ticketTypeId: crew.id,
    usageLimit: 50,
    usedCount: 7,
    validUntil: new Date(startsAt.getTime() - 2 * DAY),
  });
  // A sale behind it, written directly: what is copied must not depend on the checkout path.
  const [order] = await t.db
    .insert(orders)
    .values({ userId: owner.id, status: 'paid', currency: 'USD', subtotalCents: 0, totalCents: 0 })
    .returning();
  if (!order) throw new Error('no order');
  const [item] = await t.db
    .insert(orderItems)
    .values({
      orderId: order.id,
      eventId: event.id,
      ticketTypeId: general.id,
      quantity: 1,
      unitPriceCents: 0,
    })
    .returning();
  if (!item) throw new Error('no order item');
  await t.db.insert(tickets).values({
    orderId: order.id,
    orderItemId: item.id,
    eventId: event.id,
    ticketTypeId: general.id,
    userId: owner.id,
  });
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#123' } })
    .png()
    .toBuffer();
  const upload = multipart('cover', 'c.png', 'image/png', png);
  const covered = await t.app.inject({
    method: 'POST',
    url: `/api/events/${event.id}/cover`,
    headers: { ...upload.headers, ...as('owner') },
    payload: upload.payload,
  });
  expect(covered.statusCode).toBe(200);
  const offerTime = await t.app.inject({
    method: 'PUT',
    url: `/api/waitlist/events/${event.id}/settings`,
    headers: as('owner'),
    payload: { offerHours: 6 },
  });
  expect(offerTime.statusCode).toBe(200);
  return { event, general, crew, cover: covered.json().coverImage as Record<string, string> };
}

describe('duplicating an event', () => {
  it('copies the settings as a draft a week later and none of the sales', async () => {
    const { event, general, crew, cover } = await eventWithSales();
    const startsAt = new Date(event.startsAt.getTime() + 7 * DAY);
    const response = await duplicate('owner', event.id, { startsAt: startsAt.toISOString() });
    expect(response.statusCode).toBe(201);
    const copy = response.json();
    expect(copy).toMatchObject({
      title: 'Harbor Lights Festival',
      eventStatus: 'draft',
      publishedAt: null,
      startsAt: startsAt.toISOString(),
      // The original lasted five hours, and so does the copy.
      endsAt: new Date(startsAt.getTime() + 5 * HOUR).toISOString(),
      capacity: 50,
      vendorFeeAmount: 150,
      metadata: { vendor_requirements: { vendorFee: 150, notes: 'Bring a tent' } },
      totalTicketsSold: 0,
      signupCount: 0,
      organizer: { id: owner.id },
    });
    expect(copy.id).not.toBe(event.id);

    const types = await t.db.select().from(ticketTypes).where(eq(ticketTypes.eventId, copy.id));
    expect(types.map((x) => x.name).sort()).toEqual(['Crew', 'General']);
    const copiedGeneral = types.find((x) => x.name === 'General');
    const copiedCrew = types.find((x) => x.name === 'Crew');
    expect(copiedGeneral).toMatchObject({ quantity: 30, remaining: 30, priceCents: 0 });
    // Sales windows move with the event.
    expect(copiedGeneral?.salesStart?.getTime()).toBe(
      Number(general.salesStart?.getTime()) + 7 * DAY,
    );
    expect(copiedGeneral?.salesEnd?.getTime()).toBe(Number(general.salesEnd?.getTime()) + 7 * DAY);
    expect(copiedCrew).toMatchObject({ isHidden: true, unlockCode: 'CREW2026', remaining: 10 });
    expect(copiedCrew?.id).not.toBe(crew.id);

    const codes = await t.db.select().from(discountCodes).where(eq(discountCodes.eventId, copy.id));
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({
      code: 'EARLY',
      usedCount: 0,
      usageLimit: 50,
      ticketTypeId: copiedCrew?.id,
    });
    expect(codes[0]?.validUntil?.getTime()).toBe(startsAt.getTime() - 2 * DAY);

    expect(await t.db.select().from(tickets).where(eq(tickets.eventId, copy.id))).toEqual([]);
    expect(await t.db.select().from(orderItems).where(eq(orderItems.eventId, copy.id))).toEqual([]);

    // Waiting-list offers last as long as the original's; nobody's place is copied.
    const offerTime = await t.app.inject({
      url: `/api/waitlist/events/${copy.id}`,
      headers: as('owner'),
    });
    expect(offerTime.json()).toMatchObject({ settings: { offerHours: 6 }, entries: [] });

    // The cover is the same picture in files of its own.
    expect(copy.coverImage.small).not.toBe(cover.small);
    const [mine, theirs] = await Promise.all([
      t.app.inject({ url: copy.coverImage.small }),
      t.app.inject({ url: cover.small }),
    ]);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(theirs.rawPayload)).toBe(true);
  });

  it('lets the owner and admins duplicate, nobody else', async () => {
    const event = await createEvent(t.db, { userId: owner.id, createdAt: t.clock.now() });
    const draft = await createEvent(t.db, {
      userId: owner.id,
      eventStatus: 'draft',
      createdAt: t.clock.now(),
    });
    const body = { startsAt: new Date(event.startsAt.getTime() + 7 * DAY).toISOString() };
    expect((await duplicate('signedOut', event.id, body)).statusCode).toBe(401);
    expect((await duplicate('attendee', event.id, body)).statusCode).toBe(403);
    expect((await duplicate('otherOrganizer', event.id, body)).statusCode).toBe(403);
    // Another's draft does not show that it exists.
    expect((await duplicate('otherOrganizer', draft.id, body)).statusCode).toBe(404);
    const byAdmin = await duplicate('admin', event.id, body);
    expect(byAdmin.statusCode).toBe(201);
    // An admin's copy stays the organizer's event.
    expect(byAdmin.json().organizer.id).toBe(owner.id);
    expect((await duplicate('owner', draft.id, body)).statusCode).toBe(201);
  });

  it('names the field of bad dates', async () => {
    const event = await createEvent(t.db, { userId: owner.id, createdAt: t.clock.now() });
    const missing = await duplicate('owner', event.id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.fields[0]).toMatchObject({
      field: 'body.startsAt',
      message: 'Please choose when the copy starts',
    });
    const backwards = await duplicate('owner', event.id, {
      startsAt: '2027-03-01T18:00:00Z',
      endsAt: '2027-03-01T17:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.details.fields[0]).toMatchObject({
      field: 'body.endsAt',
      message: 'The event must end after it starts',
    });
  });

  it("runs other modules' copiers, and a failing one leaves no half-copied event", async () => {
    const { event } = await eventWithSales();
    const seen: EventCopyContext[] = [];
    const unregister = registerEventCopier('test-recorder', async (_tx, ctx) => {
      seen.push(ctx);
    });
    try {
      const ok = await duplicate('owner', event.id, { startsAt: '2027-04-01T18:00:00Z' });
      expect(ok.statusCode).toBe(201);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ fromEventId: event.id, toEventId: ok.json().id });
      // The ticket types ran first and mapped every type, hidden ones too.
      expect(seen[0]?.ticketTypeIds.size).toBe(2);
      expect(seen[0]?.shiftMs).toBe(Date.parse('2027-04-01T18:00:00Z') - event.startsAt.getTime());
    } finally {
      unregister();
    }

    const countCopies = async () =>
      (await t.db.select({ id: events.id }).from(events).where(eq(events.userId, owner.id))).length;
    const before = await countCopies();
    const unregisterFailing = registerEventCopier('test-failing', async () => {
      throw new AppError('CONFLICT', 'copier refused');
    });
    try {
      const failed = await duplicate('owner', event.id, { startsAt: '2027-04-01T18:00:00Z' });
      expect(failed.statusCode).toBe(409);
    } finally {
      unregisterFailing();
    }
    expect(await countCopies()).toBe(before);
  });
});
