import type { ServerFrame } from '../../../contracts/realtime';
import type { Database } from '../../db/client';
import { vendorRequests } from '../../db/schema/vendors';
import type { RealtimeSource } from '../../platform/realtime/hub';
import { maxSeq, readBySeq } from '../../platform/realtime/seq-table';
import { requestChangesFor } from './vendor-requests.queries';
import type { VendorRequestRow } from './vendors.queries';
import { presentRequest } from './vendors.presenter';

export const vendorRequestFrame = (rows: VendorRequestRow[]): ServerFrame => ({
  type: 'vendor_requests',
  events: rows.map((row) => ({
    op: row.updatedAt ? 'UPDATE' : 'INSERT',
    request: presentRequest(row),
  })),
});

/**
 * spec §7 realtime: vendor_requests inserts and updates reach the organizer (whose Vendor
 * Applications screen reloads) and the vendor who applied (their applications list).
 */
export function vendorRequestSource(db: Database): RealtimeSource<VendorRequestRow> {
  return {
    name: 'vendor_requests',
    read: (after, gaps, limit) => readBySeq(db, vendorRequests, after, gaps, limit),
    maxSeq: () => maxSeq(db, vendorRequests),
    seqOf: (row) => row.seq,
    usersOf: (row) => [row.organizerId, row.vendorId],
    frame: vendorRequestFrame,
    changesFor: (userId, since, limit) => requestChangesFor(db, { userId, since, limit }),
  };
}
