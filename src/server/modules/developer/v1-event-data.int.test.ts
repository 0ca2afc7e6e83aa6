import { describe, expect, it } from 'vitest';
import { WAITLIST_MESSAGES } from '../../../contracts/waitlist';
import { createEvent, createTicketType } from '../../test/factories';
import { linkFrom, waitForCapturedMail } from '../../test/mail';
import { fieldsOf, useV1App } from './v1.test-kit';

// Public API v1 over an event's capacity pools, waiting list and exports: what the owner's key
// reads and changes, and the access matrix for each route (the owner's key, another
// organizer's, no key, a revoked key).

const { app, newKey, v1, revoke, waitlistFixture, readyExport } = useV1App();

const ALL = ['events:read', 'waitlist:read', 'waitlist:write', 'exports:read'] as const;

describe('v1 capacity pools, waiting list and exports', () => {
  it('lists the event’s capacity pools with what is sold, held and left', async () => {
    const { eventId } = app;
    const list = await waitlistFixture(eventId);
    const { secret } = await newKey(app.organizer, ['events:read']);
    const response = await v1(secret, 'GET', `/api/v1/events/${eventId}/capacity-pools`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      data: [
        {
          id: list.poolId,
          name: 'Main hall',
          capacity: 40,
          ticket_type_ids: [list.pooledTypeId],
          sold: 0,
          held: 0,
          left: 40,
        },
      ],
    });
  });

  it('reads the waiting list, puts someone on it, offers a place now and takes one off', async () => {
    const { t, eventId } = app;
    const list = await waitlistFixture(eventId);
    const { secret } = await newKey(app.organizer, ALL);
    const read = async (query = '') =>
      (await v1(secret, 'GET', `/api/v1/events/${eventId}/waitlist${query}`)).json<{
        offer_hours: number;
        data: { id: string; status: string; position: number | null; email: string }[];
      }>();
    const before = await read(`?ticket_type_id=${list.fullTypeId}`);
    expect(before.offer_hours).toBe(24);
    expect(before.data).toEqual([
      expect.objectContaining({
        id: list.entryId,
        status: 'waiting',
        position: 1,
        email: 'v1-buyer@example.com',
        quantity: 1,
        ticket_type_name: 'Balcony',
      }),
    ]);

    // Someone added by the organizer confirms by the mailed link before they are in line.
    const add = (body: object) =>
      v1(secret, 'POST', `/api/v1/events/${eventId}/waitlist`, { payload: body });
    const added = await add({
      ticket_type_id: list.soldOutTypeId,
      email: 'phone-caller@example.com',
      quantity: 2,
      language: 'fr',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      email: 'phone-caller@example.com',
      quantity: 2,
      status: 'unconfirmed',
      position: null,
      ticket_type_id: list.soldOutTypeId,
    });
    const [mail] = await waitForCapturedMail(t.db, 'phone-caller@example.com');
    const link = linkFrom(mail?.text ?? '', `${t.config.PUBLIC_URL}/waitlist/`);
    const token = link.split('/waitlist/')[1] ?? '';
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/waitlist/places/${token}/confirm`,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await read('?status=waiting')).data.map((e) => e.email)).toContain(
      'phone-caller@example.com',
    );
    // Already in line; a type of another event; a type still on sale; bad fields by name.
    const again = await add({
      ticket_type_id: list.soldOutTypeId,
      email: 'PHONE-CALLER@example.com',
      quantity: 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(WAITLIST_MESSAGES.alreadyOnList);
    const foreignType = await createTicketType(t.db, { eventId: app.foreignEventId });
    const foreign = await add({
      ticket_type_id: foreignType.id,
      email: 'a@example.com',
      quantity: 1,
    });
    expect(foreign.statusCode).toBe(400);
    expect(fieldsOf(foreign.body)).toEqual([['body.ticket_type_id', expect.any(String)]]);
    const onSale = await add({
      ticket_type_id: list.pooledTypeId,
      email: 'a@example.com',
      quantity: 1,
    });
    expect(onSale.statusCode, onSale.body).toBe(409);
    expect(onSale.json().error.message).toBe(WAITLIST_MESSAGES.notSoldOut);
    const bad = await add({ ticket_type_id: list.soldOutTypeId, email: 'nope', quantity: 0 });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(
      expect.arrayContaining([
        ['body.email', WAITLIST_MESSAGES.email],
        ['body.quantity', WAITLIST_MESSAGES.quantity],
      ]),
    );

    // The returned ticket goes to the waiting buyer now; the offer shows under status=offered.
    const offered = await v1(
      secret,
      'POST',
      `/api/v1/events/${eventId}/waitlist/${list.entryId}/offer`,
    );
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json()).toMatchObject({
      status: 'offered',
      offered_quantity: 1,
      offer_expires_at: expect.any(String),
    });
    expect((await read('?status=offered')).data.map((e) => e.id)).toEqual([list.entryId]);
    const twice = await v1(
      secret,
      'POST',
      `/api/v1/events/${eventId}/waitlist/${list.entryId}/offer`,
    );
    expect(twice.statusCode).toBe(409);

    const cancelled = await v1(
      secret,
      'POST',
      `/api/v1/events/${eventId}/waitlist/${list.entryId}/cancel`,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'removed' });
    // An entry of this event asked for under another of the owner's events is not found.
    const elsewhere = await createEvent(t.db, {
      userId: app.organizer.id,
      createdAt: t.clock.now(),
    });
    const wrong = await v1(
      secret,
      'POST',
      `/api/v1/events/${elsewhere.id}/waitlist/${list.entryId}/cancel`,
    );
    expect(wrong.statusCode).toBe(404);
  });

  it('starts an export, follows it until ready and downloads its file', async () => {
    const { eventId } = app;
    const { secret } = await newKey(app.organizer, ['exports:read']);
    const id = await readyExport(secret, eventId);
    const got = await v1(secret, 'GET', `/api/v1/events/${eventId}/exports/${id}`);
    expect(got.json()).toMatchObject({
      id,
      kind: 'attendees',
      format: 'csv',
      status: 'ready',
      rows_total: 2,
      rows_done: 2,
      file_url: `/api/v1/events/${eventId}/exports/${id}/file`,
    });
    const listed = await v1(secret, 'GET', `/api/v1/events/${eventId}/exports`);
    expect(listed.json<{ data: { id: string }[] }>().data.map((e) => e.id)).toContain(id);
    const file = await v1(secret, 'GET', `/api/v1/events/${eventId}/exports/${id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/text\/csv/);
    expect(file.body).toContain('Bea Buyer');
    const bad = await v1(secret, 'POST', `/api/v1/events/${eventId}/exports`, {
      payload: { kind: 'everything', format: 'pdf' },
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.body).map(([field]) => field)).toEqual(
      expect.arrayContaining(['body.kind', 'body.format']),
    );
  });

  it('answers the owner’s key only: another organizer’s key, no key and a revoked key are refused', async () => {
    const { eventId } = app;
    const list = await waitlistFixture(eventId);
    const mine = await newKey(app.organizer, ALL);
    const exportId = await readyExport(mine.secret, eventId);
    const theirs = await newKey(app.other, ALL);
    const revoked = await newKey(app.organizer, ALL);
    expect((await revoke(app.organizer, revoked.key.id)).statusCode).toBe(200);
    const reads = [
      `/api/v1/events/${eventId}/capacity-pools`,
      `/api/v1/events/${eventId}/waitlist`,
      `/api/v1/events/${eventId}/exports`,
      `/api/v1/events/${eventId}/exports/${exportId}`,
      `/api/v1/events/${eventId}/exports/${exportId}/file`,
    ];
    const writes = [
      `/api/v1/events/${eventId}/waitlist/${list.entryId}/offer`,
      `/api/v1/events/${eventId}/waitlist/${list.entryId}/cancel`,
    ];
    const wrong: string[] = [];
    for (const [method, url] of [
      ...reads.map((url) => ['GET', url] as const),
      ...writes.map((url) => ['POST', url] as const),
    ])
      for (const [who, secret, status] of [
        ['no key', null, 401],
        ['revoked', revoked.secret, 401],
        ['another organizer', theirs.secret, 404],
      ] as const) {
        const response = await v1(secret, method, url);
        if (response.statusCode !== status)
          wrong.push(`${method} ${url} ${who}: ${response.statusCode}`);
      }
    expect(wrong).toEqual([]);
    // Nothing changed for the refused writes: the place still waits, and the owner's key works.
    const owned: string[] = [];
    for (const url of reads) {
      const response = await v1(mine.secret, 'GET', url);
      if (response.statusCode !== 200) owned.push(`${url}: ${response.statusCode}`);
    }
    expect(owned).toEqual([]);
    const place = (
      await v1(mine.secret, 'GET', `/api/v1/events/${eventId}/waitlist?status=waiting`)
    ).json<{ data: { id: string }[] }>();
    expect(place.data.map((e) => e.id)).toContain(list.entryId);
  });
});
