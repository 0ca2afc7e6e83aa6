import { describe, expect, it } from 'vitest';
import { canManageVendorsOf, isVendorOrAdmin } from './vendors.policy';

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
