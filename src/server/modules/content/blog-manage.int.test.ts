import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { requestAs } from '../../test/request-as';

// The console's post list pages and searches on the server: a blog only grows.

let t: TestApp;
const cookies: Record<string, string> = {};

type Who = 'writer' | 'admin' | 'member' | 'signedOut';
const call = requestAs(
  () => t,
  () => cookies,
);
interface Page {
  items: { title: string; status: string }[];
  total: number;
  page: number;
  pageSize: number;
}
const manage = (who: Who, query = '') => call(who, 'GET', `/api/blog/manage${query}`);
const page = async (query: string) => (await manage('writer', query)).json<Page>();

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  const people = {
    writer: await createUser(t.db, { fullName: 'Bea Blogger', roles: ['blog_admin'] }),
    admin: await createUser(t.db, { roles: ['admin'] }),
    member: await createUser(t.db),
  };
  for (const [key, user] of Object.entries(people)) cookies[key] = await t.sessionCookie(user);
  // 30 drafts, a minute apart (Post 30 the latest change), one with % and _ in its title.
  for (let i = 1; i <= 30; i++) {
    const created = await call('writer', 'POST', '/api/blog/posts', {
      title: i === 7 ? 'Post 07 at 100%_off' : `Post ${String(i).padStart(2, '0')}`,
      excerpt: 'Paging',
      bodyHtml: '<p>Hello</p>',
      tags: ['News'],
    });
    expect(created.statusCode, created.body).toBe(201);
    t.clock.advance(60_000);
  }
}, 120_000);
afterAll(() => t.close());

describe("the console's blog post list", () => {
  it('comes a page at a time, newest change first, with the total', async () => {
    const first = await page('');
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 25 });
    expect(first.items).toHaveLength(25);
    expect(first.items[0]?.title).toBe('Post 30');
    const second = await page('?page=2');
    expect(second.items.map((p) => p.title)).toEqual([
      'Post 05',
      'Post 04',
      'Post 03',
      'Post 02',
      'Post 01',
    ]);
    expect(await page('?page=9')).toMatchObject({ items: [], total: 30 });
  });

  it('bounds the page size and names the field it refuses', async () => {
    for (const query of ['?pageSize=101', '?pageSize=0', '?page=0']) {
      const refused = await manage('writer', query);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().error.details.fields[0].field, query).toMatch(/^querystring\.page/);
    }
  });

  it('searches titles, any case, with % and _ as plain text', async () => {
    expect((await page('?q=post%2007')).items.map((p) => p.title)).toEqual(['Post 07 at 100%_off']);
    expect((await page(`?q=${encodeURIComponent('%_')}`)).total).toBe(1);
    // Post 20 to Post 29.
    expect((await page('?q=POST%202')).total).toBe(10);
    expect((await page('?q=nothing')).total).toBe(0);
  });

  it('is for blog admins and admins only', async () => {
    const statuses = [];
    for (const who of ['writer', 'admin', 'member', 'signedOut'] as const)
      statuses.push((await manage(who, '?pageSize=1')).statusCode);
    expect(statuses).toEqual([200, 200, 403, 401]);
  });
});
