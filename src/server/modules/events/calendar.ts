import type { Event } from '../../../contracts/events';
import { truncateText } from '../../../contracts/text';

// RFC 5545 §3.3.11 text: escape backslash, semicolon, comma and line breaks; fold lines at 75
// octets. Every line break a reader might honour (CR alone, LF, NEL, U+2028/9) becomes `\n`, and
// other control characters (TEXT allows none but tab) are dropped, so a title can never start a
// line of its own such as BEGIN:VALARM.
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(LINE_BREAK, '\\n')
    .replace(CONTROL, '');

export function fold(line: string): string {
  const bytes = Buffer.from(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    if (Buffer.byteLength(current + char) > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = char;
    } else current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const utcStamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const DEFAULT_LENGTH_MS = 2 * 60 * 60 * 1000;

/** An .ics file for "add to calendar"; times in UTC so every calendar places it right. */
export function eventToIcs(
  event: Event,
  params: { url: string; now: Date; productName: string },
): string {
  const end =
    event.endsAt ?? new Date(new Date(event.startsAt).getTime() + DEFAULT_LENGTH_MS).toISOString();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(params.productName)}//Events//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.id}@mea-events`,
    `DTSTAMP:${utcStamp(params.now.toISOString())}`,
    `DTSTART:${utcStamp(event.startsAt)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(`${truncateText(event.description, 1000)}\n\n${params.url}`)}`,
    `LOCATION:${escapeText(event.isOnline ? (event.onlineUrl ?? 'Online') : event.location)}`,
    `URL:${params.url}`,
    `STATUS:${event.eventStatus === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
