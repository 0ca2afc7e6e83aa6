import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

/**
 * Every table that points at a person (a foreign key to users or profiles), and what becomes of
 * its rows when that person's account is erased (decision 063):
 * - `delete`: the rows are only theirs (sessions, diary, notifications, follows): gone.
 * - `keep`: the rows matter to someone else (orders and payouts for accounting, messages for the
 *   other party, events other people hold tickets to): kept, with the person anonymised (their
 *   user row says "Deleted user") and their personal values swept out of every text column.
 * `personal-tables.int.test.ts` fails when a table gains a column pointing at a person and is not
 * listed here, so a new kind of personal data is never silently left out of the download or
 * the erasure.
 */
export type EraseRule = 'delete' | 'keep';

export interface PersonalTable {
  /** The columns that hold the person's id. */
  columns: string[];
  erase: EraseRule;
  /** Left out of the download (credentials, or records others keep about the person). */
  noExport?: true;
  /** The columns whose rows are the person's own in the download (default: all of them). */
  exportBy?: string[];
  /**
   * With `delete`, the columns whose person's erasure deletes the rows (default: all of them);
   * the others only name someone who acted on the rows, who is anonymised like everywhere.
   */
  deleteBy?: string[];
}

export const PERSONAL_TABLES: Record<string, PersonalTable> = {
  users: { columns: ['id'], erase: 'keep' },
  profiles: { columns: ['id'], erase: 'keep' },
  account_deletions: { columns: ['user_id'], erase: 'keep', noExport: true },
  account_suspensions: { columns: ['user_id'], erase: 'keep' },
  affiliate_ledger: { columns: ['created_by'], erase: 'keep', noExport: true },
  affiliate_w9: { columns: ['user_id'], erase: 'keep' },
  affiliate_w9_reads: {
    columns: ['read_by', 'user_id'],
    erase: 'keep',
    noExport: true,
    exportBy: ['user_id'],
  },
  affiliates: { columns: ['user_id'], erase: 'keep' },
  // A key is its account's; a team member who made it (created_by) is only named on it, so their
  // erasure leaves the account's keys working (decision 073).
  api_keys: {
    columns: ['owner_id', 'created_by'],
    erase: 'delete',
    exportBy: ['owner_id'],
    deleteBy: ['owner_id'],
  },
  auth_tokens: { columns: ['user_id'], erase: 'delete', noExport: true },
  // A Wallet on the holder's device registered for a pass (decision 089): its push token
  // identifies the device, so it goes with the person.
  apple_pass_registrations: { columns: ['holder_id'], erase: 'delete' },
  // The sales a person made at an event's door: the organizer's accounts keep them.
  box_office_sales: { columns: ['seller_id'], erase: 'keep' },
  // Who mailed a sale's tickets from the desk: the organizer's record, like the sale.
  box_office_mailings: { columns: ['sent_by'], erase: 'keep', noExport: true },
  // A seller's drawer count and who closed or re-opened it: the organizer's accounts, like the sales.
  box_office_shifts: {
    columns: ['seller_id', 'closed_by', 'reopened_by'],
    erase: 'keep',
    exportBy: ['seller_id'],
  },
  blog_posts: { columns: ['author_id'], erase: 'keep' },
  bookings: { columns: ['organizer_id', 'vendor_id'], erase: 'keep' },
  chat_participants: { columns: ['user_id'], erase: 'keep' },
  chats: { columns: ['created_by'], erase: 'keep' },
  data_exports: { columns: ['user_id'], erase: 'delete', noExport: true },
  diary_entries: { columns: ['user_id'], erase: 'delete' },
  // Who scanned a ticket at the door: the organizer's record (decision 066).
  door_scans: { columns: ['scanned_by'], erase: 'keep', noExport: true },
  diary_feeds: { columns: ['user_id'], erase: 'delete' },
  diary_photos: { columns: ['user_id'], erase: 'delete' },
  email_campaigns: { columns: ['owner_id'], erase: 'keep' },
  email_lists: { columns: ['owner_id'], erase: 'keep' },
  email_suppressions: { columns: ['owner_id'], erase: 'keep' },
  event_announcements: { columns: ['sender_id'], erase: 'keep' },
  event_exports: { columns: ['user_id'], erase: 'delete', noExport: true },
  event_feedback: { columns: ['user_id'], erase: 'keep' },
  event_participants: { columns: ['user_id'], erase: 'delete' },
  event_series: { columns: ['user_id'], erase: 'keep' },
  event_vendors: { columns: ['vendor_id'], erase: 'keep' },
  events: { columns: ['user_id'], erase: 'keep' },
  team_activity: {
    columns: ['owner_id', 'actor_id'],
    erase: 'keep',
    noExport: true,
    exportBy: ['actor_id'],
  },
  team_invites: { columns: ['owner_id', 'accepted_by'], erase: 'delete', noExport: true },
  team_members: { columns: ['owner_id', 'member_id'], erase: 'delete' },
  team_settings: { columns: ['owner_id'], erase: 'delete' },
  funnels: { columns: ['owner_id'], erase: 'keep' },
  meeting_connections: { columns: ['user_id'], erase: 'delete' },
  meeting_participants: { columns: ['user_id'], erase: 'delete' },
  meetings: { columns: ['host_id'], erase: 'keep' },
  // written_by: a team member who wrote for the sender's account (decision 073).
  messages: { columns: ['sender_id', 'written_by'], erase: 'keep' },
  notification_settings: { columns: ['user_id'], erase: 'delete' },
  orders: { columns: ['user_id'], erase: 'keep' },
  organizer_follows: {
    columns: ['follower_id', 'organizer_id'],
    erase: 'delete',
    exportBy: ['follower_id'],
  },
  passkeys: { columns: ['user_id'], erase: 'delete' },
  promo_campaigns: { columns: ['owner_id'], erase: 'keep' },
  push_subscriptions: { columns: ['user_id'], erase: 'delete' },
  referrals: { columns: ['referrer_id'], erase: 'keep' },
  refunds: { columns: ['created_by'], erase: 'keep', noExport: true },
  reports: { columns: ['reporter_id'], erase: 'keep' },
  ride_bookings: { columns: ['rider_id'], erase: 'keep' },
  ride_ratings: { columns: ['ratee_id', 'rater_id'], erase: 'keep' },
  ride_requests: { columns: ['rider_id'], erase: 'delete' },
  rides: { columns: ['driver_id'], erase: 'keep' },
  // A plan's sold events keep their seat maps.
  seating_plans: { columns: ['owner_id'], erase: 'keep' },
  sessions: { columns: ['user_id'], erase: 'delete' },
  site_page_translations: { columns: ['updated_by'], erase: 'keep', noExport: true },
  site_pages: { columns: ['updated_by'], erase: 'keep', noExport: true },
  stream_access_grants: { columns: ['user_id'], erase: 'delete' },
  stream_invites: { columns: ['user_id'], erase: 'delete' },
  stream_notifications: { columns: ['user_id'], erase: 'delete' },
  streams: { columns: ['owner_id'], erase: 'keep' },
  subscription_invoices: { columns: ['user_id'], erase: 'keep' },
  subscriptions: { columns: ['user_id'], erase: 'keep' },
  support_messages: { columns: ['author_id'], erase: 'keep' },
  support_tickets: { columns: ['requester_id'], erase: 'keep' },
  tax_rates: { columns: ['user_id'], erase: 'keep' },
  ticket_transfers: { columns: ['from_user_id', 'to_user_id'], erase: 'keep' },
  tickets: { columns: ['checked_in_by', 'user_id'], erase: 'keep', exportBy: ['user_id'] },
  two_factor_pending_sign_ins: { columns: ['user_id'], erase: 'delete', noExport: true },
  two_factor_recovery_codes: { columns: ['user_id'], erase: 'delete', noExport: true },
  two_factor_settings: { columns: ['user_id'], erase: 'delete' },
  user_blocks: { columns: ['blocked_id', 'blocker_id'], erase: 'delete', exportBy: ['blocker_id'] },
  user_experience_ratings: { columns: ['user_id'], erase: 'keep' },
  user_rating_prompts: { columns: ['user_id'], erase: 'delete' },
  user_roles: { columns: ['user_id'], erase: 'delete' },
  vendor_positions: { columns: ['vendor_id'], erase: 'keep' },
  vendor_profiles: { columns: ['user_id'], erase: 'keep' },
  vendor_ratings: { columns: ['organizer_id', 'vendor_id'], erase: 'keep' },
  vendor_requests: { columns: ['organizer_id', 'vendor_id'], erase: 'keep' },
  waitlist_entries: { columns: ['user_id'], erase: 'delete' },
  webauthn_challenges: { columns: ['user_id'], erase: 'delete', noExport: true },
  // An organizer's wallet pass account: credentials (a sealed key), so left out of the download;
  // it goes with the account.
  wallet_pass_configs: { columns: ['owner_id'], erase: 'delete', noExport: true },
  webhook_endpoints: { columns: ['owner_id'], erase: 'delete' },
  webhook_events: { columns: ['owner_id'], erase: 'delete' },
  widget_checkouts: { columns: ['user_id'], erase: 'keep' },
};

/**
 * Rows about the person reached through another of their rows (answers to checkout questions
 * belong to their orders), read into the download beside the tables above.
 */
export const LINKED_TABLES: Record<string, (userId: string) => SQL> = {
  question_answers: (userId) => sql`order_id in (select id from orders where user_id = ${userId})`,
  order_billing_details: (userId) =>
    sql`order_id in (select id from orders where user_id = ${userId})`,
};

/** Columns never put in the download: credentials and secrets, even the person's own. */
export const SECRET_COLUMN = /(password|token|secret|hash|encrypted|sealed|private_key|_iv$)/;
/** Tax identification numbers: only their last four characters go into the download. */
export const TIN_COLUMN = /^(tin|tax_id|vat_id)$/;

export interface ForeignKeyToPerson {
  table: string;
  column: string;
}

/** The database's own list of columns pointing at a person (foreign keys to users or profiles). */
export async function foreignKeysToPeople(db: DbExecutor): Promise<ForeignKeyToPerson[]> {
  const result = await db.execute(sql`
    select cl.relname as "table", a.attname as "column"
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_class rt on rt.oid = c.confrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f'
      and rt.relname in ('users', 'profiles')
      and cl.relnamespace = 'public'::regnamespace
    order by 1, 2`);
  return result.rows as unknown as ForeignKeyToPerson[];
}
