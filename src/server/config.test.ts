import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, { cwd: '/srv/app' });
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.DATA_DIR).toBe(path.resolve('/srv/app', '.data'));
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.APP_NAME).toBe('MEA Events');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
    expect(config.NODE_ENV).toBe('development');
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '4123' }).PUBLIC_URL).toBe('http://localhost:4123');
    expect(loadConfig({ PUBLIC_URL: 'https://events.example.com/' }).PUBLIC_URL).toBe(
      'https://events.example.com',
    );
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).PORT).toBe(3000);
  });

  it('lists every problem at once, naming the variable and the bad value', () => {
    const problems = problemsOf({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      CONTACT_EMAIL: 'nobody',
      SEED_DEMO: 'maybe',
    });
    expect(problems).toHaveLength(4);
    expect(problems).toContain('PORT must be a whole number between 1 and 65535 (got "abc")');
    expect(problems).toContain('DATABASE_URL must be a postgres:// URL (got "mysql://x")');
    expect(problems).toContain('CONTACT_EMAIL must be an email address (got "nobody")');
    expect(problems).toContain('SEED_DEMO must be true or false (got "maybe")');
  });

  it('rejects ports out of range', () => {
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(
      /^PORT must be a whole number between 1 and 65535/,
    );
    expect(problemsOf({ PORT: '0' })[0]).toMatch(/^PORT/);
  });

  it("takes the live streams' segment length and picture width, within bounds", () => {
    const config = loadConfig({ STREAM_SEGMENT_SECONDS: '1', STREAM_MAX_WIDTH: '640' });
    expect([config.STREAM_SEGMENT_SECONDS, config.STREAM_MAX_WIDTH]).toEqual([1, 640]);
    expect([loadConfig({}).STREAM_SEGMENT_SECONDS, loadConfig({}).STREAM_MAX_WIDTH]).toEqual([
      2, 1280,
    ]);
    expect(problemsOf({ STREAM_SEGMENT_SECONDS: '0', STREAM_MAX_WIDTH: '641' })).toEqual([
      'STREAM_SEGMENT_SECONDS must be a whole number of seconds from 1 to 10 (got "0")',
      'STREAM_MAX_WIDTH must be an even number of pixels from 160 to 3840 (got "641")',
    ]);
  });

  it('takes an RTMP address for encoders, refusing anything but rtmp:// and rtmps://', () => {
    expect(
      loadConfig({ RTMP_PUBLIC_URL: 'rtmp://ingest.example.com:1935/live/' }).RTMP_PUBLIC_URL,
    ).toBe('rtmp://ingest.example.com:1935/live');
    expect(loadConfig({}).RTMP_PUBLIC_URL).toBeUndefined();
    expect(() => loadConfig({ RTMP_PUBLIC_URL: 'https://example.com/live' })).toThrow(
      /RTMP_PUBLIC_URL/,
    );
  });

  it('requires PUBLIC_URL and SESSION_SECRET in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'PUBLIC_URL is required when NODE_ENV=production (e.g. https://events.example.com)',
      'SESSION_SECRET is required when NODE_ENV=production (32 or more characters)',
    ]);
    const secret = 's'.repeat(32);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://x.test', SESSION_SECRET: secret })
        .isProduction,
    ).toBe(true);
  });

  it('picks Stripe when its key is set, and then needs the webhook secret', () => {
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('local');
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_x' })).toEqual([
      'STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe',
    ]);
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })
        .PAYMENT_PROVIDER,
    ).toBe('stripe');
    expect(problemsOf({ PAYMENT_PROVIDER: 'stripe' })).toEqual([
      'STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe',
      'STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe',
    ]);
  });

  it('keeps uploads on local disk unless a bucket is named', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
    expect(
      loadConfig({
        STORAGE_S3_BUCKET: 'mea-media',
        STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000',
        STORAGE_S3_FORCE_PATH_STYLE: 'true',
        STORAGE_S3_ACCESS_KEY_ID: 'key',
        STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({
      driver: 's3',
      s3: {
        bucket: 'mea-media',
        region: 'us-east-1',
        endpoint: 'http://127.0.0.1:9000',
        forcePathStyle: true,
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      },
    });
    // Without keys the SDK's own chain (AWS_* variables, instance role) provides them.
    expect(
      loadConfig({ STORAGE_S3_BUCKET: 'mea-media', STORAGE_S3_REGION: 'eu-west-1' }).storage,
    ).toMatchObject({ driver: 's3', s3: { region: 'eu-west-1', forcePathStyle: false } });
    expect(loadConfig({ STORAGE_DRIVER: 'local', STORAGE_S3_BUCKET: 'mea-media' }).storage).toEqual(
      { driver: 'local' },
    );
  });

  it('names what is missing or wrong in the storage settings', () => {
    expect(problemsOf({ STORAGE_DRIVER: 's3' })).toEqual([
      'STORAGE_S3_BUCKET is required when STORAGE_DRIVER=s3',
    ]);
    expect(problemsOf({ STORAGE_S3_BUCKET: 'mea-media', STORAGE_S3_ACCESS_KEY_ID: 'key' })).toEqual(
      ['STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY must be set together'],
    );
    expect(
      problemsOf({
        STORAGE_DRIVER: 'gcs',
        STORAGE_S3_ENDPOINT: 'ftp://store',
        STORAGE_S3_FORCE_PATH_STYLE: 'maybe',
      }),
    ).toEqual([
      'STORAGE_DRIVER must be local or s3 (got "gcs")',
      'STORAGE_S3_ENDPOINT must be a http(s) URL (got "ftp://store")',
      'STORAGE_S3_FORCE_PATH_STYLE must be true or false (got "maybe")',
    ]);
  });

  it('formats the message as a readable list', () => {
    const error = new ConfigError(['A is bad', 'B is bad']);
    expect(error.message).toBe('Invalid configuration:\n  - A is bad\n  - B is bad');
  });
});
