import { describe, expect, it } from 'vitest';
import {
  csvLine,
  currencyDigits,
  localDateText,
  moneyText,
  wallClock,
  xlsxValues,
} from './export-format';
import { answerCell } from './export-kinds';

const at = new Date('2026-12-03T23:30:00Z');

describe('exported dates', () => {
  it('read as the wall clock of the event', () => {
    expect(localDateText(at, 'Asia/Tokyo')).toBe('2026-12-04 08:30');
    expect(localDateText(at, 'America/New_York')).toBe('2026-12-03 18:30');
    expect(localDateText(new Date('2026-07-01T12:00:00Z'), 'Europe/Berlin')).toBe(
      '2026-07-01 14:00',
    );
  });

  it('follow daylight saving changes, on the hour and within one', () => {
    expect(localDateText(new Date('2026-03-29T00:59:00Z'), 'Europe/Berlin')).toBe(
      '2026-03-29 01:59',
    );
    expect(localDateText(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(
      '2026-03-29 03:00',
    );
    // St. John's springs forward at 02:00 local, 05:30 UTC.
    expect(localDateText(new Date('2026-03-08T05:29:00Z'), 'America/St_Johns')).toBe(
      '2026-03-08 01:59',
    );
    expect(localDateText(new Date('2026-03-08T05:31:00Z'), 'America/St_Johns')).toBe(
      '2026-03-08 03:01',
    );
  });

  it('fall back to UTC for a zone that does not exist', () => {
    expect(localDateText(at, 'Mars/Olympus')).toBe('2026-12-03 23:30');
  });

  it('become Excel dates showing the same wall clock', () => {
    expect(wallClock(at, 'Asia/Tokyo').toISOString()).toBe('2026-12-04T08:30:00.000Z');
    const [date] = xlsxValues([at], 'Asia/Tokyo');
    expect(date).toEqual(new Date('2026-12-04T08:30:00.000Z'));
  });
});

describe('exported money', () => {
  it('is written in the currency units with its decimals', () => {
    expect(moneyText({ cents: 1250, currency: 'EUR' })).toBe('12.50');
    expect(moneyText({ cents: 1250, currency: 'JPY' })).toBe('1250');
    expect(currencyDigits('NOPE')).toBe(2);
    expect(xlsxValues([{ cents: 199, currency: 'USD' }], 'UTC')).toEqual([1.99]);
  });
});

describe('the formula guard', () => {
  it('neutralises cells a spreadsheet would run, in CSV and Excel alike', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])
      expect(xlsxValues([text], 'UTC')).toEqual([`'${text}`]);
    expect(csvLine(['=1+1', 'plain', null, 3], 'UTC')).toBe(`"'=1+1","plain","","3"\r\n`);
    expect(csvLine(['say "hi"'], 'UTC')).toBe('"say ""hi"""\r\n');
  });

  it('leaves numbers as numbers', () => {
    expect(xlsxValues([-5, 0], 'UTC')).toEqual([-5, 0]);
  });
});

describe('answers', () => {
  const _ = (m: { message?: string }) => m.message ?? '';
  it('read as a person would write them', () => {
    expect(answerCell(['vegan', 'nut-free'], _)).toBe('vegan; nut-free');
    expect(answerCell(true, _)).toBe('Yes');
    expect(answerCell(false, _)).toBe('No');
    expect(answerCell(42, _)).toBe(42);
    expect(answerCell({ url: '/media/x.pdf', name: 'cv.pdf' }, _)).toBe('cv.pdf');
    expect(answerCell(null, _)).toBeNull();
  });
});
