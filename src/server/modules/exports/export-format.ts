import { formulaSafe, csvCell } from '../../platform/http/csv';

// How one exported value is written into a CSV line or an Excel row (decision 056). Both
// formats get the same guard against formulas, dates in the event's own time zone (the time
// printed on the ticket) and money in the currency's units.

export interface Money {
  cents: number;
  currency: string;
}

/** One value of an exported row. */
export type Cell = string | number | Date | Money | null;

export type ColumnType = 'text' | 'number' | 'date' | 'money';

const isMoney = (cell: Cell): cell is Money =>
  typeof cell === 'object' && cell !== null && !(cell instanceof Date);

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      // An event saved before zones were checked: its times read in UTC rather than failing.
      format = zoneFormat('UTC');
    }
    zoneFormats.set(timeZone, format);
  }
  return format;
}

const HOUR_MS = 3_600_000;
/** Offsets found per zone and hour: an export's dates fall in few hours, and Intl is slow. */
const offsets = new Map<string, number>();

/** The wall-clock reading of an instant in a time zone, as a UTC date with those fields. */
export function wallClock(date: Date, timeZone: string): Date {
  const ms = date.getTime();
  // A zone's offset changes at most once an hour: when it is the same at the hour's start and
  // at its last second, it holds for every instant between.
  const hour = Math.floor(ms / HOUR_MS);
  const key = `${timeZone} ${hour}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const start = readWallClock(new Date(hour * HOUR_MS), timeZone).getTime() - hour * HOUR_MS;
    const last = (hour + 1) * HOUR_MS - 1000;
    const end = readWallClock(new Date(last), timeZone).getTime() - last;
    // A zone that changed within this hour (Newfoundland at 05:30 UTC): read each instant.
    if (start !== end) return readWallClock(date, timeZone);
    offset = start;
    if (offsets.size > 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return new Date(ms + offset);
}

function readWallClock(date: Date, timeZone: string): Date {
  const parts: Record<string, number> = {};
  for (const part of zoneFormat(timeZone).formatToParts(date))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return new Date(
    Date.UTC(
      parts.year ?? 1970,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      parts.hour ?? 0,
      parts.minute ?? 0,
      parts.second ?? 0,
    ),
  );
}

/** `2026-12-03 18:30`: sorts as text and reads the same in every language. */
export function localDateText(date: Date, timeZone: string): string {
  return wallClock(date, timeZone).toISOString().slice(0, 16).replace('T', ' ');
}

const digitsOf = new Map<string, number>();

/** Minor units of a currency (2 for EUR, 0 for JPY), as Intl knows them. */
export function currencyDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits;
    } catch {
      digits = 2;
    }
    digitsOf.set(currency, digits ?? 2);
  }
  return digits ?? 2;
}

/** The amount in the currency's units (1250 cents of EUR → 12.5). */
export const moneyAmount = (money: Money) => money.cents / 10 ** currencyDigits(money.currency);

/** The amount as plain digits with the currency's decimals, no symbol (`12.50`). */
export const moneyText = (money: Money) =>
  moneyAmount(money).toFixed(currencyDigits(money.currency));

/** One CSV line (CRLF, every cell quoted and guarded). */
export function csvLine(cells: Cell[], timeZone: string): string {
  return `${cells
    .map((cell) => {
      if (cell instanceof Date) return csvCell(localDateText(cell, timeZone));
      if (isMoney(cell)) return csvCell(moneyText(cell));
      return csvCell(cell);
    })
    .join(',')}\r\n`;
}

/**
 * One Excel row's values: dates as date cells showing the event's wall-clock time, money as
 * numbers in the currency's units, text guarded like the CSV's (Excel keeps a string cell a
 * string, but the same sheet saved as CSV, or a cell edited, would run it).
 */
export function xlsxValues(cells: Cell[], timeZone: string): (string | number | Date | null)[] {
  return cells.map((cell) => {
    if (cell instanceof Date) return wallClock(cell, timeZone);
    if (isMoney(cell)) return moneyAmount(cell);
    if (typeof cell === 'string') return formulaSafe(cell);
    return cell;
  });
}

/** Excel's number format for a column of the type. */
export function xlsxNumberFormat(type: ColumnType): string | undefined {
  if (type === 'date') return 'yyyy-mm-dd hh:mm';
  if (type === 'money') return '#,##0.00';
  return undefined;
}
