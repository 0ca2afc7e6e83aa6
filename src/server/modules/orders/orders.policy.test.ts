import { describe, expect, it } from 'vitest';
import type { Role } from '../../../contracts/enums';
import type { OrderStatus } from '../../../contracts/tickets';
import { refundableCents, refundsEveryOrder, seesEveryOrder } from './orders.policy';

const person = (roles: Role[] = []) => ({ roles });

describe('orders policy: whose orders are scoped (buyer, event owner, other user, admin, signed out)', () => {
  const cases: [string, { roles: Role[] } | null, boolean][] = [
    ['the buyer', person(), false],
    ["the event's owner", person(), false],
    ['another user', person(), false],
    ['a moderator', person(['moderator']), false],
    ['a blog admin', person(['blog_admin']), false],
    ['an admin', person(['admin']), true],
    ['an admin who is also a moderator', person(['moderator', 'admin']), true],
    ['signed out', null, false],
  ];

  it.each(cases)('%s: sees every order = %s', (_who, actor, expected) => {
    expect(seesEveryOrder(actor)).toBe(expected);
  });

  it.each(cases)('%s: refunds every order = %s', (_who, actor, expected) => {
    expect(refundsEveryOrder(actor)).toBe(expected);
  });
});

describe('what is left to refund', () => {
  const order = (status: OrderStatus, totalCents = 5000, refundedCents = 0) => ({
    status,
    totalCents,
    refundedCents,
  });

  it.each([
    ['paid', order('paid'), 5000],
    ['partly refunded', order('partially_refunded', 5000, 1500), 3500],
    ['partly refunded to the last cent', order('partially_refunded', 5000, 5000), 0],
    ['pending', order('pending'), null],
    ['refunded', order('refunded', 5000, 5000), null],
    ['cancelled', order('cancelled'), null],
    ['expired', order('expired'), null],
    ['free and paid', order('paid', 0), null],
  ] as const)('%s: %s', (_case, row, expected) => {
    expect(refundableCents(row)).toBe(expected);
  });
});
