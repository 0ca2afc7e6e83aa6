import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { VendorTrackerRow } from '../../../contracts/vendors';

// The tracker's four stages for one vendor at one event (invited, applied, approved, paid), as
// short cell texts in the page's language (read when the tracker renders).

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
        ? { state: 'done', text: i18n._(msg`Accepted`) }
        : row.invited === 'pending'
          ? { state: 'waiting', text: i18n._(msg`Invited`) }
          : {
              state: 'no',
              text: row.invited === 'declined' ? i18n._(msg`Declined`) : i18n._(msg`Cancelled`),
            };
  const applied: StageCell =
    row.applied === null
      ? { state: 'none', text: '—' }
      : row.applied === 'rejected'
        ? { state: 'no', text: i18n._(msg`Rejected`) }
        : { state: row.applied === 'pending' ? 'waiting' : 'done', text: i18n._(msg`Applied`) };
  const approved: StageCell = row.approved
    ? { state: 'done', text: i18n._(msg`Approved`) }
    : row.applied === 'pending' || row.invited === 'pending'
      ? { state: 'waiting', text: i18n._(msg`Not yet`) }
      : { state: 'none', text: '—' };
  const paid: StageCell = row.paid
    ? { state: 'done', text: i18n._(msg`Paid`) }
    : row.paymentStatus === 'not_required'
      ? { state: 'done', text: i18n._(msg`No fee`) }
      : row.paymentStatus === 'pending'
        ? { state: 'waiting', text: i18n._(msg`Fee due`) }
        : { state: 'none', text: '—' };
  return { invited, applied, approved, paid };
}
