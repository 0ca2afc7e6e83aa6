import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailSubscribers } from '../../db/schema/marketing';
import type { CreatedUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { useMarketingApp } from './marketing.test-kit';

const { app, call, newList, importRows } = useMarketingApp();
let t: TestApp;
let owner: CreatedUser;
beforeAll(() => ({ t, owner } = app));

describe('CSV import', () => {
  it('adds valid rows and reports every skipped row with its reason', async () => {
    const list = await newList();
    // Someone who unsubscribed from this owner earlier (on another list) is never re-subscribed.
    const left = await newList({ name: 'Old list' });
    await call('owner', 'POST', `/api/marketing/lists/${left.id}/subscribers`, {
      email: 'gone@x.test',
    });
    await t.db.execute(
      sql`insert into email_suppressions (owner_id, email, reason) values (${owner.id}, 'gone@x.test', 'unsubscribed')`,
    );
    await call('owner', 'POST', `/api/marketing/lists/${list.id}/subscribers`, {
      email: 'there@x.test',
    });

    const response = await importRows(list.id, [
      ['Ann@X.test', 'Ann', 'Lyon'],
      ['not-an-email', 'Bad', ''],
      ['ann@x.test', 'Ann again', ''],
      ['gone@x.test', 'Gone', ''],
      ['there@x.test', 'There', ''],
      ['', '', ''],
      ['bob@x.test', '=cmd()', 'Paris'],
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      added: 2,
      skipped: [
        { row: 3, email: 'not-an-email', reason: 'invalid_email' },
        { row: 4, email: 'ann@x.test', reason: 'duplicate' },
        { row: 5, email: 'gone@x.test', reason: 'unsubscribed' },
        { row: 6, email: 'there@x.test', reason: 'duplicate' },
        { row: 7, email: '', reason: 'invalid_email' },
      ],
    });
    const [ann] = await t.db
      .select()
      .from(emailSubscribers)
      .where(and(eq(emailSubscribers.listId, list.id), eq(emailSubscribers.email, 'ann@x.test')));
    expect(ann).toMatchObject({
      name: 'Ann',
      status: 'subscribed',
      source: 'import',
      attributes: { City: 'Lyon' },
    });

    // The export guards formulas (CSV injection) and carries the attributes.
    const csv = await call('owner', 'GET', `/api/marketing/lists/${list.id}/export.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`"bob@x.test","'=cmd()","subscribed","import"`);
    expect(csv.body.split('\r\n')[0]).toBe(
      '"email","name","status","source","subscribed_at","City"',
    );
  });

  it('names a mapping that points past the header', async () => {
    const list = await newList();
    const response = await importRows(list.id, [['a@x.test']], {
      mapping: { email: 5, attributes: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields[0].field).toBe('body.mapping.email');
  });

  it('imports 100,000 rows in chunks with exact counts', { timeout: 240_000 }, async () => {
    const list = await newList();
    const rows: string[][] = [];
    for (let i = 0; i < 100_000; i++) {
      if (i % 10 === 3) rows.push([`broken-${i}`, 'x', '']);
      else if (i % 10 === 7) rows.push([`person${i - 2}@big.test`, 'dup', '']);
      else rows.push([`person${i}@big.test`, `Person ${i}`, '']);
    }
    let added = 0;
    const reasons: Record<string, number> = {};
    for (let start = 0; start < rows.length; start += 5000) {
      const response = await importRows(list.id, rows.slice(start, start + 5000), {
        firstRowNumber: start + 2,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json() as { added: number; skipped: { reason: string }[] };
      added += body.added;
      for (const s of body.skipped) reasons[s.reason] = (reasons[s.reason] ?? 0) + 1;
    }
    expect(added).toBe(80_000);
    expect(reasons).toEqual({ invalid_email: 10_000, duplicate: 10_000 });
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailSubscribers)
      .where(eq(emailSubscribers.listId, list.id));
    expect(count?.n).toBe(80_000);
  });
});
