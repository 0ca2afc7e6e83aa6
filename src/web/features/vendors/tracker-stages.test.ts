import { describe, expect, it } from 'vitest';
import type { VendorTrackerRow } from '../../../contracts/vendors';
import { trackerCells } from './tracker-stages';

const base: VendorTrackerRow = {
  vendor: {
    id: '00000000-0000-4000-8000-000000000001',
    fullName: 'Lena',
    businessName: null,
    avatarUrl: null,
    category: null,
    displayName: 'Lena',
    displayCategory: 'Vendor',
  },
  invited: null,
  bookingId: null,
  applied: null,
  requestId: null,
  approved: false,
  paymentStatus: null,
  paid: false,
};

const texts = (row: Partial<VendorTrackerRow>) =>
  Object.values(trackerCells({ ...base, ...row })).map((cell) => cell.text);

describe('trackerCells', () => {
  it('shows an invitation waiting for an answer', () => {
    expect(texts({ invited: 'pending' })).toEqual(['Invited', '—', 'Not yet', '—']);
  });

  it('shows an application approved with the fee still due', () => {
    expect(texts({ applied: 'approved', approved: true, paymentStatus: 'pending' })).toEqual([
      '—',
      'Applied',
      'Approved',
      'Fee due',
    ]);
  });

  it('shows a paid vendor and one that needed no fee', () => {
    expect(
      texts({ applied: 'approved', approved: true, paymentStatus: 'paid', paid: true }),
    ).toEqual(['—', 'Applied', 'Approved', 'Paid']);
    expect(texts({ invited: 'accepted', approved: true, paymentStatus: 'not_required' })).toEqual([
      'Accepted',
      '—',
      'Approved',
      'No fee',
    ]);
  });

  it('shows refusals on both sides', () => {
    expect(texts({ invited: 'declined', applied: 'rejected' })).toEqual([
      'Declined',
      'Rejected',
      '—',
      '—',
    ]);
    expect(trackerCells({ ...base, applied: 'pending' }).applied.state).toBe('waiting');
  });
});
