import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors';
import { contentTypeOf, MEDIA_PREFIX, type FileStore } from './storage';

/**
 * Who may fetch the files of each folder. A folder that is not listed is never served, so a new
 * kind of upload (stream recordings, private attachments) is private until it is given a rule
 * here. Today every listed folder is "anyone holding the link": names are 128-bit random, so the
 * link is the capability (docs/decisions/010-messaging.md, "Images", for chat images).
 */
export const MEDIA_ACCESS: Record<string, 'link'> = {
  avatars: 'link',
  events: 'link',
  'vendor-gallery': 'link',
  chat: 'link',
  // Blog covers and pictures, and the ads' pictures: published to be seen by anyone.
  blog: 'link',
  showcase: 'link',
  // Files answered to checkout questions (a CV, a student card): the link goes to the buyer,
  // the organizer's attendee list and API v1 only, and no shared cache keeps a copy.
  answers: 'link',
  // Sellers' logos as printed on their invoices.
  'invoice-logos': 'link',
};

/** Folders of personal files: kept by the browser that fetched them, never by a shared cache. */
const PERSONAL_FOLDERS = new Set(['answers']);

const NOT_FOUND_MESSAGE = 'No such file';

/**
 * GET /media/<key>: uploaded files through the app whichever driver holds them, so the bucket
 * stays private and every file gets the same headers: the Content-Type the server chose when it
 * wrote the file, nosniff, and a year's cache (names are never reused).
 */
export function registerMediaRoute(app: FastifyInstance, files: FileStore): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_PREFIX}*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const folder = key.slice(0, key.indexOf('/'));
      if (!Object.hasOwn(MEDIA_ACCESS, folder)) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
      const file = await files.open(key);
      if (!file) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
      reply
        .header('content-type', contentTypeOf(key))
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header(
          'cache-control',
          `${PERSONAL_FOLDERS.has(folder) ? 'private' : 'public'}, max-age=31536000, immutable`,
        );
      if (request.method === 'HEAD') {
        // Fastify's own HEAD route would read the whole file (from the bucket) to throw it away.
        file.body.destroy();
        return reply.send();
      }
      return reply.send(file.body);
    },
  });
}
