import {
  boolean,
  customType,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const bytea = customType<{ data: Uint8Array; driverData: Buffer }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
});

export const authTokenPurpose = pgEnum('auth_token_purpose', [
  'email_confirmation',
  'password_reset',
  // A one-time sign-in link (15 minutes): the way in when guesses at the password are throttled.
  'sign_in_link',
]);

// Single-use, expiring links sent by mail. Only the SHA-256 of the token is stored.
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: authTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

// Passkeys (the spec's "face recognition" sign-in): WebAuthn credentials of a user.
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(), // credential id, base64url
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicKey: bytea('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull().default('Passkey'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_id_idx').on(t.userId)],
);

export const webauthnChallengePurpose = pgEnum('webauthn_challenge_purpose', [
  'registration',
  'authentication',
]);

// Each challenge is used once (used_at set by a guarded UPDATE) and expires.
export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  challenge: text('challenge').notNull(),
  purpose: webauthnChallengePurpose('purpose').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit counters shared by every server process (per client address and route, per account
 * for sign-in failures and mail, per message sender): one window per key. Unlogged (set in its
 * migration): counters are not worth a WAL write and fsync per request, and a crash only resets
 * them. Only the key is indexed and pages are half full (fillfactor 50, set in migration 0075):
 * every hit rewrites count and reset_at, and with no index on them the new row version stays on
 * its page without index entries (a HOT update), where an index on reset_at cost two index
 * entries and a dead row for every hit. The prune every 5 minutes reads the table instead.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
