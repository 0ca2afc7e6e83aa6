import { describe, expect, it } from 'vitest';
import { PASSWORD_HASH_OPTIONS, passwordHashOptions } from './passwords';

describe('password hash cost', () => {
  it('is the OWASP argon2id baseline: 19 MiB, 2 passes, 1 lane', () => {
    expect(PASSWORD_HASH_OPTIONS).toEqual({
      algorithm: 2,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(passwordHashOptions({})).toBe(PASSWORD_HASH_OPTIONS);
  });

  it('is cheaper only for a test server that asks for it', () => {
    expect(passwordHashOptions({ NODE_ENV: 'test', CHEAP_PASSWORD_HASH: 'true' })).toMatchObject({
      memoryCost: 256,
      timeCost: 1,
    });
    for (const env of [
      { NODE_ENV: 'production', CHEAP_PASSWORD_HASH: 'true' },
      { NODE_ENV: 'development', CHEAP_PASSWORD_HASH: 'true' },
      { CHEAP_PASSWORD_HASH: 'true' },
      { NODE_ENV: 'test' },
      { NODE_ENV: 'test', CHEAP_PASSWORD_HASH: '1' },
    ]) {
      expect(passwordHashOptions(env), JSON.stringify(env)).toBe(PASSWORD_HASH_OPTIONS);
    }
  });
});
