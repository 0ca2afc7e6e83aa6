import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney, formatPrice, moneyInputValue, offChargeStep, parseMoneyInput } from './money';

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

// Intl puts a no-break space between amount and symbol ("19,99 US$"); compare with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money in the active language', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('writes Spanish amounts with a decimal comma and the symbol after', () => {
    i18n.loadAndActivate({ locale: 'es', messages: {} });
    expect(plain(formatMoney(1999, 'USD'))).toBe('19,99 US$');
    expect(plain(formatMoney(123456, 'EUR'))).toBe('1234,56 €');
    expect(plain(formatMoney(12345678, 'EUR'))).toBe('123.456,78 €');
  });

  it('writes Arabic amounts with Latin digits', () => {
    i18n.loadAndActivate({ locale: 'ar', messages: {} });
    // U+200F (right-to-left mark) keeps the amount's place in right-to-left text.
    expect(plain(formatMoney(123456, 'EUR'))).toBe('\u200f1,234.56 €');
    expect(plain(formatMoney(1999, 'USD'))).toBe('\u200f19.99 US$');
  });

  it('says Free in the active language', () => {
    i18n.loadAndActivate({ locale: 'es', messages: { [msg`Free`.id]: 'Gratis' } });
    expect(formatPrice(0, 'USD')).toBe('Gratis');
  });

  it('reads amounts as the language writes them', () => {
    expect(parseMoneyInput('1.200,50', 'es-ES')).toBe(120050);
    expect(parseMoneyInput('12,5 €', 'de-DE')).toBe(1250);
    expect(parseMoneyInput('1 200,50', 'fr-FR')).toBe(120050);
    expect(parseMoneyInput('R$ 1.200,00', 'pt-BR')).toBe(120000);
    // The English way, typed on a Spanish page: a point before at most two digits.
    expect(parseMoneyInput('12.50', 'es-ES')).toBe(1250);
    expect(parseMoneyInput('1.234', 'es-ES')).toBe(123400);
    expect(parseMoneyInput('١٬٢٠٠٫٥', 'ar-u-nu-latn')).toBe(120050);
    expect(parseMoneyInput('١٢.٥٠', 'ar-u-nu-latn')).toBe(1250);
    expect(parseMoneyInput('12,345', 'es-ES')).toBeNull();
    i18n.loadAndActivate({ locale: 'de', messages: {} });
    expect(parseMoneyInput('1.200,50')).toBe(120050);
  });
});

describe('currencies without two decimals', () => {
  it('writes yen without decimals and dinars with three', () => {
    expect(formatMoney(1500, 'JPY')).toBe('¥1,500');
    expect(formatMoney(1500, 'KRW')).toBe('₩1,500');
    expect(plain(formatMoney(1250, 'KWD'))).toBe('KWD 1.250');
    expect(plain(formatMoney(5, 'BHD'))).toBe('BHD 0.005');
  });

  it('reads amounts in the currency’s minor units', () => {
    expect(parseMoneyInput('1500', 'en-US', 'JPY')).toBe(1500);
    expect(parseMoneyInput('¥1,500', 'en-US', 'JPY')).toBe(1500);
    expect(parseMoneyInput('12.5', 'en-US', 'JPY')).toBeNull();
    expect(parseMoneyInput('1.200', 'es-ES', 'JPY')).toBe(1200);
    expect(parseMoneyInput('1.25', 'en-US', 'KWD')).toBe(1250);
    expect(parseMoneyInput('1.250', 'en-US', 'KWD')).toBe(1250);
    expect(parseMoneyInput('1,250', 'de-DE', 'KWD')).toBe(1250);
    expect(parseMoneyInput('1.2345', 'en-US', 'KWD')).toBeNull();
  });

  it('starts a price input with the currency’s decimals', () => {
    expect(moneyInputValue(1250, 'USD')).toBe('12.50');
    expect(moneyInputValue(1250, 'JPY')).toBe('1250');
    expect(moneyInputValue(1250, 'KWD')).toBe('1.250');
  });

  it('names the charge step of an amount off it, in the box’s writing', () => {
    expect(offChargeStep(1255, 'KWD')).toBe('0.010');
    expect(offChargeStep(1250, 'KWD')).toBeNull();
    expect(offChargeStep(1, 'USD')).toBeNull();
    expect(offChargeStep(7, 'JPY')).toBeNull();
  });
});
