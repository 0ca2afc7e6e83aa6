import { msg } from '@lingui/core/macro';
import { minorToDecimalString } from '../../../contracts/currency';
import type { SalesChannelReport } from '../../../contracts/sales-channels';
import type { DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { csvDocument } from '../../platform/http/csv';
import { AppError } from '../../platform/http/errors';
import { lockManagedEvent } from '../events/events.service';
import { findChannelDays, findChannelRows, findEventZone } from './sales-channels.queries';

// Sales by channel (decision 117): who may see it is who may see the event's orders (the
// organizer, admins, and team members whose role reads orders).

export async function getSalesChannels(
  db: DbExecutor,
  params: { eventId: string; actor: AuthUser; day?: string },
): Promise<SalesChannelReport> {
  await lockManagedEvent(db, params, { lock: false, permission: 'orders' });
  const zone = await findEventZone(db, params.eventId);
  if (!zone) throw new AppError('NOT_FOUND', msg`Event not found`);
  const day = params.day ?? null;
  const [rows, days] = await Promise.all([
    findChannelRows(db, { eventId: params.eventId, day }),
    findChannelDays(db, params.eventId),
  ]);
  return { ...zone, day, days, rows };
}

// A spreadsheet's columns (English, like the other CSV exports: a file, not the page).
const CSV_HEADER = [
  'Channel',
  'Payment method',
  'Seller',
  'Orders',
  'Tickets',
  'Gross',
  'Refunded',
  'Currency',
  'Day',
];

/** The same report as CSV, amounts in the currency's units with its decimals. */
export async function salesChannelsCsv(
  db: DbExecutor,
  params: { eventId: string; actor: AuthUser; day?: string },
) {
  const report = await getSalesChannels(db, params);
  const amount = (cents: number) => minorToDecimalString(cents, report.currency);
  return csvDocument([
    CSV_HEADER,
    ...report.rows.map((row) => [
      row.channel === 'box_office' ? 'Box office' : 'Online',
      row.method,
      row.sellerName,
      row.orders,
      row.tickets,
      amount(row.grossCents),
      amount(row.refundedCents),
      report.currency,
      report.day ?? 'All days',
    ]),
  ]);
}
