import http2 from 'node:http2';
import tls from 'node:tls';
import { resolveOutgoing, type OutgoingPolicy, type OutgoingResponse } from './outgoing';

/** A TLS client certificate and, for a test's stand-in server, the authority that signed it. */
export interface OutgoingTls {
  cert?: string;
  key?: string;
  /** Trusted authorities instead of the system's (a local stand-in server in tests). */
  ca?: string;
}

/**
 * POSTs over HTTP/2 (APNs speaks nothing else) through the same guard as `postOutgoing`: the
 * host's addresses are checked after DNS resolution and the connection is pinned to the checked
 * one, no redirects, a time limit on the whole exchange.
 */
export async function postOutgoingHttp2(
  url: string,
  request: { headers: Record<string, string>; body: string; tls?: OutgoingTls },
  policy: OutgoingPolicy,
): Promise<OutgoingResponse> {
  const target = await resolveOutgoing(url, policy);
  if (target.url.protocol !== 'https:') throw new Error('HTTP/2 is only spoken over https');
  const servername = target.url.hostname.replace(/^\[|\]$/g, '');
  const session = http2.connect(target.url.origin, {
    createConnection: () =>
      tls.connect({
        host: target.address,
        port: Number(target.url.port || 443),
        servername,
        ALPNProtocols: ['h2'],
        ...request.tls,
      }),
  });
  return new Promise<OutgoingResponse>((resolve, reject) => {
    const timer = setTimeout(() => {
      session.destroy();
      reject(new Error(`no answer within ${policy.timeoutMs / 1000} s`));
    }, policy.timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      session.destroy();
      reject(error);
    };
    session.on('error', fail);
    const stream = session.request({
      ':method': 'POST',
      ':path': `${target.url.pathname}${target.url.search}`,
      ...request.headers,
      'content-length': String(Buffer.byteLength(request.body)),
    });
    let status = 0;
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('response', (headers) => (status = Number(headers[':status'] ?? 0)));
    stream.on('data', (chunk: Buffer) => {
      if (size < 1024) chunks.push(chunk);
      size += chunk.length;
    });
    stream.on('end', () => {
      clearTimeout(timer);
      session.close();
      resolve({ status, body: Buffer.concat(chunks).toString('utf8').slice(0, 1024) });
    });
    stream.on('error', fail);
    stream.end(request.body);
  });
}
