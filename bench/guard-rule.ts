// The rule `npm run bench guard` applies, and the short sizes it runs the benches at. Kept apart
// from the benches themselves so the rule is unit-tested without starting anything, and so the
// sizes are in the environment before any bench module reads them at load.

/** A ratio may fall this far below its baseline (the machines are noisy) before the guard fails. */
export const GUARD_TOLERANCE = 0.25;

/**
 * Short sizes: each bench's own knobs, so the guard runs the benches' code, not copies of it.
 * The figures these give are not the full benches' figures; only the ratios compare.
 */
export const GUARD_ENV: Record<string, string> = {
  BENCH_DURATION_S: '3',
  BENCH_ROUNDS: '1',
  BENCH_FLASH_CAPACITY: '1000',
  BENCH_FLASH_ROUNDS: '2',
  BENCH_CHAT_CONVERSATIONS: '300',
  BENCH_CHAT_RATE: '600',
  BENCH_CHAT_SECONDS: '2',
  BENCH_CHAT_ROUNDS: '1',
  BENCH_WS_CONNECTIONS: '2000',
  BENCH_WS_RATE: '4000',
  BENCH_WS_SECONDS: '2',
  BENCH_WS_ROUNDS: '1',
  BENCH_ADS_ROUNDS: '1',
  BENCH_SEARCH_EVENTS: '100000',
};

export interface GuardRow {
  bench: string;
  /** This run's ratio to its reference, or null when the bench did not complete. */
  ratio: number | null;
  baseline: number | null;
  /** The lowest ratio that still passes. */
  floor: number | null;
  verdict: 'ok' | 'SLOWER' | 'FAILED TO RUN' | 'no baseline';
}

/**
 * Each measured ratio (higher is better) against its baseline: a bench fails when its ratio is
 * more than GUARD_TOLERANCE below the baseline, or when it did not produce a ratio at all. A
 * bench without a baseline yet is shown but does not fail the run. A ratio of 0 or below is no
 * ratio (its measured side answered nothing), so it fails as not run rather than as slower.
 */
export function guardVerdict(
  measured: Record<string, number | null>,
  baselines: Record<string, number>,
): { rows: GuardRow[]; failed: string[] } {
  const rows = Object.entries(measured).map(([bench, ratio]): GuardRow => {
    const baseline = baselines[bench] ?? null;
    const floor = baseline === null ? null : baseline * (1 - GUARD_TOLERANCE);
    // A ratio of 0 is a bench whose measured side answered nothing: no figure, not a slow one.
    const ran = ratio !== null && Number.isFinite(ratio) && ratio > 0;
    const verdict = !ran
      ? 'FAILED TO RUN'
      : floor === null
        ? 'no baseline'
        : ratio < floor
          ? 'SLOWER'
          : 'ok';
    return { bench, ratio: ran ? ratio : null, baseline, floor, verdict };
  });
  const failed = rows
    .filter((r) => r.verdict === 'SLOWER' || r.verdict === 'FAILED TO RUN')
    .map((r) => r.bench);
  return { rows, failed };
}

/** One side of a throughput ratio, as the benches report their autocannon rows. */
export interface MeasuredRate {
  name: string;
  reqPerSec: number;
  errors?: number;
  non2xx?: number;
}

/**
 * `measured` req/s ÷ `reference` req/s, or an error naming the side that answered nothing and
 * how its requests ended: a 0 would otherwise read as "slower" and hide why (a stopped server,
 * refused connections, error answers).
 */
export function rateRatio(
  measured: MeasuredRate | undefined,
  reference: MeasuredRate | undefined,
): number {
  for (const [role, row] of [
    ['measured', measured],
    ['reference', reference],
  ] as const) {
    if (!row) throw new Error(`no ${role} row in the bench's results`);
    if (!(row.reqPerSec > 0))
      throw new Error(
        `${row.name} answered nothing (${row.reqPerSec} req/s, ${row.errors ?? 0} errors, ${row.non2xx ?? 0} non-2xx)`,
      );
  }
  return (measured?.reqPerSec ?? 0) / (reference?.reqPerSec ?? 1);
}
