import { describe, expect, it } from 'vitest';
import { canManageInvoices, canReadInvoices, canRequestInvoice } from './invoices.policy';

const order = { buyerId: 'buyer', sellerKey: 'organizer' };
const person = (id: string, roles: ('admin' | 'user')[] = []) => ({ id, roles }) as never;

describe('invoice access', () => {
  it('lets the buyer, the organizer and admins read, and no one else', () => {
    expect(canReadInvoices(person('buyer'), order)).toBe(true);
    expect(canReadInvoices(person('organizer'), order)).toBe(true);
    expect(canReadInvoices(person('someone', ['admin']), order)).toBe(true);
    expect(canReadInvoices(person('someone'), order)).toBe(false);
  });

  it('lets the organizer and admins re-issue, never the buyer', () => {
    expect(canManageInvoices(person('organizer'), order)).toBe(true);
    expect(canManageInvoices(person('someone', ['admin']), order)).toBe(true);
    expect(canManageInvoices(person('buyer'), order)).toBe(false);
    expect(canManageInvoices(person('platform'), { ...order, sellerKey: 'platform' })).toBe(false);
  });

  it('lets only the buyer ask for an invoice', () => {
    expect(canRequestInvoice(person('buyer'), order)).toBe(true);
    expect(canRequestInvoice(person('organizer'), order)).toBe(false);
  });
});
