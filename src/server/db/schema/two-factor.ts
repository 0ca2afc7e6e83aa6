import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './users';

// Two-factor sign-in (decision 061). The authenticator secret is sealed at rest
// (platform/field-crypto.ts); enabled_at stays null until the first code confirms the set-up.
export const twoFactorSettings = pgTable('two_factor_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  // The 30-second step of the last accepted code: a code of that step or an earlier one is a replay.
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Ten single-use recovery codes, stored as argon2id hashes; a used code keeps its row (used_at).
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

// A password accepted, the second factor still to come: no session yet, only the SHA-256 of the
// short-lived token held in an HttpOnly cookie.
export const twoFactorPendingSignIns = pgTable(
  'two_factor_pending_sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    knownDevice: boolean('known_device').notNull().default(false),
    userAgent: text('user_agent'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_pending_sign_ins_expires_idx').on(t.expiresAt)],
);

// When a session last proved its person by password or passkey: sensitive actions ask again
// after ten minutes (platform/auth/recent-auth.ts).
export const sessionAuthChecks = pgTable('session_auth_checks', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});
