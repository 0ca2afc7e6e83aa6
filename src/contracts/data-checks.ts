import { z } from 'zod';

// The console's data checks: every number the product keeps beside the rows it counts, checked
// against them (decision 044; the same report as `npm run doctor`).

export const DataCheckSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** Rows that disagree; 0 when the check holds. */
  violations: z.number().int(),
  /** The first few, by id: what the counted rows say and what is stored. */
  examples: z.array(z.object({ id: z.string(), expected: z.string(), actual: z.string() })),
});
export type DataCheck = z.infer<typeof DataCheckSchema>;

export const DataCheckReportSchema = z.object({
  checkedAt: z.string(),
  checks: z.array(DataCheckSchema),
  /** How many checks do not hold. */
  failed: z.number().int(),
});
export type DataCheckReport = z.infer<typeof DataCheckReportSchema>;
