import { sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { INVARIANTS, type Invariant } from './invariants';

export interface InvariantExample {
  id: string;
  expected: string;
  actual: string;
}

export interface InvariantResult {
  name: string;
  description: string;
  /** How many rows disagree; 0 when the invariant holds. */
  violations: number;
  /** The first few, by id. */
  examples: InvariantExample[];
}

export interface InvariantReport {
  checkedAt: Date;
  results: InvariantResult[];
  /** The invariants that do not hold. */
  failed: InvariantResult[];
}

/**
 * Runs every invariant in the caller's transaction (or executor) and reports each with its
 * count of disagreeing rows and a few examples. Only reads.
 */
export async function runInvariants(
  db: DbExecutor,
  options: { examples?: number; invariants?: Invariant[] } = {},
): Promise<InvariantReport> {
  const limit = options.examples ?? 5;
  const results: InvariantResult[] = [];
  for (const invariant of options.invariants ?? INVARIANTS) {
    const { rows } = await db.execute<{ n: number; examples: InvariantExample[] | null }>(sql`
      with v as (${invariant.query})
      select (select count(*) from v)::int as n,
        (select json_agg(x) from (
          select id, expected, actual from v order by id limit ${limit}
        ) x) as examples`);
    const row = rows[0];
    results.push({
      name: invariant.name,
      description: invariant.description,
      violations: row?.n ?? 0,
      examples: row?.examples ?? [],
    });
  }
  return { checkedAt: new Date(), results, failed: results.filter((r) => r.violations > 0) };
}

/**
 * The doctor's check of a whole database: one read-only, repeatable-read transaction, so every
 * invariant sees the same moment and nothing can be changed by it.
 */
export function checkInvariants(
  db: Database,
  options: { examples?: number } = {},
): Promise<InvariantReport> {
  return db.transaction((tx) => runInvariants(tx, options), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/** The report as plain text, one line per invariant and its examples under a failing one. */
export function formatInvariantReport(report: InvariantReport): string {
  const lines: string[] = [];
  for (const result of report.results) {
    if (result.violations === 0) {
      lines.push(`ok    ${result.name}: ${result.description}`);
      continue;
    }
    const rows = result.violations === 1 ? '1 row disagrees' : `${result.violations} rows disagree`;
    lines.push(`FAIL  ${result.name}: ${result.description} ${rows}.`);
    for (const example of result.examples)
      lines.push(`        ${example.id}: expected ${example.expected}, stored ${example.actual}`);
    if (result.violations > result.examples.length)
      lines.push(`        … and ${result.violations - result.examples.length} more`);
  }
  const failed = report.failed.length;
  lines.push(
    failed === 0
      ? `All ${report.results.length} invariants hold.`
      : `${failed} of ${report.results.length} invariants do not hold.`,
  );
  return `${lines.join('\n')}\n`;
}
