import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA: hashed files under /assets are cached for a year, everything else is
 * revalidated, and any unknown GET that wants HTML gets index.html (history fallback) so the
 * client router can show the page or its 404. Unknown /api/* paths get a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const inAssets = filePath.startsWith(path.join(webDir, 'assets') + path.sep);
        res.header('cache-control', inAssets ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && wantsHtml;
    if (request.url.startsWith('/api/') || request.url === '/api' || !isPage || !hasBuild) {
      return reply
        .status(404)
        .send(
          errorBody('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`),
        );
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
