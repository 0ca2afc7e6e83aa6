import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
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

/** A key for one purpose, derived from the session secret (never the secret itself). */
export function derivedKey(config: Pick<Config, 'SESSION_SECRET'>, purpose: string): Buffer {
  if (!config.SESSION_SECRET) throw new Error('SESSION_SECRET was not resolved at start');
  return createHmac('sha256', config.SESSION_SECRET).update(purpose).digest();
}
