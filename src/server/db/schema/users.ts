import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES, USER_TYPES } from '../../../contracts/enums';

export const userType = pgEnum('user_type', USER_TYPES);
export const appRole = pgEnum('app_role', ROLES);

// Credentials and identity (spec §3 "Session user"); the public face lives in profiles.
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    // The language the person chose (contracts/locales.ts); null follows the browser's.
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Emails are unique regardless of case: Ana@x.com and ana@x.com are one person.
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // The console's users list, newest first, and sign-ups per period (decision 020).
    index('users_created_idx').on(t.createdAt, t.id),
    // The console's search by any part of an address (ILIKE '%…%'), decision 020.
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

// spec §3 profiles: id, full_name, business_name, avatar_url, category, user_type, created_at;
// phone and service come from the sign-up payload.
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    businessName: text('business_name'),
    avatarUrl: text('avatar_url'),
    category: text('category'),
    userType: userType('user_type').notNull().default('attendee'),
    phone: text('phone'),
    service: text('service'),
    // spec §3 sign-up payload: the promo/referral code the person arrived with, if any.
    referredByPromoCode: text('referred_by_promo_code'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The console's users list sorted by name (decision 020).
  (t) => [
    index('profiles_full_name_idx').on(t.fullName),
    index('profiles_full_name_trgm_idx').using('gin', sql`${t.fullName} gin_trgm_ops`),
  ],
);

// How many people carry each full name, kept by triggers on profiles (migration 0081): the
// console's user search counts matching names here, one row per distinct name (decision 144).
export const profileNameCounts = pgTable(
  'profile_name_counts',
  {
    fullName: text('full_name').primaryKey(),
    people: integer('people').notNull(),
  },
  (t) => [
    index('profile_name_counts_trgm_idx').using('gin', sql`${t.fullName} gin_trgm_ops`),
    check('profile_name_counts_people_check', sql`${t.people} >= 0`),
  ],
);

// spec §6 privileged roles, held beside the account type.
export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: appRole('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

// Opaque session tokens: the cookie carries the token, the table only its SHA-256 hash, so a
// leaked table cannot be replayed as cookies.
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    // The client address at sign-in, shown masked in "Where you're signed in".
    ipAddress: text('ip_address'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);
