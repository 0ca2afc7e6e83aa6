import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications';
import { fastTimestamptz, seqStatements, timestamptzIso } from './seq-table';

const pgParse = pg.types.getTypeParser(1184) as (text: string) => Date | number;

/** PostgreSQL's UTC output: every millisecond fraction and a spread of microsecond ones. */
function utcSamples(): string[] {
  const samples = [
    '2026-11-21 14:17:53+00',
    '2026-11-21 14:17:53.6+00',
    '2026-11-21 14:17:53.606+00',
    '2026-11-21 14:17:53.606123+00',
    '2026-11-21 14:17:53.0001+00',
    '2024-02-29 23:59:59.999999+00',
    '1999-12-31 00:00:00.000001+00',
    '1970-01-01 00:00:00+00',
  ];
  for (let us = 0; us < 1_000_000; us += 997) {
    samples.push(`2026-03-08 07:05:09.${String(us).padStart(6, '0').replace(/0+$/, '')}+00`);
  }
  for (let ms = 1; ms < 1000; ms++) {
    samples.push(`2026-03-08 07:05:09.${String(ms).padStart(3, '0').replace(/0+$/, '')}+00`);
  }
  return samples.map((text) => text.replace('.+', '+'));
}

const otherZones = [
  '2026-11-21 14:17:53.606+05:30',
  '2026-11-21 14:17:53-08',
  '0044-03-15 12:00:00+00 BC',
  '12026-11-21 14:17:53+00',
];

describe('fastTimestamptz', () => {
  it("gives the same instant as pg's own parser for PostgreSQL's UTC output", () => {
    for (const text of utcSamples()) {
      expect(fastTimestamptz(text).getTime(), text).toBe((pgParse(text) as Date).getTime());
    }
  });

  it("leaves other zones, BC dates and infinity to pg's parser", () => {
    for (const text of [...otherZones, 'infinity', '-infinity']) {
      expect(fastTimestamptz(text)).toEqual(pgParse(text));
    }
  });
});

describe('timestamptzIso', () => {
  it("writes what toISOString writes of pg's Date, for UTC output and other zones", () => {
    for (const text of [...utcSamples(), ...otherZones]) {
      expect(timestamptzIso(text), text).toBe((pgParse(text) as Date).toISOString());
    }
  });
});

describe('seqStatements', () => {
  it('orders by the table column so the seq index gives the order (not the float8 alias)', () => {
    const { next, late } = seqStatements(notifications);
    expect(next.text).toContain('order by "notifications"."seq" limit $2');
    expect(next.text).toContain('where "notifications"."seq" > $1');
    expect(next.text).toContain('"notifications"."seq"::float8 as "seq"');
    expect(next.text).toContain('"notifications"."user_id" as "userId"');
    expect(late.text).toContain('where "notifications"."seq" = any($1::bigint[])');
  });
});
