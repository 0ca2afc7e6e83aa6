import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  currentLocale,
  formatCalendarDate,
  formatClockTime,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatTime,
} from './dates';

const now = new Date('2026-12-03T09:00:00Z');
const ny = { timeZone: 'America/New_York', locale: 'en-US', now };

describe('dates', () => {
  it('shows a date of this year without the year, in the given zone', () => {
    // 02:30 UTC on Dec 4 is still the evening of Dec 3 in New York.
    expect(formatDate('2026-12-04T02:30:00Z', ny)).toBe('Thu, Dec 3');
    expect(formatDate('2026-12-04T02:30:00Z', { ...ny, timeZone: 'UTC' })).toBe('Fri, Dec 4');
  });

  it('adds the year when the date is in another year', () => {
    expect(formatDate('2027-01-08T18:00:00Z', ny)).toBe('Fri, Jan 8, 2027');
  });

  it('shows times as hour and minutes, never seconds or a leading zero', () => {
    expect(formatTime('2026-12-06T20:00:00Z', ny)).toBe('3:00 PM');
    expect(formatTime('2026-12-07T00:27:16Z', ny)).toBe('7:27 PM');
  });

  it('joins date and time with a middle dot', () => {
    expect(formatDateTime('2026-12-07T00:27:16Z', ny)).toBe('Sun, Dec 6 · 7:27 PM');
  });

  it('shows a range on one day with one date, across days with two', () => {
    expect(formatDateRange('2026-12-06T00:00:00Z', '2026-12-06T03:00:00Z', ny)).toBe(
      'Sat, Dec 5 · 7:00 PM – 10:00 PM',
    );
    expect(formatDateRange('2026-12-06T03:00:00Z', '2026-12-06T07:00:00Z', ny)).toBe(
      'Sat, Dec 5 · 10:00 PM – Sun, Dec 6 · 2:00 AM',
    );
    expect(formatDateRange('2026-12-06T00:00:00Z', null, ny)).toBe('Sat, Dec 5 · 7:00 PM');
  });

  it('follows the locale it is given', () => {
    expect(formatTime('2026-12-06T20:00:00Z', { ...ny, locale: 'en-GB' })).toBe('15:00');
    expect(formatDate('2026-12-06T20:00:00Z', { ...ny, locale: 'de-DE' })).toBe('So., 6. Dez.');
  });

  it('formats calendar dates and wall-clock times without shifting them', () => {
    expect(formatCalendarDate('2026-12-03', { now })).toBe('Thu, Dec 3');
    expect(formatClockTime('15:00', { locale: 'en-US' })).toBe('3:00 PM');
    expect(formatClockTime('09:05:00', { locale: 'en-US' })).toBe('9:05 AM');
  });
});

describe('dates in the active language', () => {
  const nySpan = { timeZone: 'America/New_York', now };
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('reads Spanish dates and a 24-hour clock, still in the event’s zone', () => {
    i18n.loadAndActivate({ locale: 'es', messages: {} });
    expect(currentLocale()).toBe('es-ES');
    // 02:30 UTC on Dec 4 is still the evening of Dec 3 in New York.
    expect(formatDate('2026-12-04T02:30:00Z', nySpan)).toBe('jue, 3 dic');
    expect(formatDate('2027-01-08T18:00:00Z', nySpan)).toBe('vie, 8 ene 2027');
    expect(formatDateTime('2026-12-06T20:00:00Z', nySpan)).toBe('dom, 6 dic · 15:00');
    expect(formatDateRange('2026-12-06T00:00:00Z', '2026-12-06T03:00:00Z', nySpan)).toBe(
      'sáb, 5 dic · 19:00 – 22:00',
    );
    expect(formatClockTime('15:00')).toBe('15:00');
  });

  it('reads Arabic dates with Latin digits, still in the event’s zone', () => {
    i18n.loadAndActivate({ locale: 'ar', messages: {} });
    expect(currentLocale()).toBe('ar-u-nu-latn');
    expect(formatDate('2026-12-04T02:30:00Z', nySpan)).toBe('الخميس، 3 ديسمبر');
    expect(formatDate('2027-01-08T18:00:00Z', nySpan)).toBe('الجمعة، 8 يناير 2027');
    expect(formatTime('2026-12-06T20:00:00Z', nySpan)).toBe('3:00 م');
    expect(formatCalendarDate('2026-12-03', { now })).toBe('الخميس، 3 ديسمبر');
  });

  it('falls back to English for a language it does not know', () => {
    i18n.loadAndActivate({ locale: 'xx', messages: {} });
    expect(currentLocale()).toBe('en-US');
    expect(formatTime('2026-12-06T20:00:00Z', nySpan)).toBe('3:00 PM');
  });
});
