import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MESSAGES } from '../../../contracts/events';
import { createUser, type CreatedUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { fieldsOf, NEW_EVENT, useV1App } from './v1.test-kit';

// Public API v1 event writes: through the events service, with its rules and v1's field
// names, idempotent retries, and only within the key owner's own events.

let t: TestApp;
let organizer: CreatedUser;
let eventId: string;
let foreignEventId: string;
let cookies: Record<string, string>;
const { app, newKey, v1 } = useV1App();
beforeAll(() => {
  ({ t, organizer, eventId, foreignEventId, cookies } = app);
});

describe('v1 event writes', () => {
  it('creates a draft event with the app’s rules; problems name the snake_case field', async () => {
    const { secret } = await newKey(organizer, ['events:read', 'events:write']);
    const created = await v1(secret, 'POST', '/api/v1/events', { payload: NEW_EVENT });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      title: 'Harbour Jazz Night',
      status: 'draft',
      starts_at: '2031-06-12T18:00:00.000Z',
      venue_name: 'Pier Stage',
      capacity: 200,
      is_free: false,
    });
    const row = await t.db.execute(
      sql`select user_id from events where id = ${created.json<{ id: string }>().id}`,
    );
    expect(row.rows[0]).toEqual({ user_id: organizer.id });

    const missing = await v1(secret, 'POST', '/api/v1/events', {
      payload: { category: 'Music', city: 'Leith' },
    });
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing.body)).toEqual(
      expect.arrayContaining([
        ['body.title', expect.any(String)],
        ['body.starts_at', EVENT_MESSAGES.startRequired],
      ]),
    );
    // Cross-field rules of the event form, with v1's field names.
    const crossed = await v1(secret, 'POST', '/api/v1/events', {
      payload: { ...NEW_EVENT, ends_at: '2031-06-12T17:00:00Z', is_online: true },
    });
    expect(crossed.statusCode).toBe(400);
    expect(fieldsOf(crossed.body)).toEqual(
      expect.arrayContaining([
        ['body.ends_at', EVENT_MESSAGES.endBeforeStart],
        ['body.online_url', EVENT_MESSAGES.onlineUrl],
      ]),
    );
  });

  it('an Idempotency-Key makes a retried create one event; another body with it is 422', async () => {
    const { secret } = await newKey(organizer, ['events:write']);
    const headers = { 'idempotency-key': 'create-jazz-1' };
    const payload = { ...NEW_EVENT, title: 'Retried Night' };
    const first = await v1(secret, 'POST', '/api/v1/events', { payload, headers });
    const retry = await v1(secret, 'POST', '/api/v1/events', { payload, headers });
    expect(first.statusCode, first.body).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    const count = await t.db.execute(
      sql`select count(*)::int as n from events where title = 'Retried Night'`,
    );
    expect(count.rows[0]).toEqual({ n: 1 });
    const reused = await v1(secret, 'POST', '/api/v1/events', {
      payload: { ...payload, title: 'Something else' },
      headers,
    });
    expect(reused.statusCode).toBe(422);
  });

  it('changes only the fields sent, checks the merged event, and never another organizer’s', async () => {
    const { secret } = await newKey(organizer, ['events:write']);
    const id = (await v1(secret, 'POST', '/api/v1/events', { payload: NEW_EVENT })).json<{
      id: string;
    }>().id;
    const renamed = await v1(secret, 'PATCH', `/api/v1/events/${id}`, {
      payload: { title: 'Harbour Jazz (late show)', starts_at: '2031-06-12T20:00:00Z' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      title: 'Harbour Jazz (late show)',
      starts_at: '2031-06-12T20:00:00.000Z',
      city: 'Brighton',
    });
    // Online without a link: the service's check on the merged event, named in snake_case.
    const online = await v1(secret, 'PATCH', `/api/v1/events/${id}`, {
      payload: { is_online: true },
    });
    expect(online.statusCode).toBe(400);
    expect(fieldsOf(online.body)).toEqual([['body.online_url', EVENT_MESSAGES.onlineUrl]]);
    // The stored event ends at 22:00; a start after it is refused on the merged values.
    const late = await v1(secret, 'PATCH', `/api/v1/events/${id}`, {
      payload: { starts_at: '2031-06-12T23:00:00Z' },
    });
    expect(fieldsOf(late.body)).toEqual([['body.ends_at', EVENT_MESSAGES.endBeforeStart]]);

    const foreign = await v1(secret, 'PATCH', `/api/v1/events/${foreignEventId}`, {
      payload: { title: 'Taken over' },
    });
    expect(foreign.statusCode).toBe(404);
    const title = await t.db.execute(sql`select title from events where id = ${foreignEventId}`);
    expect(title.rows[0]).not.toEqual({ title: 'Taken over' });
  });

  it('an admin’s key acts only within the admin’s own events', async () => {
    const admin = await createUser(t.db, { userType: 'organizer', roles: ['admin'] });
    cookies[admin.id] = await t.sessionCookie(admin);
    const { secret } = await newKey(admin, ['events:read', 'events:write']);
    expect(
      (
        await v1(secret, 'PATCH', `/api/v1/events/${foreignEventId}`, {
          payload: { title: 'Admin edit' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await v1(secret, 'GET', `/api/v1/events/${eventId}`)).statusCode).toBe(404);
  });
});
