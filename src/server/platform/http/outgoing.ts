import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// The one way the server calls a URL that a user typed (webhook endpoints). A URL is user input
// that can point anywhere, including the machine itself, the private network behind it and the
// cloud metadata address (SSRF), so the address is checked after DNS resolution and the request
// is pinned to the checked address (a second lookup could answer differently: DNS rebinding).
// Redirects are never followed: a 3xx is an answer like any other.

/** Addresses that are never reachable from user-given URLs (RFC 6890 special-purpose ranges). */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

export interface OutgoingPolicy {
  /** Loopback addresses allowed (tests, a receiver on this machine); private ones never are. */
  allowLoopback: boolean;
  timeoutMs: number;
}

/** The URL was refused before any connection was made. */
export class OutgoingRefused extends Error {}

/** An IPv4 address written inside IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** Why the address may not be called, or null when it may. */
export function addressRefusal(address: string, policy: Pick<OutgoingPolicy, 'allowLoopback'>) {
  const { address: plain, family } = unmapped(address);
  if (LOOPBACK.check(plain, family))
    return policy.allowLoopback ? null : 'loopback addresses are not allowed';
  if (PRIVATE.check(plain, family)) return 'private or reserved addresses are not allowed';
  if (family === 'ipv6' && /^::ffff:/i.test(address)) return 'mapped addresses are not allowed';
  return null;
}

/** Refuses a URL that is not http(s) or whose host resolves to a refused address. */
export async function resolveOutgoing(
  url: string,
  policy: Pick<OutgoingPolicy, 'allowLoopback'>,
): Promise<{ url: URL; address: string; family: 4 | 6 }> {
  if (!URL.canParse(url)) throw new OutgoingRefused('not a URL');
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new OutgoingRefused('only http and https URLs are allowed');
  if (parsed.username || parsed.password)
    throw new OutgoingRefused('URLs with a user name or password are not allowed');
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await dns.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new OutgoingRefused(`the host ${host} was not found`);
    }
  }
  if (!addresses.length) throw new OutgoingRefused(`the host ${host} was not found`);
  // Every address must pass: a name with one public and one private address is refused.
  for (const candidate of addresses) {
    const refusal = addressRefusal(candidate.address, policy);
    if (refusal) throw new OutgoingRefused(`${host}: ${refusal}`);
  }
  const first = addresses[0] as { address: string; family: number };
  return { url: parsed, address: first.address, family: first.family === 6 ? 6 : 4 };
}

export interface OutgoingResponse {
  status: number;
  /** The first kilobyte of the body, for the delivery log. */
  body: string;
}

/**
 * POSTs `body` to a user-given URL through the guard: the checked address only, no redirects,
 * a time limit on the whole exchange. Throws OutgoingRefused, or an Error on network failure.
 */
export async function postOutgoing(
  url: string,
  request: { headers: Record<string, string>; body: string },
  policy: OutgoingPolicy,
): Promise<OutgoingResponse> {
  const target = await resolveOutgoing(url, policy);
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<OutgoingResponse>((resolve, reject) => {
    const req = client.request(
      target.url,
      {
        method: 'POST',
        lookup,
        agent: false,
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        signal: AbortSignal.timeout(policy.timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < 1024) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, 1024),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (error) =>
      reject(
        error.name === 'AbortError' || error.name === 'TimeoutError'
          ? new Error(`no answer within ${policy.timeoutMs / 1000} s`)
          : error,
      ),
    );
    req.end(request.body);
  });
}
