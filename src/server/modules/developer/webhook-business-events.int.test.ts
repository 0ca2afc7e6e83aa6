import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { useWebhookApp } from './webhooks.test-kit';

// Webhooks for vendors' requests, event changes and waiting-list offers (decision 029).

let t: TestApp;
let organizer: CreatedUser;
let other: CreatedUser;
let buyer: CreatedUser;
const { app, as, addEndpoint, drain, at, bodyOf, verify } = useWebhookApp();
beforeAll(() => {
  ({ t, organizer, other, buyer } = app);
});

describe('vendor and event webhooks', () => {
  it('sends vendor_request.created when a vendor applies and vendor_request.approved once on approval', async () => {
    const { secret } = await addEndpoint(organizer, '/vendors', [
      'vendor_request.created',
      'vendor_request.approved',
    ]);
    await addEndpoint(other, '/vendors-other', ['vendor_request.created']);
    const vendor = await createUser(t.db, {
      userType: 'vendor',
      fullName: 'Dee Jay',
      businessName: 'Night Owl Sound',
    });
    const vendorCookie = await t.sessionCookie(vendor);
    const event = await createEvent(t.db, {
      userId: organizer.id,
      title: 'Harbor Lights Gala',
      createdAt: t.clock.now(),
    });
    const applied = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/vendor-requests`,
      headers: { cookie: vendorCookie },
      payload: { message: 'Four hours of soul.', services: ['DJ set'], links: [] },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const requestId = applied.json<{ id: string }>().id;
    await drain();
    const created = at('/vendors').map(bodyOf);
    expect(created.map((b) => b.type)).toEqual(['vendor_request.created']);
    expect(created[0]?.data).toMatchObject({
      request_id: requestId,
      event_id: event.id,
      event_title: 'Harbor Lights Gala',
      status: 'pending',
      vendor: { id: vendor.id, name: 'Night Owl Sound' },
    });
    expect(at('/vendors').every((r) => verify(r, secret))).toBe(true);
    // Another organizer's endpoint hears nothing of this event.
    expect(at('/vendors-other')).toHaveLength(0);

    const approve = () =>
      as(organizer, 'POST', `/api/events/${event.id}/vendor-requests/${requestId}/approve`);
    expect((await approve()).statusCode).toBe(200);
    // A second approval changes nothing and emits nothing.
    expect((await approve()).json().alreadyProcessed).toBe(true);
    await drain();
    const approved = at('/vendors')
      .map(bodyOf)
      .filter((b) => b.type === 'vendor_request.approved');
    expect(approved).toHaveLength(1);
    expect(approved[0]?.data).toMatchObject({
      request_id: requestId,
      event_id: event.id,
      status: 'approved',
      vendor: { id: vendor.id, name: 'Night Owl Sound' },
    });
  });

  it('sends event.updated once per change to what the organizer set, never for sales counters', async () => {
    await addEndpoint(organizer, '/event-changes', ['event.updated']);
    const created = await as(organizer, 'POST', '/api/events', {
      title: 'Dockside Poetry',
      category: 'Arts',
      startsAt: '2031-05-01T18:00:00Z',
      city: 'Leith',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const edit = (payload: object) => as(organizer, 'PATCH', `/api/events/${id}`, payload);
    expect((await edit({ title: 'Dockside Poetry Night' })).statusCode).toBe(200);
    // The same value again is no change.
    expect((await edit({ title: 'Dockside Poetry Night' })).statusCode).toBe(200);
    expect((await as(organizer, 'POST', `/api/events/${id}/publish`)).statusCode).toBe(200);
    // What a sale does to the event row: counters only.
    await t.db.execute(
      sql`update events set total_tickets_sold = total_tickets_sold + 2,
            paid_tickets_sold = paid_tickets_sold + 2, updated_at = ${t.clock.now()}
          where id = ${id}`,
    );
    await drain();
    const changes = at('/event-changes').map(bodyOf);
    expect(changes.map((b) => b.type)).toEqual(['event.updated', 'event.updated']);
    // Sent ten at a time, so they may arrive in either order.
    const named = (field: string) =>
      changes.find((b) => (b.data.changed as string[]).includes(field))?.data;
    expect(named('title')).toMatchObject({
      event_id: id,
      changed: ['title'],
      event: { id, title: 'Dockside Poetry Night', status: 'draft' },
    });
    expect(named('event_status')?.changed).toEqual(
      expect.arrayContaining(['event_status', 'published_at']),
    );
    expect(named('event_status')?.event).toMatchObject({ status: 'published' });
    expect(new Set(changes.map((b) => b.id)).size).toBe(2);
  });

  it('sends waitlist.offered once per offer, to the event organizer’s endpoints only', async () => {
    const { secret } = await addEndpoint(organizer, '/offers', ['waitlist.offered']);
    await addEndpoint(other, '/offers-other', ['waitlist.offered']);
    const event = await createEvent(t.db, {
      userId: organizer.id,
      title: 'Harbour Lights',
      isFree: false,
      createdAt: t.clock.now(),
    });
    const type = await createTicketType(t.db, { eventId: event.id, name: 'Balcony', quantity: 2 });
    await t.db.execute(sql`update ticket_types set remaining = 0 where id = ${type.id}`);
    const joined = await as(buyer, 'POST', '/api/waitlist', { ticketTypeId: type.id, quantity: 2 });
    expect(joined.statusCode, joined.body).toBe(201);
    const entryId = joined.json<{ place: { id: string } }>().place.id;
    await t.db.execute(sql`update ticket_types set remaining = 2 where id = ${type.id}`);
    const offered = await as(organizer, 'POST', `/api/waitlist/entries/${entryId}/offer`);
    expect(offered.statusCode, offered.body).toBe(200);
    await drain();
    const [delivery, ...more] = at('/offers');
    expect(more).toEqual([]);
    if (!delivery) throw new Error('no waitlist.offered delivery');
    expect(verify(delivery, secret)).toBe(true);
    expect(bodyOf(delivery)).toMatchObject({
      type: 'waitlist.offered',
      data: {
        entry_id: entryId,
        event_id: event.id,
        event_title: 'Harbour Lights',
        ticket_type_id: type.id,
        ticket_type_name: 'Balcony',
        email: 'hooks-buyer@example.com',
        quantity: 2,
        offer_expires_at: offered.json<{ offerExpiresAt: string }>().offerExpiresAt,
      },
    });
    expect(at('/offers-other')).toEqual([]);
  });
});
