import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../config';

/**
 * SESSION_SECRET from the environment, or one generated once and kept under DATA_DIR so ticket
 * codes stay valid across restarts (production requires it to be set; config.ts checks).
 */
export async function withSessionSecret(config: Config): Promise<Config> {
  if (config.SESSION_SECRET) return config;
  const file = path.join(config.DATA_DIR, 'session-secret');
  let secret = await fs.readFile(file, 'utf8').catch(() => '');
  if (secret.trim().length < 32) {
    secret = randomBytes(32).toString('base64url');
    await fs.mkdir(config.DATA_DIR, { recursive: true });
    await fs.writeFile(file, secret, { mode: 0o600 });
  }
  return { ...config, SESSION_SECRET: secret.trim() };
}

// Derived once per secret and purpose: hot paths (each served ad's token, each beacon, each
// referral click) ask for their key on every request, and an HMAC with a fresh key object costs
// far more than a copy. A process has one secret (tests a few), so the map stays small.
const derived = new Map<string, Map<string, Buffer>>();

/** A key for one purpose, derived from the session secret (never the secret itself). */
export function derivedKey(config: Pick<Config, 'SESSION_SECRET'>, purpose: string): Buffer {
  const secret = config.SESSION_SECRET;
  if (!secret) throw new Error('SESSION_SECRET was not resolved at start');
  let keys = derived.get(secret);
  if (!keys) {
    if (derived.size >= 16) derived.clear();
    derived.set(secret, (keys = new Map()));
  }
  let key = keys.get(purpose);
  if (!key) keys.set(purpose, (key = createHmac('sha256', secret).update(purpose).digest()));
  // A copy: a caller that changed its Buffer must not change everyone's key.
  return Buffer.from(key);
}

/**
 * VAPID keys from the environment, or a pair generated once and kept under DATA_DIR: browsers
 * tie their push subscriptions to the public key, so it must not change between restarts.
 */
export async function withVapidKeys(config: Config): Promise<Config> {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) return config;
  const file = path.join(config.DATA_DIR, 'vapid.json');
  let keys = await fs
    .readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as { publicKey?: string; privateKey?: string })
    .catch(() => ({}) as { publicKey?: string; privateKey?: string });
  if (!keys.publicKey || !keys.privateKey) {
    keys = webpush.generateVAPIDKeys();
    await fs.mkdir(config.DATA_DIR, { recursive: true });
    await fs.writeFile(file, JSON.stringify(keys), { mode: 0o600 });
  }
  return { ...config, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
}

/** Everything generated-when-unset, resolved once at start. */
export async function withGeneratedSecrets(config: Config): Promise<Config> {
  return withVapidKeys(await withSessionSecret(config));
}
