import { pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// Wallet passes (decision 075): the Apple pass certificate and the Google Wallet service account
// an organizer (or, with no owner, the platform) configured. Private keys are sealed
// (platform/field-crypto) and never leave the server.

export const walletPassConfigs = pgTable(
  'wallet_pass_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The organizer's account; null: the platform's, used for organizers without their own. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    applePassTypeId: text('apple_pass_type_id'),
    appleTeamId: text('apple_team_id'),
    /** The pass signing certificate and Apple's WWDR intermediate, PEM (public). */
    appleCertificatePem: text('apple_certificate_pem'),
    appleWwdrPem: text('apple_wwdr_pem'),
    /** The signing certificate's private key, PEM, sealed. */
    appleKeySealed: text('apple_key_sealed'),
    googleIssuerId: text('google_issuer_id'),
    googleServiceAccountEmail: text('google_service_account_email'),
    /** The service account's RSA private key, PEM, sealed. */
    googleKeySealed: text('google_key_sealed'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('wallet_pass_configs_owner').on(t.ownerId).nullsNotDistinct()],
);
