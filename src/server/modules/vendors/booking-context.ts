import { vendorDisplayName } from '../../../contracts/vendors';
import type { DbExecutor } from '../../db/client';
import { getBooking } from './bookings.queries';
import { bookingTitle } from './bookings.service';
import { isUuid } from '../../../contracts/ids';

/**
 * What a booking chat's header shows (called by the messaging module): the booking's title,
 * its status and the event it is for; null when there is no such booking. The caller has
 * already checked that the person belongs to the chat.
 */
export async function bookingContext(
  db: DbExecutor,
  bookingId: string,
): Promise<{ id: string; title: string; status: string; eventTitle: string } | null> {
  if (!isUuid(bookingId)) return null;
  const row = await getBooking(db, { bookingId });
  if (!row) return null;
  return {
    id: row.booking.id,
    title: bookingTitle(vendorDisplayName(row.vendor), row.event.title),
    status: row.booking.status,
    eventTitle: row.event.title,
  };
}
