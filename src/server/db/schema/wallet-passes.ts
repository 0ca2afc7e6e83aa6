import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { tickets } from './tickets';
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

// Apple's pass web service (decision 089): the devices that added a ticket's pass and asked to be
// told when it changes. A pass's serial number is its ticket's id; a device is Wallet's library
// identifier, and its push token is what APNs needs to wake it. Deleted with the ticket.
export const applePassRegistrations = pgTable(
  'apple_pass_registrations',
  {
    deviceLibraryId: text('device_library_id').notNull(),
    passTypeId: text('pass_type_id').notNull(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    pushToken: text('push_token').notNull(),
    /**
     * Whose device it is: the ticket's holder when it registered. A push token identifies a
     * device, so the rows go when that person's account is erased (privacy/personal-tables).
     */
    holderId: uuid('holder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set by the triggers of migration 0070 when the pass changed; cleared when pushed. */
    needsPush: boolean('needs_push').notNull().default(false),
    /** A failed push is tried again after this (with backoff), at most five times. */
    pushAfter: timestamp('push_after', { withTimezone: true }),
    pushFailures: integer('push_failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceLibraryId, t.passTypeId, t.ticketId] }),
    index('apple_pass_registrations_ticket_idx').on(t.ticketId),
    index('apple_pass_registrations_holder_idx').on(t.holderId),
    index('apple_pass_registrations_due_idx')
      .on(t.pushAfter)
      .where(sql`${t.needsPush}`),
  ],
);

// When a pass last changed for a reason of its own ticket (a seat, a transfer, a refund) or of
// its event (time, place, title, cancellation): written by triggers, whatever path made the
// change. A pass's Last-Modified is the later of the two (or the ticket's creation).
export const walletPassTicketChanges = pgTable('wallet_pass_ticket_changes', {
  ticketId: uuid('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const walletPassEventChanges = pgTable('wallet_pass_event_changes', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});
