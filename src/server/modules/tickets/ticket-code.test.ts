import { describe, expect, it } from 'vitest';
import { codeVersionOf, ticketCode, ticketIdOfCode, verifyTicketCode } from './ticket-code';

const key = Buffer.from('k'.repeat(32));
const id = '0b6c2f7e-3a1d-4c5b-9e8f-1a2b3c4d5e6f';

describe('ticket code versions', () => {
  it('keep the first version the code tickets always had', () => {
    expect(ticketCode(key, id, 0)).toBe(ticketCode(key, id));
    expect(verifyTicketCode(key, ticketCode(key, id))).toBe(id);
  });

  it('tell a current code from one the ticket had before a transfer', () => {
    const first = ticketCode(key, id, 0);
    const second = ticketCode(key, id, 1);
    const third = ticketCode(key, id, 2);
    expect(new Set([first, second, third]).size).toBe(3);
    expect(codeVersionOf(key, third, 2)).toBe(2);
    expect(codeVersionOf(key, first, 2)).toBe(0);
    expect(codeVersionOf(key, second, 2)).toBe(1);
    // A later version than the ticket has is not one of its codes.
    expect(codeVersionOf(key, third, 1)).toBeNull();
    expect(verifyTicketCode(key, second)).toBeNull();
  });

  it('refuse forged and malformed codes', () => {
    expect(codeVersionOf(Buffer.from('x'.repeat(32)), ticketCode(key, id, 1), 3)).toBeNull();
    expect(codeVersionOf(key, id, 3)).toBeNull();
    expect(codeVersionOf(key, 'nonsense', 3)).toBeNull();
    expect(ticketIdOfCode(` ${ticketCode(key, id, 1)} `)).toBe(id);
  });
});
