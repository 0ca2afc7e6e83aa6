import { describe, expect, it } from 'vitest';
import { formatMoney, formatPrice, parseMoneyInput } from './money';

describe('formatMoney', () => {
  it('turns cents into the currency amount', () => {
    expect(formatMoney(1999, 'USD')).toBe('$19.99');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(2500, 'EUR')).toBe('€25.00');
    expect(formatMoney(2500, 'GBP')).toBe('£25.00');
  });

  it('names currencies without a symbol of their own', () => {
    expect(formatMoney(100000, 'NGN')).toMatch(/NGN\s?1,000\.00|₦1,000\.00/);
  });

  it('says Free for a zero price', () => {
    expect(formatPrice(0, 'USD')).toBe('Free');
    expect(formatPrice(1000, 'USD')).toBe('$10.00');
  });
});

describe('parseMoneyInput', () => {
  it('reads whole and decimal amounts as cents', () => {
    expect(parseMoneyInput('12')).toBe(1200);
    expect(parseMoneyInput('12.5')).toBe(1250);
    expect(parseMoneyInput('12.05')).toBe(1205);
    expect(parseMoneyInput(' $1,200.00 ')).toBe(120000);
    expect(parseMoneyInput('0.01')).toBe(1);
  });

  it('rejects what is not an amount', () => {
    expect(parseMoneyInput('')).toBeNull();
    expect(parseMoneyInput('abc')).toBeNull();
    expect(parseMoneyInput('1.234')).toBeNull();
    expect(parseMoneyInput('-5')).toBeNull();
  });
});
