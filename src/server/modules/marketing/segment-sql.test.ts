import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  CampaignSegmentSchema,
  type CampaignSegment,
  type SegmentCondition,
} from '../../../contracts/marketing';
import { conditionSql, segmentSql } from './segment-sql';

// The statement text and its parameters, as node-postgres would receive them.
const dialect = new PgDialect();
const toQuery = (fragment: SQL) => {
  const { sql, params } = dialect.sqlToQuery(fragment);
  return { sql, params };
};
const render = (condition: SegmentCondition) => toQuery(conditionSql(condition));
const one = (field: string, operator: SegmentCondition['operator'], value = '') =>
  render({ field, operator, value });

describe('segment conditions as SQL', () => {
  it('compares text without regard to case, values only as parameters', () => {
    expect(one('attr.City', 'is', 'Lisbon')).toEqual({
      sql: 'lower((s.attributes ->> $1)) = lower($2)',
      params: ['City', 'Lisbon'],
    });
    expect(one('email', 'is_not', 'a@b.test')).toEqual({
      sql: "lower(coalesce(s.email, '')) <> lower($1)",
      params: ['a@b.test'],
    });
    expect(one('name', 'contains', 'ann')).toEqual({
      sql: 's.name ilike $1',
      params: ['%ann%'],
    });
    expect(one('attr.Tier', 'does_not_contain', 'vip')).toEqual({
      sql: "coalesce((s.attributes ->> $1), '') not ilike $2",
      params: ['Tier', '%vip%'],
    });
    expect(one('attr.Phone', 'is_set')).toEqual({
      sql: "btrim(coalesce((s.attributes ->> $1), '')) <> ''",
      params: ['Phone'],
    });
    expect(one('attr.Phone', 'is_not_set')).toEqual({
      sql: "btrim(coalesce((s.attributes ->> $1), '')) = ''",
      params: ['Phone'],
    });
  });

  it('compares the sign-up date by UTC calendar day: after a day means from the next one', () => {
    expect(one('subscribed_at', 'before', '2026-03-01')).toEqual({
      sql: "s.created_at < (($1::date + $2::int)::timestamp at time zone 'UTC')",
      params: ['2026-03-01', 0],
    });
    expect(one('subscribed_at', 'after', '2026-03-01')).toEqual({
      sql: "s.created_at >= (($1::date + $2::int)::timestamp at time zone 'UTC')",
      params: ['2026-03-01', 1],
    });
  });

  it("escapes LIKE's wildcards and its escape character in contains patterns", () => {
    expect(one('name', 'contains', '50%_off').params).toEqual(['%50\\%\\_off%']);
    expect(one('name', 'does_not_contain', 'a\\b').params).toEqual(['%a\\\\b%']);
  });

  it('keeps a column name with quotes or SQL in it a parameter', () => {
    const { sql, params } = one("attr.x') or true --", 'is', "'; drop table users; --");
    expect(sql).toBe('lower((s.attributes ->> $1)) = lower($2)');
    expect(params).toEqual(["x') or true --", "'; drop table users; --"]);
  });
});

describe('a segment as SQL', () => {
  const segment = (match: 'all' | 'any'): CampaignSegment => ({
    match,
    conditions: [
      { field: 'attr.City', operator: 'is', value: 'Lisbon' },
      { field: 'name', operator: 'is_set', value: '' },
    ],
  });

  it('joins the conditions with AND for all, OR for any, each in parentheses', () => {
    expect(toQuery(segmentSql(segment('all')))).toEqual({
      sql: "((lower((s.attributes ->> $1)) = lower($2)) and (btrim(coalesce(s.name, '')) <> ''))",
      params: ['City', 'Lisbon'],
    });
    expect(toQuery(segmentSql(segment('any'))).sql).toBe(
      "((lower((s.attributes ->> $1)) = lower($2)) or (btrim(coalesce(s.name, '')) <> ''))",
    );
  });

  it('is true without a segment (every subscriber of the lists)', () => {
    expect(toQuery(segmentSql(null)).sql).toBe('true');
    expect(toQuery(segmentSql(undefined)).sql).toBe('true');
  });
});

describe('the segment contract', () => {
  const fieldsOf = (input: unknown) => {
    const result = CampaignSegmentSchema.safeParse(input);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts 1–10 conditions of built-in fields and imported columns, all by default', () => {
    const parsed = CampaignSegmentSchema.parse({
      conditions: [
        { field: 'attr.City', operator: 'contains', value: ' lis ' },
        { field: 'subscribed_at', operator: 'after', value: '2026-01-31' },
        { field: 'email', operator: 'is_set' },
      ],
    });
    expect(parsed).toEqual({
      match: 'all',
      conditions: [
        { field: 'attr.City', operator: 'contains', value: 'lis' },
        { field: 'subscribed_at', operator: 'after', value: '2026-01-31' },
        { field: 'email', operator: 'is_set', value: '' },
      ],
    });
  });

  it("names each bad row's field, with the condition's index", () => {
    expect(
      fieldsOf({
        match: 'any',
        conditions: [
          { field: ' ', operator: 'is', value: 'x' },
          { field: 'attr.City', operator: 'is', value: '  ' },
          { field: 'subscribed_at', operator: 'after', value: 'soon' },
          { field: 'subscribed_at', operator: 'is', value: 'x' },
          { field: 'name', operator: 'before', value: '2026-01-01' },
          { field: 'phone', operator: 'is', value: 'x' },
          { field: 'attr.', operator: 'is', value: 'x' },
          { field: 'name', operator: 'like', value: 'x' },
          { field: 'subscribed_at', operator: 'before', value: '1066-10-14' },
        ],
      }),
    ).toEqual({
      'conditions.0.field': 'Choose a column',
      'conditions.1.value': 'Enter a value',
      'conditions.2.value': 'Enter a date',
      'conditions.3.operator': 'Choose before or after for a date',
      'conditions.4.operator': 'Before and after are for dates',
      'conditions.5.field': 'Choose a column',
      'conditions.6.field': 'Choose a column',
      'conditions.7.operator': 'Choose a condition',
      'conditions.8.value': 'Please choose a date between 1900 and 2999',
    });
  });

  it('needs at least one condition and at most ten, and all or any', () => {
    expect(fieldsOf({ conditions: [] })).toEqual({ conditions: 'Add a condition' });
    const row = { field: 'name', operator: 'is_set' };
    expect(fieldsOf({ conditions: Array(11).fill(row) })).toEqual({
      conditions: 'At most 10 conditions',
    });
    expect(fieldsOf({ match: 'some', conditions: [row] })).toEqual({
      match: 'Choose all or any',
    });
  });
});
