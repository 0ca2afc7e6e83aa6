import path from 'node:path';
import { z } from 'zod';
import { PACKAGE_VERSION } from './platform/paths';

// The one place that reads process.env (docs/architecture.md "Config"). Everything is parsed and
// checked once at start; a bad value stops the process with the full list of problems.

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number between 1 and 65535' })
    .int({ error: 'must be a whole number between 1 and 65535' })
    .min(1, { error: 'must be a whole number between 1 and 65535' })
    .max(65535, { error: 'must be a whole number between 1 and 65535' })
    .default(fallback);

const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || (URL.canParse(v) && protocols.test(new URL(v).protocol)), {
      error: `must be a ${hint} URL`,
    });

// Comma-separated ICE server URLs, each starting with one of `schemes` (meetings).
const urlList = (...schemes: string[]) =>
  z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .refine((urls) => urls.every((u) => schemes.some((s) => u.startsWith(s))), {
      error: `must be comma-separated ${schemes.join(' or ')} URLs`,
    });

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'test', 'production'], {
      error: 'must be development, test or production',
    })
    .default('development'),
  PORT: port(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl(/^https?:$/, 'http(s)'),
  DATA_DIR: z.string().trim().min(1).default('.data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'postgres://'),
  APP_NAME: z.string().trim().min(1).default('MEA Events'),
  CONTACT_EMAIL: z.email({ error: 'must be an email address' }).default('support@mea.events'),
  CONTACT_PHONE: z.string().trim().min(1).default('+1 (555) 010-0199'),
  SMTP_URL: optionalUrl(/^smtps?:$/, 'smtp:// or smtps://'),
  MAIL_FROM: z.string().trim().min(3).optional(),
  // Bulk mail (announcements, notification mail) per second per process that works jobs; set it
  // to what the mail provider accepts. Transactional mail has its own queue and is never held by it.
  MAIL_BULK_RATE: z.coerce
    .number({ error: 'must be a number of mails per second' })
    .positive({ error: 'must be a number of mails per second above 0' })
    .max(10_000, { error: 'must be at most 10000 mails per second' })
    .default(250),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  SEED_DEMO: flag(true),
  RUN_WORKERS: flag(true),
  // A staging copy asks every crawler to stay out (robots.txt `Disallow: /`).
  SEO_DISALLOW_ALL: flag(false),
  TRUST_PROXY: flag(false),
  // Outgoing requests (webhooks) refuse loopback and private addresses (SSRF); tests and a local
  // receiver on this machine turn loopback on. Private networks are never allowed.
  OUTGOING_ALLOW_LOOPBACK: flag(false),
  // Apple's push service, which wakes a Wallet whose pass changed (decision 089); tests point it
  // at a stand-in HTTP/2 server on this machine and trust that server's authority (PEM).
  APPLE_PUSH_URL: optionalUrl(/^https:$/, 'https').default('https://api.push.apple.com'),
  APPLE_PUSH_CA_PEM: z.string().trim().min(1).optional(),
  // Browser test suites sign in many times from one address; they raise the per-client limits.
  RATE_LIMIT_MULTIPLIER: z.coerce
    .number({ error: 'must be a whole number of 1 or more' })
    .int({ error: 'must be a whole number of 1 or more' })
    .min(1, { error: 'must be a whole number of 1 or more' })
    .default(1),
  // How long an organizer's export may run before it finishes in the background and its link is
  // emailed (decision 056).
  EXPORT_BACKGROUND_AFTER_MS: z.coerce
    .number({ error: 'must be a number of milliseconds from 0 to 600000' })
    .int({ error: 'must be a number of milliseconds from 0 to 600000' })
    .min(0, { error: 'must be a number of milliseconds from 0 to 600000' })
    .max(600_000, { error: 'must be a number of milliseconds from 0 to 600000' })
    .default(10_000),
  // How long a signed-in session is remembered between requests (0: ask the database every time).
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  // How long a process keeps a person's check-subscription answer (decision 021);
  // every subscription or plan change, in any process, drops it at once (the session channel).
  // 0 asks the database every time (the default under NODE_ENV=test).
  SUBSCRIPTION_CACHE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds from 0 to 60000' })
    .int({ error: 'must be a number of milliseconds from 0 to 60000' })
    .min(0, { error: 'must be a number of milliseconds from 0 to 60000' })
    .max(60_000, { error: 'must be a number of milliseconds from 0 to 60000' })
    .optional(),
  // How old a process's list of live promotions may get before it is reloaded (decision 025);
  // 0 reloads on every request (the default under NODE_ENV=test, where tests change campaigns
  // and serve at once).
  PROMO_CACHE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds from 0 to 60000' })
    .int({ error: 'must be a number of milliseconds from 0 to 60000' })
    .min(0, { error: 'must be a number of milliseconds from 0 to 60000' })
    .max(60_000, { error: 'must be a number of milliseconds from 0 to 60000' })
    .optional(),
  // How long view beacons wait in a process before one batch charges them (decision 036); 0
  // charges each beacon's views before answering (the default under NODE_ENV=test).
  PROMO_VIEW_FLUSH_MS: z.coerce
    .number({ error: 'must be a number of milliseconds from 0 to 60000' })
    .int({ error: 'must be a number of milliseconds from 0 to 60000' })
    .min(0, { error: 'must be a number of milliseconds from 0 to 60000' })
    .max(60_000, { error: 'must be a number of milliseconds from 0 to 60000' })
    .optional(),
  // Referral links' clicks answered once on this instance's disk, written after the answer
  // (decision 163); off answers each after its batch's commit (the default under NODE_ENV=test).
  REFERRAL_CLICK_JOURNAL: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  // How long a process trusts its copy of a viewer's views of the day (frequency caps) before
  // reading them again, for views counted by other processes; 0 reads on every request.
  PROMO_CAPS_MS: z.coerce
    .number({ error: 'must be a number of milliseconds from 0 to 600000' })
    .int({ error: 'must be a number of milliseconds from 0 to 600000' })
    .min(0, { error: 'must be a number of milliseconds from 0 to 600000' })
    .max(600_000, { error: 'must be a number of milliseconds from 0 to 600000' })
    .optional(),
  // Signs ticket codes and local payment webhooks; generated under DATA_DIR when unset.
  SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  PAYMENT_PROVIDER: z.enum(['local', 'stripe'], { error: 'must be local or stripe' }).optional(),
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  // Signs asynchronous bounce and complaint reports posted to /api/marketing/bounces (our own
  // HMAC header, or Mailgun's webhook signing key); unset, that endpoint is off (decision 024).
  BOUNCE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .min(16, { error: 'must be at least 16 characters' })
    .optional(),
  // Points the Stripe SDK at another API host (the tests' local fake of Stripe).
  STRIPE_API_URL: optionalUrl(/^https?:$/, 'http(s)'),
  // Web push (VAPID) keys; generated once under DATA_DIR when unset.
  VAPID_PUBLIC_KEY: z.string().trim().min(20).optional(),
  VAPID_PRIVATE_KEY: z.string().trim().min(20).optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:|https:)/, { error: 'must start with mailto: or https:' })
    .optional(),
  // Uploaded files: `local` disk under DATA_DIR, or an S3-compatible bucket for several instances.
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'must be local or s3' }).optional(),
  STORAGE_S3_BUCKET: z.string().trim().min(3, { error: 'must be a bucket name' }).optional(),
  STORAGE_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  STORAGE_S3_ENDPOINT: optionalUrl(/^https?:$/, 'http(s)'),
  STORAGE_S3_FORCE_PATH_STYLE: flag(false),
  STORAGE_S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  STORAGE_S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .default(15_000),
  // Live streaming: the ffmpeg that turns broadcasts into HLS, the RTMP listener for
  // OBS (0 turns it off; tests default to off so parallel apps do not fight over the port), and
  // how long a stream whose input stopped waits for a reconnect before it ends.
  FFMPEG_PATH: z.string().trim().min(1).default('ffmpeg'),
  RTMP_PORT: z.coerce
    .number({ error: 'must be a whole number between 0 and 65535' })
    .int({ error: 'must be a whole number between 0 and 65535' })
    .min(0, { error: 'must be a whole number between 0 and 65535' })
    .max(65535, { error: 'must be a whole number between 0 and 65535' })
    .optional(),
  // The address OBS is given when the RTMP listener sits behind another host name or port than
  // PUBLIC_URL's (a TCP proxy, a separate ingest host); without it, PUBLIC_URL's host and RTMP_PORT.
  RTMP_PUBLIC_URL: z
    .string()
    .trim()
    .regex(/^rtmps?:\/\/[^\s/]+(\/[^\s]*)?$/, { error: 'must be an rtmp:// or rtmps:// address' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  STREAM_END_GRACE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .max(600_000)
    .default(15_000),
  // HLS segment length and the widest picture the transcoder writes (decision 030): shorter
  // segments mean less delay and more requests per viewer; a narrower picture costs less CPU
  // (about 0.5 CPU s per media s at 1280 px, 0.2 at 640 px).
  STREAM_SEGMENT_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds from 1 to 10' })
    .int({ error: 'must be a whole number of seconds from 1 to 10' })
    .min(1, { error: 'must be a whole number of seconds from 1 to 10' })
    .max(10, { error: 'must be a whole number of seconds from 1 to 10' })
    .default(2),
  STREAM_MAX_WIDTH: z.coerce
    .number({ error: 'must be an even number of pixels from 160 to 3840' })
    .int({ error: 'must be an even number of pixels from 160 to 3840' })
    .min(160, { error: 'must be an even number of pixels from 160 to 3840' })
    .max(3840, { error: 'must be an even number of pixels from 160 to 3840' })
    .refine((n) => n % 2 === 0, { error: 'must be an even number of pixels from 160 to 3840' })
    .default(1280),
  // How long each process keeps a stream's row for its viewers' playlist and segment requests
  // (decision 030): a change made in another process counts within this time.
  STREAM_ROW_CACHE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds from 0 to 10000' })
    .int({ error: 'must be a number of milliseconds from 0 to 10000' })
    .min(0, { error: 'must be a number of milliseconds from 0 to 10000' })
    .max(10_000, { error: 'must be a number of milliseconds from 0 to 10000' })
    .default(1000),
  // Meetings (decision 031): ICE servers handed to browsers, comma-separated URLs
  // (stun:host:3478, turn:host:3478?transport=udp). Empty for localhost. With a coturn
  // `static-auth-secret`, the same secret here gives each person short-lived TURN credentials.
  MEETING_STUN_URLS: urlList('stun:'),
  MEETING_TURN_URLS: urlList('turn:', 'turns:'),
  MEETING_TURN_SECRET: z
    .string()
    .trim()
    .min(16, { error: 'must be at least 16 characters' })
    .optional(),
  // Maps on the ride pages (decision 026): a Leaflet tile template and the credit the
  // tile server asks for. OpenStreetMap's own tiles by default; their usage policy asks a busy
  // site to run or buy a tile service and point this at it. The CSP's img-src follows this host.
  MAP_TILE_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^/?#]+\/.*\{z\}.*\{x\}.*\{y\}/, {
      error: 'must be an http(s) tile template with {z}, {x} and {y}',
    })
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .trim()
    .min(1)
    .default(
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    ),
});

export type Env = z.infer<typeof EnvSchema>;

type StorageEnvKey = Extract<keyof Env, `STORAGE_${string}`>;

/** Where uploaded files are kept (platform/storage). */
export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      s3: {
        bucket: string;
        region: string;
        endpoint?: string;
        forcePathStyle: boolean;
        credentials?: { accessKeyId: string; secretAccessKey: string };
      };
    };

export interface Config extends Omit<
  Env,
  | 'DATA_DIR'
  | 'RTMP_PORT'
  | 'PROMO_CACHE_MS'
  | 'SUBSCRIPTION_CACHE_MS'
  | 'PROMO_VIEW_FLUSH_MS'
  | 'PROMO_CAPS_MS'
  | 'REFERRAL_CLICK_JOURNAL'
  | 'PUBLIC_URL'
  | 'MAIL_FROM'
  | 'PAYMENT_PROVIDER'
  | 'VAPID_SUBJECT'
  | StorageEnvKey
> {
  /** `s3` when STORAGE_S3_BUCKET is set, unless STORAGE_DRIVER says otherwise. */
  storage: StorageConfig;
  /** Contact for push services (VAPID): `mailto:` the contact address unless set. */
  VAPID_SUBJECT: string;
  /** `stripe` when STRIPE_SECRET_KEY is set, unless PAYMENT_PROVIDER says otherwise. */
  PAYMENT_PROVIDER: 'local' | 'stripe';
  /** Sender of every mail, e.g. `MEA Events <no-reply@localhost>`. */
  MAIL_FROM: string;
  /** Absolute path of the data directory (embedded database, uploads, generated secrets). */
  DATA_DIR: string;
  /** RTMP ingest port; 0 = off (the default under NODE_ENV=test). */
  RTMP_PORT: number;
  /** Reload age of the promotions' candidate lists; 0 under NODE_ENV=test, else 1000. */
  PROMO_CACHE_MS: number;
  /** Age of a cached check-subscription answer; 0 under NODE_ENV=test, else 5000. */
  SUBSCRIPTION_CACHE_MS: number;
  /** Batching of view beacons; 0 under NODE_ENV=test, else 1000. */
  PROMO_VIEW_FLUSH_MS: number;
  /** Age of a process's copy of a viewer's views of the day; 0 under NODE_ENV=test, else 10000. */
  PROMO_CAPS_MS: number;
  /** Referral clicks kept on file before the answer; off under NODE_ENV=test, else on. */
  REFERRAL_CLICK_JOURNAL: boolean;
  /** Origin the site is reached at; used for links in mail and for the CSRF origin check. */
  PUBLIC_URL: string;
  isProduction: boolean;
  version: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment (process.env by default) into the app's config or throws ConfigError. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: { cwd?: string; version?: string } = {},
): Config {
  // Empty strings mean "unset" so `PORT= npm start` behaves like no PORT at all.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? 'environment');
        const raw = cleaned[key];
        return `${key} ${issue.message}${raw === undefined ? '' : ` (got "${raw}")`}`;
      }),
    );
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (isProduction && !e.PUBLIC_URL) {
    problems.push(
      'PUBLIC_URL is required when NODE_ENV=production (e.g. https://events.example.com)',
    );
  }
  if (isProduction && !e.SESSION_SECRET) {
    problems.push('SESSION_SECRET is required when NODE_ENV=production (32 or more characters)');
  }
  const provider = e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'local');
  if (provider === 'stripe' && !e.STRIPE_SECRET_KEY) {
    problems.push('STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe');
  }
  if (provider === 'stripe' && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  const storageDriver = e.STORAGE_DRIVER ?? (e.STORAGE_S3_BUCKET ? 's3' : 'local');
  if (storageDriver === 's3' && !e.STORAGE_S3_BUCKET) {
    problems.push('STORAGE_S3_BUCKET is required when STORAGE_DRIVER=s3');
  }
  if (Boolean(e.STORAGE_S3_ACCESS_KEY_ID) !== Boolean(e.STORAGE_S3_SECRET_ACCESS_KEY)) {
    problems.push('STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY must be set together');
  }
  if (problems.length) throw new ConfigError(problems);

  const {
    STORAGE_DRIVER: _driver,
    STORAGE_S3_BUCKET: bucket,
    STORAGE_S3_REGION: region,
    STORAGE_S3_ENDPOINT: endpoint,
    STORAGE_S3_FORCE_PATH_STYLE: forcePathStyle,
    STORAGE_S3_ACCESS_KEY_ID: accessKeyId,
    STORAGE_S3_SECRET_ACCESS_KEY: secretAccessKey,
    ...rest
  } = e;
  const storage: StorageConfig =
    storageDriver === 's3' && bucket
      ? {
          driver: 's3',
          s3: {
            bucket,
            region,
            endpoint,
            forcePathStyle,
            credentials:
              accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
          },
        }
      : { driver: 'local' };

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    ...rest,
    storage,
    PAYMENT_PROVIDER: provider,
    DATA_DIR: path.resolve(options.cwd ?? process.cwd(), e.DATA_DIR),
    RTMP_PORT: e.RTMP_PORT ?? (e.NODE_ENV === 'test' ? 0 : 1935),
    PROMO_CACHE_MS: e.PROMO_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
    SUBSCRIPTION_CACHE_MS: e.SUBSCRIPTION_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 5000),
    PROMO_VIEW_FLUSH_MS: e.PROMO_VIEW_FLUSH_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
    PROMO_CAPS_MS: e.PROMO_CAPS_MS ?? (e.NODE_ENV === 'test' ? 0 : 10_000),
    REFERRAL_CLICK_JOURNAL:
      (e.REFERRAL_CLICK_JOURNAL ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    PUBLIC_URL: publicUrl,
    VAPID_SUBJECT: e.VAPID_SUBJECT ?? `mailto:${e.CONTACT_EMAIL}`,
    MAIL_FROM: e.MAIL_FROM ?? `${e.APP_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    isProduction,
    version: options.version ?? PACKAGE_VERSION,
  };
}
