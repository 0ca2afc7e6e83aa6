import {
  createHash,
  generateKeyPairSync,
  sign,
  verify,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';

// Apple Wallet passes are signed with a certificate Apple issues under its WWDR intermediate; the
// tests make a stand-in pair here with node:crypto alone (a tiny DER writer: Node signs but does
// not build certificates), and read the pass's PKCS#7 signature back with a tiny DER reader.

const length = (n: number) => {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};
const tlv = (tag: number, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const seq = (...parts: Buffer[]) => tlv(0x30, ...parts);
const oid = (dotted: string) => {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [a * 40 + b];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let v = arc >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
};
// Small non-negative values only (versions and serial numbers below 128).
const integer = (value: number) => tlv(0x02, Buffer.from([value & 0x7f]));
const utcTime = (date: Date) =>
  tlv(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`));
const name = (commonName: string, organizationalUnit: string) =>
  seq(
    tlv(0x31, seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(commonName)))),
    tlv(0x31, seq(oid('2.5.4.11'), tlv(0x0c, Buffer.from(organizationalUnit)))),
  );
const SHA256_WITH_RSA = seq(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));

function certificate(params: {
  serial: number;
  subject: Buffer;
  issuer: Buffer;
  publicKey: KeyObject;
  signingKey: KeyObject;
  isCa: boolean;
}) {
  const now = Date.now();
  const extensions = params.isCa
    ? [
        tlv(
          0xa3,
          seq(
            seq(
              oid('2.5.29.19'),
              tlv(0x01, Buffer.from([0xff])),
              tlv(0x04, seq(tlv(0x01, Buffer.from([0xff])))),
            ),
          ),
        ),
      ]
    : [];
  const tbs = seq(
    tlv(0xa0, integer(2)),
    integer(params.serial),
    SHA256_WITH_RSA,
    params.issuer,
    seq(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + 365 * 86_400_000))),
    params.subject,
    params.publicKey.export({ type: 'spki', format: 'der' }),
    ...extensions,
  );
  const signature = sign('sha256', tbs, params.signingKey);
  const der = seq(tbs, SHA256_WITH_RSA, tlv(0x03, Buffer.from([0]), signature));
  return `-----BEGIN CERTIFICATE-----\n${der
    .toString('base64')
    .replace(/.{64}/g, '$&\n')
    .trim()}\n-----END CERTIFICATE-----\n`;
}

/** A stand-in WWDR authority and a pass signing certificate it issued for `teamId`. */
export function makePassCertificates(params: { passTypeId: string; teamId: string }) {
  const authority = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signer = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const authorityName = name('Test Worldwide Developer Relations', 'G4');
  const wwdrPem = certificate({
    serial: 1,
    subject: authorityName,
    issuer: authorityName,
    publicKey: authority.publicKey,
    signingKey: authority.privateKey,
    isCa: true,
  });
  const certificatePem = certificate({
    serial: 2,
    subject: name(`Pass Type ID: ${params.passTypeId}`, params.teamId),
    issuer: authorityName,
    publicKey: signer.publicKey,
    signingKey: authority.privateKey,
    isCa: false,
  });
  return {
    wwdrPem,
    certificatePem,
    privateKeyPem: signer.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/**
 * A self-signed TLS certificate for `host`, for a stand-in server the client is told to trust
 * (Apple's push service, decision 089).
 */
export function makeServerCertificate(host: string) {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const subject = name(host, 'Stand-in');
  return {
    certificatePem: certificate({
      serial: 3,
      subject,
      issuer: subject,
      publicKey: pair.publicKey,
      signingKey: pair.privateKey,
      isCa: true,
    }),
    privateKeyPem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

interface Element {
  tag: number;
  /** The whole element, header included. */
  raw: Buffer;
  content: Buffer;
}

function readElement(buffer: Buffer, offset: number): Element {
  const tag = buffer[offset] ?? 0;
  let size = buffer[offset + 1] ?? 0;
  let header = 2;
  if (size & 0x80) {
    const count = size & 0x7f;
    size = 0;
    for (let i = 0; i < count; i++) size = size * 256 + (buffer[offset + 2 + i] ?? 0);
    header += count;
  }
  return {
    tag,
    raw: buffer.subarray(offset, offset + header + size),
    content: buffer.subarray(offset + header, offset + header + size),
  };
}

function children(element: Element): Element[] {
  const list: Element[] = [];
  for (let offset = 0; offset < element.content.length;) {
    const child = readElement(element.content, offset);
    list.push(child);
    offset += child.raw.length;
  }
  return list;
}

const at = (list: Element[], index: number) => {
  const element = list.at(index);
  if (!element) throw new Error(`No element ${index} in the signature`);
  return element;
};

/**
 * Reads a detached PKCS#7 signature: the certificates it carries, and whether its signer's
 * certificate signed the attributes whose message digest is the SHA-1 of `content`.
 */
export function checkDetachedSignature(signature: Buffer, content: Buffer) {
  const contentInfo = readElement(signature, 0);
  const signedData = at(children(at(children(contentInfo), 1)), 0);
  const parts = children(signedData);
  const certificates = children(at(parts, 3)).map((c) => new X509Certificate(c.raw));
  const signerInfo = at(children(at(parts, -1)), 0);
  const info = children(signerInfo);
  const signedAttributes = at(info, 3);
  const digestAttribute = children(signedAttributes).find((attribute) =>
    at(children(attribute), 0).raw.equals(oid('1.2.840.113549.1.9.4')),
  );
  const digest = digestAttribute && at(children(at(children(digestAttribute), 1)), 0).content;
  // The signed attributes are signed as a SET, though they are stored under an implicit [0] tag.
  const signedBytes = Buffer.from(signedAttributes.raw);
  signedBytes[0] = 0x31;
  const signer = certificates.find((certificate) => !certificate.ca);
  return {
    certificates,
    signer,
    digestMatches: digest?.equals(createHash('sha1').update(content).digest()) ?? false,
    // Wallet passes are signed RSA with SHA-1, as passkit-generator (node-forge) does.
    signatureValid:
      signer !== undefined && verify('sha1', signedBytes, signer.publicKey, at(info, 5).content),
  };
}
