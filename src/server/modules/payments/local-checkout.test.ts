import { describe, expect, it } from 'vitest';
import { verifyTicketCode, ticketCode } from '../tickets/ticket-code';
import { isExpiryInFuture, isLuhnValid, TEST_CARDS } from './local-checkout.service';

describe('the local checkout card checks', () => {
  it('accepts the test cards and refuses a mistyped number', () => {
    for (const card of Object.values(TEST_CARDS)) expect(isLuhnValid(card)).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('42')).toBe(false);
  });

  it('treats a card as valid through the last day of its expiry month', () => {
    const now = new Date('2026-11-30T23:00:00Z');
    expect(isExpiryInFuture('11/26', now)).toBe(true);
    expect(isExpiryInFuture('10/26', now)).toBe(false);
    expect(isExpiryInFuture('01/27', now)).toBe(true);
  });
});

describe('ticket codes', () => {
  const key = Buffer.from('k'.repeat(32));
  const id = '0b6c3a52-7f0e-4d8e-9c11-2d0c4b1f9a77';

  it('verify their own id and reject a changed id or another key', () => {
    const code = ticketCode(key, id);
    expect(verifyTicketCode(key, code)).toBe(id);
    expect(verifyTicketCode(key, ` ${code} `)).toBe(id);
    expect(verifyTicketCode(key, code.replace('0b6c', '1b6c'))).toBeNull();
    expect(verifyTicketCode(Buffer.from('x'.repeat(32)), code)).toBeNull();
    expect(verifyTicketCode(key, id)).toBeNull();
    expect(verifyTicketCode(key, 'nonsense')).toBeNull();
  });
});
