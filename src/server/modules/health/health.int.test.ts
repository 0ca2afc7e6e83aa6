import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthSchema } from '../../../contracts/health';
import { stopJobs } from '../../platform/jobs/jobs';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports database and job queue up, with latency, version and uptime', async () => {
    t.clock.advance(90_000);
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const health = HealthSchema.parse(response.json());
    expect(health.status).toBe('ok');
    expect(health.checks.database.status).toBe('up');
    expect(health.checks.jobs.status).toBe('up');
    expect(health.checks.database.latencyMs).toBeGreaterThan(0);
    expect(health.checks.database.latencyMs).toBeLessThan(2000);
    expect(health.uptimeSeconds).toBe(90);
    expect(health.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers 503 "degraded" and names the failing part when the job queue is down', async () => {
    await stopJobs(t.jobs, 1000);
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(503);
    const health = HealthSchema.parse(response.json());
    expect(health.status).toBe('degraded');
    expect(health.checks.database.status).toBe('up');
    expect(health.checks.jobs.status).toBe('down');
    expect(health.checks.jobs.error).toBeTruthy();
  });
});
