import type { VendorTrackerRow } from '../../../contracts/vendors';

// The tracker's four stages for one vendor at one event (spec issue #7: invited, applied,
// approved, paid), as short cell texts.

export type StageState = 'done' | 'waiting' | 'no' | 'none';

export interface StageCell {
  state: StageState;
  text: string;
}

export function trackerCells(row: VendorTrackerRow): {
  invited: StageCell;
  applied: StageCell;
  approved: StageCell;
  paid: StageCell;
} {
  const invited: StageCell =
    row.invited === null
      ? { state: 'none', text: '—' }
      : row.invited === 'accepted'
        ? { state: 'done', text: 'Accepted' }
        : row.invited === 'pending'
          ? { state: 'waiting', text: 'Invited' }
          : { state: 'no', text: row.invited === 'declined' ? 'Declined' : 'Cancelled' };
  const applied: StageCell =
    row.applied === null
      ? { state: 'none', text: '—' }
      : row.applied === 'rejected'
        ? { state: 'no', text: 'Rejected' }
        : { state: row.applied === 'pending' ? 'waiting' : 'done', text: 'Applied' };
  const approved: StageCell = row.approved
    ? { state: 'done', text: 'Approved' }
    : row.applied === 'pending' || row.invited === 'pending'
      ? { state: 'waiting', text: 'Not yet' }
      : { state: 'none', text: '—' };
  const paid: StageCell = row.paid
    ? { state: 'done', text: 'Paid' }
    : row.paymentStatus === 'not_required'
      ? { state: 'done', text: 'No fee' }
      : row.paymentStatus === 'pending'
        ? { state: 'waiting', text: 'Fee due' }
        : { state: 'none', text: '—' };
  return { invited, applied, approved, paid };
}
