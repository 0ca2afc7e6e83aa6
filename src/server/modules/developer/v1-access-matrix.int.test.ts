import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_SCOPES, type ApiScope } from '../../../contracts/developer';
import type { CreatedUser } from '../../test/factories';
import { fillPath, operationsOf, type Operation } from '../../test/openapi-operations';
import type { TestApp } from '../../test/test-app';
import { NEW_EVENT, useV1App } from './v1.test-kit';

// The public API v1 scope and ownership matrix, generated from the route list: every route
// names its scope, refuses no key, a revoked or expired key and a key without the scope, and a
// key of one organizer never reaches another organizer's event or data.

let t: TestApp;
let organizer: CreatedUser;
let other: CreatedUser;
let buyer: CreatedUser;
let eventId: string;
let cookies: Record<string, string>;
let orderId: string;
const { app, newKey, v1, waitlistFixture, readyExport } = useV1App();
beforeAll(() => {
  ({ t, organizer, other, buyer, eventId, cookies } = app);
  orderId = app.firstOrder.id;
});

// Every /api/v1 route, from the OpenAPI document, with the scope it needs. A route missing here
// fails the first test, so a new v1 route must say what it needs.
const SCOPE_OF: Record<string, ApiScope> = {
  'GET /api/v1/events': 'events:read',
  'POST /api/v1/events': 'events:write',
  'GET /api/v1/events/{id}': 'events:read',
  'PATCH /api/v1/events/{id}': 'events:write',
  'GET /api/v1/events/{id}/orders': 'orders:read',
  'GET /api/v1/events/{id}/attendees': 'attendees:read',
  'GET /api/v1/events/{id}/transfers': 'attendees:read',
  'GET /api/v1/events/{id}/vendors': 'vendors:read',
  'POST /api/v1/events/{id}/check-ins': 'checkins:write',
  'GET /api/v1/events/{id}/capacity-pools': 'events:read',
  'GET /api/v1/events/{id}/waitlist': 'waitlist:read',
  'POST /api/v1/events/{id}/waitlist': 'waitlist:write',
  'POST /api/v1/events/{id}/waitlist/{entryId}/offer': 'waitlist:write',
  'POST /api/v1/events/{id}/waitlist/{entryId}/cancel': 'waitlist:write',
  'GET /api/v1/events/{id}/exports': 'exports:read',
  'POST /api/v1/events/{id}/exports': 'exports:read',
  'GET /api/v1/events/{id}/exports/{exportId}': 'exports:read',
  'GET /api/v1/events/{id}/exports/{exportId}/file': 'exports:read',
};

describe('the v1 scope and ownership matrix (generated from the route list)', () => {
  let operations: Operation[];
  const keyOf = (operation: Operation) => `${operation.method} ${operation.path}`;
  const bodies: Record<string, object> = {
    'POST /api/v1/events': NEW_EVENT,
    'PATCH /api/v1/events/{id}': { title: 'Matrix Night' },
    'POST /api/v1/events/{id}/exports': { kind: 'orders', format: 'csv' },
  };
  // The other path parameters: the owner's waiting place (offered, then taken off the list, in
  // the document's order) and a ready export.
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    operations = operationsOf(document).filter((o) => o.path.startsWith('/api/v1/'));
    const cookie = cookies[buyer.id] ?? '';
    const mine = await t.app.inject({ url: '/api/me/tickets', headers: { cookie } });
    const code = (mine.json() as { tickets: { orderId: string; code: string }[] }).tickets.find(
      (x) => x.orderId === orderId,
    )?.code;
    bodies['POST /api/v1/events/{id}/check-ins'] = { code: code ?? 'none' };
    const list = await waitlistFixture(eventId);
    ids.entryId = list.entryId;
    bodies['POST /api/v1/events/{id}/waitlist'] = {
      ticket_type_id: list.soldOutTypeId,
      email: 'matrix@example.com',
      quantity: 1,
    };
    ids.exportId = await readyExport((await newKey(organizer, ['exports:read'])).secret, eventId);
  });

  const call = (operation: Operation, secret: string | null, event: string) =>
    v1(secret, operation.method as 'GET', fillPath(operation.path, { ...ids, id: event }), {
      payload: bodies[keyOf(operation)],
    });

  it('documents the v1 writes and lists with examples', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>();
    const example = (path: string, method: string, where: 'request' | 'response') => {
      const operation = document.paths[path]?.[method] as
        | {
            requestBody?: { content: Record<string, { schema: { example?: unknown } }> };
            responses: Record<
              string,
              { content?: Record<string, { schema: { example?: unknown } }> }
            >;
          }
        | undefined;
      if (where === 'request')
        return operation?.requestBody?.content['application/json']?.schema.example;
      const ok = operation?.responses['200'] ?? operation?.responses['201'];
      return ok?.content?.['application/json']?.schema.example;
    };
    expect(example('/api/v1/events', 'post', 'request')).toMatchObject({
      starts_at: expect.any(String),
    });
    expect(example('/api/v1/events/{id}', 'patch', 'request')).toBeTruthy();
    for (const [path, method] of [
      ['/api/v1/events', 'get'],
      ['/api/v1/events', 'post'],
      ['/api/v1/events/{id}/orders', 'get'],
      ['/api/v1/events/{id}/vendors', 'get'],
      ['/api/v1/events/{id}/capacity-pools', 'get'],
      ['/api/v1/events/{id}/waitlist', 'get'],
      ['/api/v1/events/{id}/exports', 'get'],
    ] as const)
      expect(example(path, method, 'response'), `${method} ${path}`).toBeTruthy();
    expect(example('/api/v1/events/{id}/orders', 'get', 'response')).toMatchObject({
      data: [{ answers: expect.arrayContaining([expect.objectContaining({ ticket_index: 0 })]) }],
    });
    // The answers, access codes and hidden types are told in the document, not only in code.
    const text = JSON.stringify(document);
    const orders = JSON.stringify(document.paths['/api/v1/events/{id}/orders']);
    expect(orders).toContain('checkout questions');
    expect(orders).toContain('access code that revealed');
    expect(JSON.stringify(document.paths['/api/v1/events/{id}/attendees'])).toContain(
      'checkout questions',
    );
    expect(text).toContain('Hidden ticket types (revealed at checkout by an access code)');
    expect(JSON.stringify(document.paths['/api/developer/webhooks'])).toContain(
      '`order.paid` data',
    );
  });

  it('names the scope of every v1 route, and of no route that is gone', () => {
    const keys = operations.map(keyOf);
    expect(keys.length).toBeGreaterThanOrEqual(8);
    expect(keys.filter((key) => !(key in SCOPE_OF))).toEqual([]);
    expect(Object.keys(SCOPE_OF).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('refuses no key, a revoked or expired key, and a key without the route’s scope', async () => {
    const revoked = await newKey(organizer, API_SCOPES);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/developer/keys/${revoked.key.id}`,
      headers: { cookie: cookies[organizer.id] },
    });
    const expired = await newKey(organizer, API_SCOPES);
    await t.db.execute(
      sql`update api_keys set expires_at = ${new Date(t.clock.now().getTime() - 1000)}
          where id = ${expired.key.id}`,
    );
    const wrong: string[] = [];
    const withoutScope = new Map<string, string>();
    for (const operation of operations) {
      const scope = SCOPE_OF[keyOf(operation)] ?? 'events:read';
      const without =
        withoutScope.get(scope) ??
        (
          await newKey(
            organizer,
            API_SCOPES.filter((s) => s !== scope),
          )
        ).secret;
      withoutScope.set(scope, without);
      for (const [who, secret, status] of [
        ['no key', null, 401],
        ['revoked', revoked.secret, 401],
        ['expired', expired.secret, 401],
        [`without ${scope}`, without, 403],
      ] as const) {
        const response = await call(operation, secret, eventId);
        if (response.statusCode !== status)
          wrong.push(`${keyOf(operation)} ${who}: ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a key of one organizer never reaches another organizer’s event or data; the owner’s does', async () => {
    const mine = await newKey(organizer, API_SCOPES);
    const theirs = await newKey(other, API_SCOPES);
    const leaks: string[] = [];
    for (const operation of operations) {
      const key = keyOf(operation);
      if (operation.path.includes('{id}')) {
        const response = await call(operation, theirs.secret, eventId);
        if (response.statusCode !== 404) leaks.push(`${key}: ${response.statusCode}`);
      } else {
        // Lists and creates act on the caller's own events: nothing of the other's shows.
        const response = await call(operation, theirs.secret, eventId);
        if (response.statusCode >= 300) leaks.push(`${key}: ${response.statusCode}`);
        if (response.body.includes(eventId) || response.body.includes(orderId))
          leaks.push(`${key}: shows the other organizer's data`);
      }
    }
    expect(leaks).toEqual([]);
    const refused: string[] = [];
    for (const operation of operations) {
      const response = await call(operation, mine.secret, eventId);
      if (response.statusCode >= 300)
        refused.push(`${keyOf(operation)}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(refused).toEqual([]);
  });
});
