import type { ServerFrame } from '../../../contracts/realtime';
import type { Database } from '../../db/client';
import type { RealtimeSource } from '../../platform/realtime/hub';
import {
  maxRequestSeq,
  presentRequest,
  readRequestsBySeq,
  requestChangesFor,
  type VendorRequestRow,
} from './vendors.queries';

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
    read: (after, gaps, limit) => readRequestsBySeq(db, { after, gaps, limit }),
    maxSeq: () => maxRequestSeq(db),
    seqOf: (row) => row.seq,
    usersOf: (row) => [row.organizerId, row.vendorId],
    frame: vendorRequestFrame,
    changesFor: (userId, since, limit) => requestChangesFor(db, { userId, since, limit }),
  };
}
