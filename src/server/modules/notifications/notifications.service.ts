import type { DbExecutor } from '../../db/client';
import { notifications } from '../../db/schema/notifications';

// spec §3 notification types written so far (ticketing); the notifications module's delivery
// pipeline (live, push, email per settings) builds on these rows.
export type NotificationType =
  | 'payment_processing'
  | 'payment_success'
  | 'payment_failed'
  | 'ticket_purchase'
  | 'ticket_sale'
  | 'event_registration';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  relatedId?: string | null;
  relatedType?: 'events' | 'messages' | 'vendor_requests' | 'tickets' | 'payments' | null;
  metadata?: Record<string, unknown>;
  /** One notification per (user, key): a repeated call creates nothing. */
  dedupeKey?: string;
  createdAt?: Date;
}

/** spec §7 create_notification: inserts rows; returns how many were new. */
export async function createNotifications(
  db: DbExecutor,
  rows: NewNotification[],
): Promise<number> {
  if (!rows.length) return 0;
  const inserted = await db
    .insert(notifications)
    .values(rows.map((row) => ({ ...row, metadata: row.metadata ?? {} })))
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return inserted.length;
}
