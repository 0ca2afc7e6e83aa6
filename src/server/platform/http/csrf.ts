import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie sessions make cross-site form posts dangerous, so state-changing API calls from a
 * browser must come from our own origin. Browsers always send Origin (or Sec-Fetch-Site) on such
 * requests; callers without either (webhooks, server-to-server, tests) carry no cookies of ours.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    // The public API answers a bearer key only, never the session cookie, so a cross-site
    // request cannot ride on anyone's session; its browser callers are checked per key (CORS,
    // decision 029).
    if (request.url.startsWith('/api/v1/')) return;
    const origin = request.headers.origin;
    if (origin) {
      const sameHost = origin === `${request.protocol}://${request.host}`;
      if (origin !== allowed && !sameHost) {
        throw new AppError('FORBIDDEN', 'Cross-site request refused');
      }
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('FORBIDDEN', 'Cross-site request refused');
    }
  });
}
