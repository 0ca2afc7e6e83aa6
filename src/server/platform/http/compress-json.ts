import type { FastifyInstance, FastifyReply } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

// JSON answers of a kilobyte or more go compressed to a client that accepts it: a phone on a slow
// network waits for the event list's bytes (50 events are about 60 KB, 8 KB in brotli). The web
// app's own files are compressed once at build time (spa.ts); this is for the API.

/** Below this a compressed answer saves less than a network packet. */
export const MIN_COMPRESSED_BYTES = 1024;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

type Encoding = 'br' | 'gzip';
const compressors: Record<Encoding, (data: Buffer | string) => Promise<Buffer>> = {
  // Quality 4: about gzip's size at a fraction of brotli's default cost (11 is for files
  // compressed once at build time, not per answer).
  br: (data) =>
    promisify(brotliCompress)(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(data),
      },
    }),
  gzip: (data) => promisify(gzip)(data, { level: 6 }),
};

/** The encoding to answer with for an Accept-Encoding header: brotli, else gzip, else none. */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  // Without the header (API clients, scripts) nothing is parsed on every answer.
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of [acceptEncoding ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const wants = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return null;
}

/**
 * The same body is often sent to many readers (a response cache's entry is one string for a
 * second): it is compressed once. Keyed by the string itself; a few recent ones are kept.
 */
const recent = new Map<string, Partial<Record<Encoding, Promise<Buffer>>>>();
const RECENT_MAX = 32;
const RECENT_MAX_BYTES = 512 * 1024;

function compressed(body: string | Buffer, encoding: Encoding): Promise<Buffer> {
  if (typeof body !== 'string' || body.length > RECENT_MAX_BYTES)
    return compressors[encoding](body);
  let entry = recent.get(body);
  if (!entry) {
    entry = {};
    recent.set(body, entry);
    if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value as string);
  }
  const known = entry[encoding];
  if (known) return known;
  const made = compressors[encoding](body);
  entry[encoding] = made;
  made.catch(() => recent.delete(body));
  return made;
}

function addVary(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary))
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
}

/** Compresses JSON answers (strings or buffers already serialized) for clients that accept it. */
export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    if (Buffer.byteLength(payload) < MIN_COMPRESSED_BYTES) return payload;
    addVary(reply);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    // A strong ETag names the exact bytes; the compressed bytes are other ones (as web servers
    // that compress do, the tag turns weak; If-None-Match compares weakly anyway).
    const etag = reply.getHeader('etag');
    if (typeof etag === 'string' && etag.startsWith('"')) reply.header('etag', `W/${etag}`);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed(payload, encoding);
  });
}
