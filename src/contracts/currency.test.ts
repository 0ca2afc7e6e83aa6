import { describe, expect, it } from 'vitest';
import {
  CURRENCY_CODES,
  chargeStep,
  currencyExponent,
  decimalStringToMinor,
  minorPerMajor,
  minorToDecimalString,
  toMajorUnits,
  toMinorUnits,
} from './currency';

describe('currencyExponent', () => {
  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['eur', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['KWD', 3],
    ['BHD', 3],
    ['JOD', 3],
    ['OMR', 3],
    ['TND', 3],
    ['IQD', 3],
    ['LYD', 3],
    ['CLF', 4],
  ])('%s has %i decimals', (code, exponent) => {
    expect(currencyExponent(code)).toBe(exponent);
    expect(minorPerMajor(code)).toBe(10 ** exponent);
  });

  it('agrees with Intl for every currency an organizer can sell in', () => {
    for (const code of CURRENCY_CODES) {
      const digits = new Intl.NumberFormat('en', {
        style: 'currency',
        currency: code,
      }).resolvedOptions().maximumFractionDigits;
      // Intl shows no decimals for a few 2-decimal currencies (none in our list); ours must match.
      expect(currencyExponent(code), code).toBe(digits);
    }
  });
});

describe('conversions', () => {
  it.each([
    [1999, 'USD', 19.99, '19.99'],
    [5, 'USD', 0.05, '0.05'],
    [500, 'JPY', 500, '500'],
    [1250, 'KWD', 1.25, '1.250'],
    [7, 'BHD', 0.007, '0.007'],
    [0, 'EUR', 0, '0.00'],
    [-150, 'EUR', -1.5, '-1.50'],
  ])('%i %s is %d, written %s', (minor, code, major, text) => {
    expect(toMajorUnits(minor, code)).toBe(major);
    expect(toMinorUnits(major, code)).toBe(minor);
    expect(minorToDecimalString(minor, code)).toBe(text);
  });

  it('rounds major amounts to the nearest minor unit', () => {
    expect(toMinorUnits(19.999, 'USD')).toBe(2000);
    expect(toMinorUnits(0.1 + 0.2, 'USD')).toBe(30);
    expect(toMinorUnits(12.4, 'JPY')).toBe(12);
  });

  it.each([
    ['12.50', 'USD', 1250],
    ['12.5', 'USD', 1250],
    ['12', 'USD', 1200],
    ['1250', 'JPY', 1250],
    ['1.250', 'KWD', 1250],
    ['1.25', 'KWD', 1250],
    ['0.005', 'BHD', 5],
  ])('reads %s in %s as %i', (text, code, minor) => {
    expect(decimalStringToMinor(text, code)).toBe(minor);
  });

  it.each([
    ['12.5', 'JPY'],
    ['1.2345', 'KWD'],
    ['1.234', 'USD'],
    ['-1', 'USD'],
    ['abc', 'USD'],
    ['', 'USD'],
  ])('refuses %s in %s', (text, code) => {
    expect(decimalStringToMinor(text, code)).toBeNull();
  });
});

describe('chargeStep', () => {
  it('is 10 fils in the three-decimal currencies and one minor unit elsewhere', () => {
    expect(['KWD', 'BHD', 'JOD', 'OMR', 'TND'].map(chargeStep)).toEqual([10, 10, 10, 10, 10]);
    expect(['USD', 'EUR', 'JPY', 'KRW', 'NGN'].map(chargeStep)).toEqual([1, 1, 1, 1, 1]);
  });
});
