import type { Event } from '../../../contracts/events';

// RFC 5545 text: escape backslash, semicolon, comma and newlines; fold lines at 75 octets.
const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

function fold(line: string): string {
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
    `DESCRIPTION:${escapeText(`${event.description.slice(0, 1000)}\n\n${params.url}`)}`,
    `LOCATION:${escapeText(event.isOnline ? (event.onlineUrl ?? 'Online') : event.location)}`,
    `URL:${params.url}`,
    `STATUS:${event.eventStatus === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
