import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Sensitive fields at rest (tax ids, bank details): AES-256-GCM with a key derived from the
// session secret for one purpose (`derivedKey(config, 'field:w9')`), so a database dump alone
// reveals nothing and a tampered value fails to open instead of decrypting to garbage.

const VERSION = 'v1';

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealField(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plain text, or throws when the value was not sealed with this key or was altered. */
export function openField(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined)
    throw new Error('Not a sealed field');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
