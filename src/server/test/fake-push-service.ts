import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

// A local push service (like FCM or Mozilla's autopush) for tests: HTTPS with a self-signed
// certificate, checks the VAPID Authorization header, and decrypts each aes128gcm payload
// (RFC 8291) with the browser-side keys it handed out, so tests see exactly what a browser would.

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

export interface ReceivedPush {
  path: string;
  payload: unknown;
  ttl: string | undefined;
  vapidSubject: string;
}

interface BrowserKeys {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

export interface FakePushService {
  url: string;
  /** An https.Agent that trusts the service's certificate (for the app's push sender). */
  agent: https.Agent;
  received: ReceivedPush[];
  /** A subscription as a browser would make it; `behaviour` decides the service's answer. */
  subscribe(behaviour: 'ok' | 'gone' | 'flaky'): {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  };
  /** Attempts per path, including refused ones. */
  attempts: Map<string, number>;
  vapidFailures: string[];
  close(): Promise<void>;
}

export async function startFakePushService(options: {
  vapidPublicKey: string;
}): Promise<FakePushService> {
  const cert = fixture('push-service.crt');
  const browsers = new Map<string, BrowserKeys>();
  const received: ReceivedPush[] = [];
  const attempts = new Map<string, number>();
  const vapidFailures: string[] = [];

  const server = https.createServer({ key: fixture('push-service.key'), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const tries = (attempts.get(path) ?? 0) + 1;
      attempts.set(path, tries);
      const subject = checkVapid(
        req.headers.authorization,
        `https://localhost:${port()}`,
        options.vapidPublicKey,
      );
      if (typeof subject !== 'string' || !subject) {
        vapidFailures.push(subject === undefined ? 'missing' : 'invalid');
        res.writeHead(403).end();
        return;
      }
      if (path.endsWith('/gone')) return void res.writeHead(410).end();
      if (path.endsWith('/flaky') && tries === 1) return void res.writeHead(503).end();
      const keys = browsers.get(path);
      if (!keys || req.headers['content-encoding'] !== 'aes128gcm')
        return void res.writeHead(400).end();
      received.push({
        path,
        payload: JSON.parse(decrypt(Buffer.concat(chunks), keys).toString('utf8')),
        ttl: req.headers.ttl as string | undefined,
        vapidSubject: subject,
      });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const port = () => (server.address() as AddressInfo).port;

  return {
    url: `https://localhost:${port()}`,
    agent: new https.Agent({ ca: cert }),
    received,
    attempts,
    vapidFailures,
    subscribe(behaviour) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(6).toString('hex')}/${behaviour}`;
      browsers.set(path, { ecdh, auth });
      return {
        endpoint: `https://localhost:${port()}${path}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** RFC 8292: `vapid t=<ES256 JWT for this origin>, k=<the server's public key>`; returns the subject. */
function checkVapid(
  header: string | undefined,
  audience: string,
  expectedKey: string,
): string | undefined | null {
  const match = /^vapid t=([^,\s]+),\s*k=([^,\s]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) return undefined;
  const [token, k] = [match[1], match[2]];
  if (k !== expectedKey) return null;
  const [head, body, sig] = token.split('.');
  if (!head || !body || !sig) return null;
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  );
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (!ok || claims.aud !== audience || !claims.exp || claims.exp * 1000 < Date.now()) return null;
  return claims.sub ?? null;
}

/** RFC 8188/8291 aes128gcm, one record: header (salt, rs, keyid = sender's public key), then data. */
function decrypt(body: Buffer, keys: BrowserKeys): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    keys.ecdh.getPublicKey(),
    senderPublic,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // Strip the padding: trailing zeros after the 0x02 last-record delimiter.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end);
}
