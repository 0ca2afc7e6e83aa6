import { describe, expect, it } from 'vitest';
import { TRANSFER_REFUSALS, transferRefusal, transfersOpenUntil } from './transfers.policy';

const startsAt = new Date('2027-05-01T18:00:00Z');
const base = {
  settings: { allowed: true, cutoffHours: 24 },
  startsAt,
  ticketStatus: 'valid' as const,
  transferPending: false,
  now: new Date('2027-04-29T18:00:00Z'),
};

describe('ticket transfer rules', () => {
  it('allow a valid ticket before the cut-off', () => {
    expect(transferRefusal(base)).toBeNull();
  });

  it('close the cut-off before the start, and at the start with no cut-off', () => {
    expect(transfersOpenUntil(startsAt, 24).toISOString()).toBe('2027-04-30T18:00:00.000Z');
    const atCutoff = { ...base, now: new Date('2027-04-30T18:00:00Z') };
    expect(transferRefusal(atCutoff)).toBe(TRANSFER_REFUSALS.closed);
    const justBefore = { ...base, now: new Date('2027-04-30T17:59:59Z') };
    expect(transferRefusal(justBefore)).toBeNull();
    const noCutoff = { ...base, settings: { allowed: true, cutoffHours: 0 } };
    expect(transferRefusal({ ...noCutoff, now: new Date('2027-05-01T17:59:00Z') })).toBeNull();
    expect(transferRefusal({ ...noCutoff, now: startsAt })).toBe(TRANSFER_REFUSALS.closed);
  });

  it('refuse when the organizer does not allow it, whatever else holds', () => {
    expect(transferRefusal({ ...base, settings: { allowed: false, cutoffHours: 0 } })).toBe(
      TRANSFER_REFUSALS.notAllowed,
    );
  });

  it('refuse a used or cancelled ticket and one already on its way', () => {
    expect(transferRefusal({ ...base, ticketStatus: 'checked_in' })).toBe(TRANSFER_REFUSALS.used);
    expect(transferRefusal({ ...base, ticketStatus: 'void' })).toBe(TRANSFER_REFUSALS.used);
    expect(transferRefusal({ ...base, transferPending: true })).toBe(TRANSFER_REFUSALS.pending);
  });
});
