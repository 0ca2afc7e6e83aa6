import { z } from 'zod';

export const CheckStatus = z.enum(['up', 'down']);

export const HealthCheckSchema = z.object({
  status: CheckStatus,
  latencyMs: z.number().describe('Round-trip time of the check in milliseconds'),
  error: z.string().optional(),
});

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  startedAt: z.string(),
  checks: z.object({ database: HealthCheckSchema, jobs: HealthCheckSchema }),
});
export type Health = z.infer<typeof HealthSchema>;
