import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema } from '../../../contracts/health';
import type { AppDeps } from '../../app-deps';
import { getHealth } from './health.service';
import { singleFlight } from './single-flight';

export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const checkHealth = singleFlight(() =>
      getHealth({ ...deps, version: deps.config.version, now: deps.clock.now() }),
    );
    app.get(
      '/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Database and job-queue status with latency; 503 when degraded',
          response: { 200: HealthSchema, 503: HealthSchema },
        },
      },
      async (_request, reply) => {
        const health = await checkHealth();
        reply.header('cache-control', 'no-store');
        return reply.status(health.status === 'ok' ? 200 : 503).send(health);
      },
    );
  };
