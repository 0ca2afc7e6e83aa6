import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { requestAs } from '../../test/request-as';

// A list's subscribers page and search on the server: lists grow to many thousands of people.

let t: TestApp;
let listId: string;
const cookies: Record<string, string> = {};

type Who = 'owner' | 'other' | 'admin' | 'attendee' | 'signedOut';
const call = requestAs(
  () => t,
  () => cookies,
);

interface Page {
  subscribers: { email: string; name: string }[];
  total: number;
}
const list = (who: Who, query = '') =>
  call(who, 'GET', `/api/marketing/lists/${listId}/subscribers${query}`);
const page = async (query: string) => (await list('owner', query)).json<Page>();

beforeAll(async () => {
  t = await createTestApp();
  const people = {
    owner: await createUser(t.db, { userType: 'organizer' }),
    other: await createUser(t.db, { userType: 'organizer' }),
    admin: await createUser(t.db, { roles: ['admin'] }),
    attendee: await createUser(t.db, { userType: 'attendee' }),
  };
  for (const [key, user] of Object.entries(people)) cookies[key] = await t.sessionCookie(user);
  const created = await call('owner', 'POST', '/api/marketing/lists', {
    name: 'Fans',
    optIn: 'single',
  });
  listId = created.json<{ id: string }>().id;
  // 60 fans, two of them named Lee, one with a name that holds % and _.
  const rows = Array.from({ length: 60 }, (_, i) => [
    `fan${String(i + 1).padStart(2, '0')}@paging.test`,
    i === 0 ? 'Lee Obi' : i === 1 ? 'Lee 100%_Fan' : `Fan ${i + 1}`,
  ]);
  const imported = await call('owner', 'POST', `/api/marketing/lists/${listId}/import`, {
    header: ['Email', 'Name'],
    rows,
    mapping: { email: 0, name: 1, attributes: [] },
  });
  expect(imported.json()).toMatchObject({ added: 60 });
});
afterAll(() => t.close());

describe("a list's subscribers", () => {
  it('come a page at a time with the total of the list', async () => {
    const all = await page('?limit=200');
    expect(all.total).toBe(60);
    expect(all.subscribers).toHaveLength(60);
    const first = await page('?limit=25&offset=0');
    const second = await page('?limit=25&offset=25');
    const third = await page('?limit=25&offset=50');
    expect([first, second, third].map((p) => [p.subscribers.length, p.total])).toEqual([
      [25, 60],
      [25, 60],
      [10, 60],
    ]);
    // Pages neither repeat nor skip anyone: together they are the whole list, in its order.
    expect(
      [...first.subscribers, ...second.subscribers, ...third.subscribers].map((s) => s.email),
    ).toEqual(all.subscribers.map((s) => s.email));
    expect(await page('?limit=25&offset=500')).toEqual({ subscribers: [], total: 60 });
    // 50 when the page size is not given.
    expect((await page('')).subscribers).toHaveLength(50);
  });

  it('bound the page size and name the field they refuse', async () => {
    for (const [query, field] of [
      ['?limit=201', 'querystring.limit'],
      ['?limit=0', 'querystring.limit'],
      ['?offset=-1', 'querystring.offset'],
      ['?limit=abc', 'querystring.limit'],
    ] as const) {
      const refused = await list('owner', query);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().error.details.fields[0].field, query).toBe(field);
    }
  });

  it('are searched by address or name, any case, with % and _ as plain text, and page too', async () => {
    const lee = await page('?search=LEE');
    expect(lee.total).toBe(2);
    expect(lee.subscribers.map((s) => s.name).sort()).toEqual(['Lee 100%_Fan', 'Lee Obi']);
    expect((await page('?search=fan07%40PAGING')).subscribers.map((s) => s.email)).toEqual([
      'fan07@paging.test',
    ]);
    expect((await page(`?search=${encodeURIComponent('100%_')}`)).total).toBe(1);
    expect((await page(`?search=${encodeURIComponent('_')}`)).total).toBe(1);
    const searched = await page('?search=paging&limit=25&offset=50');
    expect([searched.subscribers.length, searched.total]).toEqual([10, 60]);
    expect(await page('?search=nobody')).toEqual({ subscribers: [], total: 0 });
  });

  it("are for the list's owner and admins only", async () => {
    const statuses = [];
    for (const who of ['owner', 'admin', 'other', 'attendee', 'signedOut'] as const)
      statuses.push((await list(who, '?limit=5&search=lee')).statusCode);
    expect(statuses).toEqual([200, 200, 404, 403, 401]);
    expect((await list('admin', '?limit=5')).json<Page>().total).toBe(60);
  });
});
