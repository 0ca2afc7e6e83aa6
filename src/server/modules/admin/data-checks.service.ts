import type { DataCheckReport } from '../../../contracts/data-checks';
import type { Database } from '../../db/client';
import { checkInvariants } from '../../platform/invariants/check';

/** The invariants report (decision 044), read-only: the console shows it, it repairs nothing. */
export async function runDataChecks(deps: { db: Database }): Promise<DataCheckReport> {
  const report = await checkInvariants(deps.db);
  return {
    checkedAt: report.checkedAt.toISOString(),
    checks: report.results,
    failed: report.failed.length,
  };
}
