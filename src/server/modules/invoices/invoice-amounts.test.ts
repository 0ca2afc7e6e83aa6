import { describe, expect, it } from 'vitest';
import {
  allocate,
  creditLines,
  formatInvoiceNumber,
  refundedShare,
  totalsOf,
} from './invoice-amounts';

const line = (gross: number, tax: number) => ({
  description: 'Seat',
  quantity: 1,
  unitGross: gross,
  gross,
  tax,
  net: gross - tax,
  taxName: tax ? 'VAT' : null,
  rate: tax ? '20%' : null,
});

describe('invoice numbers', () => {
  it('fills the prefix, year and zero-padded number', () => {
    const issuedAt = new Date('2026-12-03T10:00:00Z');
    expect(
      formatInvoiceNumber('{prefix}{year}-{number:5}', { prefix: 'INV-', sequence: 42, issuedAt }),
    ).toBe('INV-2026-00042');
    expect(
      formatInvoiceNumber('{year}/{month}/{number}', { prefix: '', sequence: 7, issuedAt }),
    ).toBe('2026/12/7');
  });
});

describe('credit note amounts', () => {
  it('splits a total in proportion without losing a unit', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(7, [0, 0])).toEqual([7, 0]);
  });

  it('reverses exactly the invoice once partial refunds reach the whole', () => {
    const lines = [line(1999, 333), line(1001, 0), line(57, 9)];
    const total = 1999 + 1001 + 57;
    const steps = [500, 1300, total];
    let before = 0;
    const notes = steps.map((after) => {
      const credit = creditLines(lines, before, after);
      before = after;
      return totalsOf(credit);
    });
    expect(notes.reduce((s, n) => s + n.grossCents, 0)).toBe(-total);
    expect(notes.reduce((s, n) => s + n.taxCents, 0)).toBe(-(333 + 9));
    expect(notes[0]?.grossCents).toBe(-500);
    expect(totalsOf(refundedShare(lines, total))).toEqual(totalsOf(lines));
  });
});
