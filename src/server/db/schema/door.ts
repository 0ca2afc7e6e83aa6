import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { tickets } from './tickets';
import { users } from './users';

// The door (decision 066): per-event signing keys for ticket codes, the scans devices send, and
// a feed of ticket changes that devices read from a cursor.

/** An event's Ed25519 key pair; the private key sealed like other secrets (platform/field-crypto). */
export const eventSigningKeys = pgTable('event_signing_keys', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  /** Raw 32-byte public key, base64url: what the check-in app receives. */
  publicKey: text('public_key').notNull(),
  /** PKCS#8 DER of the private key, sealed with a key derived for this purpose. */
  privateKeySealed: text('private_key_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One scan a check-in device sent; the same scan sent again finds its row (idempotent). */
export const doorScans = pgTable(
  'door_scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').notNull(),
    gate: text('gate').notNull().default(''),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** The scanned code's version; -1 for a ticket chosen by name at the door. */
    codeVersion: integer('code_version').notNull(),
    /** admitted | duplicate | conflict | revoked (contracts/door.ts DOOR_SCAN_RESULTS). */
    result: text('result').notNull(),
    /** Why the server refused a scan the device admitted (a list's rules); null otherwise. */
    reason: text('reason'),
    /** The check-in list the device scanned for; null: all tickets (or a list since removed). */
    listId: uuid('list_id').references(() => doorCheckInLists.id, { onDelete: 'set null' }),
    /** On a one-entry-per-day list, the scan's day in the event's time zone; null otherwise. */
    day: date('day', { mode: 'string' }),
    scannedBy: uuid('scanned_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('door_scans_once_idx').on(t.eventId, t.deviceId, t.ticketId, t.scannedAt),
    index('door_scans_ticket_idx').on(t.ticketId, t.result),
    index('door_scans_event_result_idx').on(t.eventId, t.result),
    index('door_scans_list_day_idx').on(t.listId, t.day, t.ticketId),
  ],
);

/**
 * Every insert or door-relevant update of a ticket (state, code version, pending transfer,
 * check-in), written by a trigger on `tickets` (see the migration) so no selling, refunding or
 * transferring path can forget it. Devices read it from their cursor to learn revoked codes.
 */
export const doorTicketChanges = pgTable(
  'door_ticket_changes',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('door_ticket_changes_event_idx').on(t.eventId, t.seq)],
);

/**
 * A check-in list the organizer defines for an event (decision 116): the ticket types it admits
 * (none: all), a gate its scans are made at, and a window it is open in (a day of a festival,
 * an evening's doors). The door app downloads a list's rules with its tickets and decides offline.
 */
export const doorCheckInLists = pgTable(
  'door_check_in_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The ticket types on the list; empty: every ticket of the event. */
    ticketTypeIds: uuid('ticket_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The gate the list's scans are made at; empty: the device's own. */
    gate: text('gate').notNull().default(''),
    /** Before this, a ticket is "not yet valid" on this list. */
    validFrom: timestamp('valid_from', { withTimezone: true }),
    /** After this, the list is closed. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** One entry per day: admissions count per (ticket, day in the event's time zone). */
    perDay: boolean('per_day').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('door_check_in_lists_event_idx').on(t.eventId, t.createdAt),
    check(
      'door_check_in_lists_window',
      sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validFrom} < ${t.validUntil}`,
    ),
  ],
);
