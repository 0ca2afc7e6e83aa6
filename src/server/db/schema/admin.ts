import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/**
 * Every admin and moderator action (issue 19): append-only. The application only inserts; a
 * trigger in the migration refuses UPDATE and DELETE, so not even a bug in our code can rewrite
 * history. The actor and target are plain ids, not foreign keys: the row must outlive the
 * account it names (an erased user's audit trail stays).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
  ],
);

/** Site settings editable from /admin/settings (one row per key; the value is the key's JSON). */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

/** A suspended account: its sessions were ended and sign-in is refused while the row exists. */
export const accountSuspensions = pgTable('account_suspensions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull().default(''),
  suspendedBy: uuid('suspended_by'),
  suspendedAt: timestamp('suspended_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Events an admin chose to feature on the home page, newest choice first. */
export const featuredEvents = pgTable(
  'featured_events',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    featuredBy: uuid('featured_by'),
    featuredAt: timestamp('featured_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('featured_events_at_idx').on(t.featuredAt.desc())],
);
