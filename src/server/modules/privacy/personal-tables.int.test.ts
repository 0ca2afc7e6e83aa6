import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { foreignKeysToPeople, PERSONAL_TABLES } from './personal-tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('personal data tables', () => {
  it('lists every column that points at a person, so download and erasure cover it', async () => {
    const keys = await foreignKeysToPeople(t.db);
    const missing = keys
      .filter(({ table, column }) => !PERSONAL_TABLES[table]?.columns.includes(column))
      .map(({ table, column }) => `${table}.${column}`);
    expect(missing).toEqual([]);
  });

  it('lists no column that does not point at a person', async () => {
    const keys = new Set((await foreignKeysToPeople(t.db)).map((k) => `${k.table}.${k.column}`));
    keys.add('users.id');
    const stale = Object.entries(PERSONAL_TABLES).flatMap(([table, rule]) =>
      rule.columns.map((column) => `${table}.${column}`).filter((key) => !keys.has(key)),
    );
    expect(stale).toEqual([]);
  });
});
