import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import {
  exampleOf,
  fillPath,
  operationsOf,
  pathParamsOf,
  type JsonSchema,
  type Operation,
} from '../../test/openapi-operations';
import { createTestApp, type TestApp } from '../../test/test-app';

// An API fuzz test generated from the OpenAPI document (bad input once answered 500): every
// operation of the app's own document gets bad input in every part (body, path, query, content
// type), signed in as the owner of real resources and signed out. No answer may be a 500, and no
// body may carry a stack trace or SQL. Deterministic (fixed inputs plus fast-check with a fixed
// seed), so a failure reproduces; new routes are covered because the document is iterated.

let t: TestApp;
let owner: CreatedUser;
let other: CreatedUser;
/** Real resources of `owner`, chosen for a path parameter by the path segment before it. */
const ids: Record<string, string> = {};
const UNKNOWN_ID = '5b7e6d1c-3f2a-4e8b-9c0d-1a2b3c4d5e6f';

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  owner = await createUser(t.db, {
    userType: 'organizer',
    roles: ['admin'],
    fullName: 'Fuzz Owner',
  });
  other = await createUser(t.db, { userType: 'vendor', fullName: 'Fuzz Other' });
  const event = await createEvent(t.db, { userId: owner.id, isFree: false });
  const ticketType = await createTicketType(t.db, { eventId: event.id });
  const cookie = await t.sessionCookie(owner);
  const code = await t.app.inject({
    method: 'POST',
    url: `/api/events/${event.id}/discount-codes`,
    headers: { cookie },
    payload: { code: 'FUZZ10', kind: 'percent', amount: 10 },
  });
  expect(code.statusCode, code.body).toBe(201);
  const chat = await t.app.inject({
    method: 'POST',
    url: '/api/chats/open',
    headers: { cookie },
    payload: { ref: other.id },
  });
  expect(chat.statusCode, chat.body).toBe(200);
  const chatId = chat.json<{ id: string }>().id;
  const message = await t.app.inject({
    method: 'POST',
    url: `/api/chats/${chatId}/messages`,
    headers: { cookie },
    payload: { body: 'hello' },
  });
  expect(message.statusCode, message.body).toBe(201);
  Object.assign(ids, {
    events: event.id,
    eventId: event.id,
    'ticket-types': ticketType.id,
    'discount-codes': code.json<{ id: string }>().id,
    chats: chatId,
    messageId: message.json<{ id: string }>().id,
    organizers: owner.id,
    vendorId: other.id,
    userId: other.id,
  });
}, 60_000);
afterAll(() => t.close());

/** The id a path parameter gets: by its name, else by the segment before it, else unknown. */
function validParams(path: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of pathParamsOf(path)) {
    const segment = path.split(`/{${name}}`)[0]?.split('/').pop() ?? '';
    values[name] = ids[name] ?? ids[segment] ?? UNKNOWN_ID;
  }
  return values;
}

/** The schema's example with real ids where a field names one (so a change reaches the database). */
function withFixtureIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withFixtureIds);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => {
      const id = {
        ticketTypeId: ids['ticket-types'],
        eventId: ids.events,
        userId: ids.userId,
        user_id: ids.userId,
        vendorId: ids.vendorId,
      }[key];
      return [key, id ?? withFixtureIds(child)];
    }),
  );
}

/** Valid bodies the schema alone cannot describe (cross-field rules), so changes get past them. */
const EXAMPLES = (): Record<string, unknown> => ({
  'POST /api/events': {
    title: 'Fuzz night',
    category: 'Music',
    startsAt: '2030-06-01T18:00:00Z',
    endsAt: '2030-06-01T22:00:00Z',
    venueName: 'Hall',
    address: '1 Main St',
    city: 'Oakland',
    capacity: 100,
    isFree: false,
  },
  'POST /api/auth/sign-up': {
    fullName: 'Fuzz Person',
    email: 'fuzz-new@example.test',
    phone: '+15550100',
    password: 'fuzz-pass-1',
    confirmPassword: 'fuzz-pass-1',
    userType: 'attendee',
  },
  'POST /api/events/{id}/announcements': { subject: 'Hello', message: 'Doors open at six' },
  'POST /api/events/{id}/announcements/preview': { subject: 'Hello', message: 'Doors open' },
  'POST /api/chats/{id}/messages': { body: 'hello' },
});

// ---------- bad values ----------

const deepNesting = (depth: number) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};

/** Hand-picked values that broke things before or break things generally. */
// Few values per kind, each aimed at a different failure, so every route gets them all within
// the integration suite's time (about 4,000 requests).
const WRONG_TYPES: unknown[] = [null, {}, 7];
const BAD_TEXT: unknown[] = [
  '',
  'a\u0000b',
  'x\udc00y\ud800',
  '🎉'.repeat(80),
  `${'x'.repeat(138)}🎉`,
  'e\u0301\u200f\u05e9\u05dc\u05d5\u05dd 👩‍👩‍👧‍👦',
  'x'.repeat(100_000),
];
const BAD_NUMBERS: unknown[] = ['1', 2147483648, -2147483649, 2 ** 53 + 2, 1e308, 0.5];
const BAD_DATES: unknown[] = [
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00.000Z',
  '9999-12-31',
];
const BAD_OBJECTS: unknown[] = [
  'x',
  deepNesting(200),
  { 'a\u0000': 1, b: 'c\u0000', d: '\udc00' },
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}'),
];

// Arbitrary UTF-16 text (unpaired surrogates included), the same on every run.
const RANDOM_TEXT = fc.sample(
  fc
    .array(fc.integer({ min: 0, max: 0xffff }), { minLength: 1, maxLength: 300 })
    .map((units) => String.fromCharCode(...units)),
  { seed: 14, numRuns: 1 },
);

const BAD_PARAMS = [
  'not-a-uuid',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F%8E%89',
  'x'.repeat(3000),
  '-1',
  '00000000-0000-0000-0000-000000000000',
];

const BAD_QUERY_VALUES = [
  'a%00b',
  '%ED%A0%80',
  '-1',
  '2147483648',
  '1e309',
  '0000-01-01',
  '9999-12-31',
  'x'.repeat(5000),
];

interface Case {
  label: string;
  url: string;
  payload?: string;
  contentType?: string;
}

/** Every place inside a body a bad value can go: each property, one level of nesting deep. */
function fieldsOf(
  schema: JsonSchema | undefined,
  prefix: string[] = [],
): { path: string[]; schema: JsonSchema }[] {
  if (!schema?.properties || prefix.length > 1) return [];
  return Object.entries(schema.properties).flatMap(([name, child]) => [
    { path: [...prefix, name], schema: child },
    ...fieldsOf(nonNull(child), [...prefix, name]),
  ]);
}

/** The schema without its `null` option (zod's nullish fields are `anyOf [T, null]`). */
function nonNull(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  return options?.find((option) => option.type !== 'null') ?? schema;
}

/** The bad values worth trying for a field of this schema (wrong types, then its own edges). */
function badValuesFor(schema: JsonSchema): unknown[] {
  const field = nonNull(schema);
  const type = Array.isArray(field.type) ? field.type[0] : field.type;
  if (type === 'integer' || type === 'number') return [...WRONG_TYPES, ...BAD_NUMBERS];
  if (type === 'boolean') return [...WRONG_TYPES, 'true', 0];
  if (type === 'array') return [...WRONG_TYPES.slice(0, 2), 'x', ['a\u0000'], [deepNesting(40)]];
  if (type === 'object' || field.additionalProperties || field.properties)
    return [...WRONG_TYPES.slice(0, 2), ...BAD_OBJECTS];
  if (field.format === 'date-time' || field.format === 'date')
    return [...WRONG_TYPES.slice(0, 2), 'a\u0000b', ...BAD_DATES];
  if (field.format === 'uuid') return [...WRONG_TYPES.slice(0, 2), 'not-a-uuid', 'a\u0000b'];
  if (field.enum) return [...WRONG_TYPES.slice(0, 2), 'x', 'a\u0000b'];
  return [...WRONG_TYPES, ...BAD_TEXT, ...RANDOM_TEXT];
}

function withValue(base: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  target[path[path.length - 1] ?? ''] = value;
  return copy;
}

function casesOf(operation: Operation): Case[] {
  const params = validParams(operation.path);
  const url = fillPath(operation.path, params);
  const cases: Case[] = [];
  const json = (label: string, body: unknown, at = url) =>
    cases.push({
      label,
      url: at,
      payload: JSON.stringify(body),
      contentType: 'application/json',
    });

  // Path parameters: each one wrong while the others are real.
  for (const name of pathParamsOf(operation.path)) {
    for (const bad of BAD_PARAMS) {
      const at = fillPath(operation.path, { ...params, [name]: bad }, { raw: true });
      cases.push({ label: `path ${name}=${bad.slice(0, 40)}`, url: at });
    }
  }
  // Query parameters: each one wrong, and each one repeated (an array).
  for (const query of operation.parameters.filter((p) => p.in === 'query')) {
    for (const bad of BAD_QUERY_VALUES) {
      cases.push({
        label: `query ${query.name}=${bad.slice(0, 40)}`,
        url: `${url}?${query.name}=${bad}`,
      });
    }
    cases.push({
      label: `query ${query.name} twice`,
      url: `${url}?${query.name}=1&${query.name}=2`,
    });
  }
  // A NUL in an unknown query parameter too (some routes read the raw query).
  cases.push({ label: 'query unknown NUL', url: `${url}?zz=%00` });

  if (operation.method === 'GET' || operation.method === 'HEAD') return cases;

  // Whole bodies of the wrong shape or type.
  cases.push({ label: 'no body', url });
  cases.push({ label: 'malformed JSON', url, payload: '{"a":', contentType: 'application/json' });
  cases.push({
    label: 'JSON with NUL escape',
    url,
    payload: '{"a":"\\u0000"}',
    contentType: 'application/json',
  });
  cases.push({
    label: 'JSON lone surrogate',
    url,
    payload: '{"a":"\\ud800"}',
    contentType: 'application/json',
  });
  cases.push({ label: 'text/plain', url, payload: 'hello', contentType: 'text/plain' });
  cases.push({
    label: 'form',
    url,
    payload: 'a=b&c=%00',
    contentType: 'application/x-www-form-urlencoded',
  });
  cases.push({
    label: 'multipart junk',
    url,
    payload: '--x\r\n\r\n',
    contentType: 'multipart/form-data; boundary=x',
  });
  cases.push({
    label: '__proto__ at the top',
    url,
    payload: '{"__proto__":{"polluted":true}}',
    contentType: 'application/json',
  });
  for (const body of [null, [], 'text', deepNesting(200)]) {
    json(`body ${JSON.stringify(body)?.slice(0, 30)}`, body);
  }
  // Nesting far past the call stack (built as text: JSON.stringify itself would overflow).
  const depth = 100_000;
  cases.push({
    label: 'body nested 100,000 deep',
    url,
    payload: `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`,
    contentType: 'application/json',
  });
  if (!operation.body) return cases;

  const base =
    EXAMPLES()[`${operation.method} ${operation.path}`] ??
    withFixtureIds(exampleOf(operation.body) ?? {});
  json('example body', base);
  for (const { path, schema } of fieldsOf(operation.body)) {
    const field = path.join('.');
    json(`missing ${field}`, withValue(base, path, undefined));
    for (const bad of badValuesFor(schema)) {
      json(`${field}=${JSON.stringify(bad)?.slice(0, 40)}`, withValue(base, path, bad));
    }
  }
  // An object that allows any key (a free-form record): values of every kind.
  if (operation.body.additionalProperties) {
    for (const bad of [...BAD_TEXT, ...BAD_NUMBERS, ...BAD_DATES, ...BAD_OBJECTS]) {
      json(`record value ${JSON.stringify(bad)?.slice(0, 40)}`, { a: bad });
    }
  }
  return cases;
}

// Destructive operations last, so the owner's resources exist for everything else.
const rank = (operation: Operation) =>
  operation.method === 'DELETE'
    ? 2
    : /\/(cancel|sign-out|decline|reject)$/.test(operation.path)
      ? 1
      : 0;

const LEAKS =
  /\n\s+at |node_modules|Failed query|\bselect\b.+\bfrom\b|insert into|violates|syntax error|DrizzleQueryError|stack/i;

async function send(operation: Operation, testCase: Case, cookie: string | undefined) {
  const response = await t.app.inject({
    method: operation.method as 'POST',
    url: testCase.url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(testCase.contentType ? { 'content-type': testCase.contentType } : {}),
    },
    ...(testCase.payload === undefined ? {} : { payload: testCase.payload }),
  });
  const leaks = response.statusCode >= 400 && LEAKS.test(response.body);
  return response.statusCode >= 500 || leaks
    ? `${operation.method} ${operation.path} [${testCase.label}] ${cookie ? 'signed in' : 'signed out'}: ${response.statusCode} ${response.body.slice(0, 300)}`
    : undefined;
}

/** Runs the requests a few at a time (they wait on the database more than on the CPU). */
async function sendAll(requests: (() => Promise<string | undefined>)[], parallel = 4) {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const failure = await requests[next++]?.();
      if (failure) failures.push(failure);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return failures;
}

describe('API fuzz generated from the OpenAPI document', () => {
  it('answers every bad input with a 4xx and no internals', { timeout: 300_000 }, async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    // FUZZ_ONLY=<regex of "METHOD /path"> runs some operations only (while fixing what it found).
    const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;
    const operations = operationsOf(document)
      .sort((a, b) => rank(a) - rank(b))
      .filter((o) => !only || only.test(`${o.method} ${o.path}`));
    if (!only) expect(operations.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let requests = 0;
    for (const operation of operations) {
      const cases = casesOf(operation);
      const signedIn = await t.sessionCookie(owner);
      // Signed out, a route behind sign-in answers 401 before it reads anything: half the cases
      // signed out where signed-out people get further, an eighth of them elsewhere.
      const probe = await t.app.inject({
        method: operation.method as 'POST',
        url: fillPath(operation.path, validParams(operation.path)),
      });
      const isPublic = probe.statusCode !== 401;
      const batch = [
        ...cases.map((testCase) => () => send(operation, testCase, signedIn)),
        ...cases
          .filter((_, index) => index % (isPublic ? 2 : 8) === 0)
          .map((testCase) => () => send(operation, testCase, undefined)),
      ];
      requests += batch.length;
      failures.push(...(await sendAll(batch)));
    }
    if (!only) expect(requests).toBeGreaterThan(4000);
    expect(failures).toEqual([]);
  });
});
