import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateLedger } from '../../db/schema/affiliates';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// The affiliate's ledger pages on the server: it grows by a line for every referred sale.

let t: TestApp;
const cookies: Record<string, string> = {};

type Who = 'affiliate' | 'other' | 'admin' | 'anon';
const ledger = (who: Who, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/affiliates/me/ledger${query}`,
    headers: who === 'anon' ? {} : { cookie: cookies[who] as string },
  });
interface Page {
  entries: { reference: string | null; kind: string; amountCents: number }[];
  total: number;
  page: number;
  pageSize: number;
}
const page = async (query: string, who: Who = 'affiliate') =>
  (await ledger(who, query)).json<Page>();

beforeAll(async () => {
  t = await createTestApp();
  const people = {
    affiliate: await createUser(t.db, { fullName: 'Ana Affiliate' }),
    other: await createUser(t.db, { fullName: 'Otto Other' }),
    admin: await createUser(t.db, { roles: ['admin'] }),
  };
  for (const [key, user] of Object.entries(people)) cookies[key] = await t.sessionCookie(user);
  for (const who of ['affiliate', 'other'] as const) {
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/affiliates/join',
      headers: { cookie: cookies[who] as string },
      payload: { acceptTerms: true },
    });
    expect(joined.statusCode, joined.body).toBe(200);
  }
  // 30 payouts a day apart (P01 the oldest), and one of someone else's.
  const start = t.clock.now().getTime();
  await t.db.insert(affiliateLedger).values([
    ...Array.from({ length: 30 }, (_, i) => ({
      affiliateId: people.affiliate.id,
      kind: 'payout' as const,
      amountCents: -(100 + i),
      reference: `P${String(i + 1).padStart(2, '0')}`,
      availableAt: new Date(start + i * 86_400_000),
      createdAt: new Date(start + i * 86_400_000),
    })),
    {
      affiliateId: people.other.id,
      kind: 'payout' as const,
      amountCents: -999,
      reference: 'OTHER',
      availableAt: new Date(start),
      createdAt: new Date(start),
    },
  ]);
});
afterAll(() => t.close());

describe("the affiliate's ledger", () => {
  it('comes newest first, a page at a time, with the total', async () => {
    const first = await page('');
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 25 });
    expect(first.entries).toHaveLength(25);
    expect(first.entries[0]?.reference).toBe('P30');
    const second = await page('?page=2');
    expect(second.entries.map((e) => e.reference)).toEqual(['P05', 'P04', 'P03', 'P02', 'P01']);
    const small = await Promise.all([1, 2, 3].map((n) => page(`?page=${n}&pageSize=10`)));
    expect(small.flatMap((p) => p.entries.map((e) => e.reference))).toEqual(
      [...first.entries, ...second.entries].map((e) => e.reference),
    );
    expect(await page('?page=4&pageSize=10')).toMatchObject({ entries: [], total: 30 });
  });

  it('bounds the page size and names the field it refuses', async () => {
    for (const query of ['?pageSize=101', '?pageSize=0', '?page=0', '?page=x']) {
      const refused = await ledger('affiliate', query);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().error.details.fields[0].field, query).toMatch(/^querystring\.page/);
    }
  });

  it("is one's own: others see theirs, admins their own, visitors are asked to sign in", async () => {
    expect((await page('', 'other')).entries.map((e) => e.reference)).toEqual(['OTHER']);
    expect(await page('', 'admin')).toMatchObject({ entries: [], total: 0 });
    expect((await ledger('anon')).statusCode).toBe(401);
  });
});
