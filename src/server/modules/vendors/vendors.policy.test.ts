import { describe, expect, it } from 'vitest';
import { VENDOR_SHARING_AFTER_MS, VENDOR_SHARING_BEFORE_MS } from '../../../contracts/rides';
import type { Role } from '../../../contracts/enums';
import {
  canManageVendorsOf,
  isVendorOrAdmin,
  seesVendorLocations,
  vendorSharingWindow,
} from './vendors.policy';

const person = (userType: 'attendee' | 'organizer' | 'vendor', roles: string[] = []) =>
  ({ id: 'u1', userType, roles }) as Parameters<typeof isVendorOrAdmin>[0];

describe('vendors policy (spec §4, §6)', () => {
  it('vendor pages are for vendors, and admins pass', () => {
    expect(isVendorOrAdmin(person('vendor'))).toBe(true);
    expect(isVendorOrAdmin(person('attendee', ['admin']))).toBe(true);
    expect(isVendorOrAdmin(person('organizer'))).toBe(false);
    expect(isVendorOrAdmin(person('attendee', ['moderator']))).toBe(false);
  });

  it("only the event's creator (or an admin) decides on its vendors", () => {
    expect(canManageVendorsOf(person('organizer'), { userId: 'u1' })).toBe(true);
    expect(canManageVendorsOf(person('organizer'), { userId: 'u2' })).toBe(false);
    expect(canManageVendorsOf(person('vendor', ['admin']), { userId: 'u2' })).toBe(true);
    expect(canManageVendorsOf(person('organizer', ['blog_admin']), { userId: 'u2' })).toBe(false);
  });
});

describe("a vendor's live position (decision 026)", () => {
  const someone = (id: string, roles: Role[] = []) => ({ id, roles });

  it('is shared on the event day only', () => {
    const startsAt = new Date('2026-06-01T10:00:00Z');
    const endsAt = new Date('2026-06-01T18:00:00Z');
    const day = vendorSharingWindow({ startsAt, endsAt });
    expect(day).toEqual({
      start: startsAt.getTime() - VENDOR_SHARING_BEFORE_MS,
      end: endsAt.getTime() + VENDOR_SHARING_AFTER_MS,
    });
    expect(vendorSharingWindow({ startsAt, endsAt: null }).end).toBe(
      startsAt.getTime() + VENDOR_SHARING_AFTER_MS,
    );
  });

  it.each([
    ['the organizer', someone('owner'), true],
    ['an admin', someone('root', ['admin']), true],
    ['a vendor of the event', someone('vendor'), false],
    ['a moderator', someone('mod', ['moderator']), false],
  ] as const)('is seen by %s: %s', (_who, actor, expected) => {
    expect(seesVendorLocations(actor, { ownerId: 'owner' })).toBe(expected);
  });
});
