import { describe, expect, it } from 'vitest';
import { AFFILIATE_WINDOW_DAYS } from '../../../contracts/affiliates';
import type { Role } from '../../../contracts/enums';
import {
  isSelfClick,
  readsFullTin,
  recordsSaleOf,
  saleRefusal,
  setsAnyCommissionRule,
} from './affiliates.policy';

const person = (id: string, roles: Role[] = []) => ({ id, roles });

describe('affiliates policy (affiliate, event owner, other user, admin)', () => {
  it.each([
    ['the affiliate', person('aff'), false],
    ["the event's owner", person('owner'), false],
    ['another user', person('x'), false],
    ['a moderator', person('mod', ['moderator']), false],
    ['a blog admin', person('blog', ['blog_admin']), false],
    ['an admin', person('root', ['admin']), true],
  ] as const)(
    '%s: reads the full TIN and sets any commission rule = %s',
    (_who, actor, expected) => {
      expect(readsFullTin(actor)).toBe(expected);
      expect(setsAnyCommissionRule(actor)).toBe(expected);
    },
  );

  it.each([
    ['the referrer, live', 'aff', false, true],
    ['the referrer, test mode', 'aff', true, false],
    ['another visitor', 'x', false, false],
    ['a signed-out visitor', null, false, false],
  ] as const)('a click by %s is a self-click = %s', (_who, viewerId, test, expected) => {
    expect(isSelfClick({ viewerId, referrerId: 'aff', test })).toBe(expected);
  });

  it('lets only the buyer record their order as a sale', () => {
    expect(recordsSaleOf(person('buyer'), { userId: 'buyer' })).toBe(true);
    expect(recordsSaleOf(person('aff'), { userId: 'buyer' })).toBe(false);
    expect(recordsSaleOf(person('root', ['admin']), { userId: 'buyer' })).toBe(false);
  });
});

describe('which sales credit the link', () => {
  const now = new Date('2026-06-30T12:00:00Z');
  const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
  const sale = { buyerId: 'buyer', referrerId: 'aff', clickedAt: days(1), now };

  it.each([
    ['a paid order a day after the click', sale, 'paid', null],
    ['a pending order', sale, 'pending', null],
    [
      'on the last day of the window',
      { ...sale, clickedAt: days(AFFILIATE_WINDOW_DAYS) },
      'paid',
      null,
    ],
    [
      'after the window',
      { ...sale, clickedAt: new Date(days(AFFILIATE_WINDOW_DAYS).getTime() - 1) },
      'paid',
      'expired',
    ],
    [
      'a click from the future',
      { ...sale, clickedAt: new Date(now.getTime() + 1) },
      'paid',
      'expired',
    ],
    ["the buyer's own link", { ...sale, referrerId: 'buyer' }, 'paid', 'self'],
    ['an expired order', sale, 'expired', 'not_eligible'],
    ['a cancelled order', sale, 'cancelled', 'not_eligible'],
    ['a refunded order (reversed later)', sale, 'refunded', null],
  ] as const)('%s: %s', (_case, facts, orderStatus, expected) => {
    expect(saleRefusal({ ...facts, orderStatus })).toBe(expected);
  });
});
