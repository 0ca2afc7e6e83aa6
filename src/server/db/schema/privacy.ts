import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DATA_EXPORT_STATUSES } from '../../../contracts/privacy';
import { users } from './users';

// A person's "Download my data" (decision 063): built by a job into a ZIP in the file store
// (`file_key`, a folder /media never serves), downloadable by that person until `expires_at`.
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('requested'),
    fileKey: text('file_key'),
    sizeBytes: integer('size_bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    index('data_exports_expires_idx').on(t.expiresAt),
  ],
);

// "Delete my account": pending until `erase_after` (signing in removes the row), then the
// erase job anonymises the person and sets `erased_at`; the row stays as the account's marker
// (it holds nothing personal), so exports and lists can leave erased people out.
export const accountDeletions = pgTable(
  'account_deletions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    eraseAfter: timestamp('erase_after', { withTimezone: true }).notNull(),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [index('account_deletions_erase_idx').on(t.eraseAfter)],
);
