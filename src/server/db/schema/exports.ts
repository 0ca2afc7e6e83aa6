import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { EXPORT_FORMATS, EXPORT_KINDS, EXPORT_STATUSES } from '../../../contracts/exports';
import { events } from './events';
import { users } from './users';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

// An organizer's export built in the background (decision 056): its progress while it runs,
// then the file, kept in chunks beside it until `expires_at`.
export const eventExports = pgTable(
  'event_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: EXPORT_KINDS }).notNull(),
    format: text('format', { enum: EXPORT_FORMATS }).notNull(),
    status: text('status', { enum: EXPORT_STATUSES }).notNull().default('running'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total').notNull().default(0),
    sizeBytes: integer('size_bytes'),
    /** Past this moment a running export is finished in the background and its link emailed. */
    backgroundAt: timestamp('background_at', { withTimezone: true }).notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('event_exports_event_idx').on(t.eventId, t.createdAt),
    index('event_exports_expires_idx').on(t.expiresAt),
  ],
);

// The file of a finished export in pieces of about a megabyte: written as the export is built
// and read back one piece at a time, so neither side holds the whole file.
export const eventExportChunks = pgTable(
  'event_export_chunks',
  {
    exportId: uuid('export_id')
      .notNull()
      .references(() => eventExports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.seq] })],
);
