import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Event } from '../../../contracts/events';
import { graphemeCount } from '../../../contracts/text';
import { unicodeText } from '../../../contracts/text.arbitraries';
import { eventToIcs } from './calendar';

const baseEvent = {
  id: '0b5c2c7e-9f1d-4a43-8e3b-4c1f2a9d7e10',
  title: 'Sunset Rooftop Sessions',
  description: 'Live music.',
  location: 'The Harbor Loft, Oakland',
  isOnline: false,
  onlineUrl: null,
  startsAt: '2030-06-01T18:00:00.000Z',
  endsAt: '2030-06-01T22:00:00.000Z',
  eventStatus: 'published',
} as Event;

const ics = (event: Partial<Event>) =>
  eventToIcs(
    { ...baseEvent, ...event },
    {
      url: 'http://localhost:3000/event/x',
      now: new Date('2030-01-01T00:00:00Z'),
      productName: 'MEA Events',
    },
  );

/** The content lines as a reader unfolds them (a continuation starts with a space or tab). */
function contentLines(text: string): string[] {
  // Any of CR or LF alone ends a line for a lenient reader: split on each, as the attacker hopes.
  const physical = text.split(/\r\n|\r|\n/).filter((line) => line !== '');
  const lines: string[] = [];
  for (const line of physical) {
    if (/^[ \t]/.test(line) && lines.length) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  return lines;
}

const NAMES = [
  'BEGIN',
  'VERSION',
  'PRODID',
  'CALSCALE',
  'METHOD',
  'UID',
  'DTSTAMP',
  'DTSTART',
  'DTEND',
  'SUMMARY',
  'DESCRIPTION',
  'LOCATION',
  'URL',
  'STATUS',
  'END',
];
const namesOf = (text: string) => contentLines(text).map((line) => line.split(/[:;]/)[0]);

describe('eventToIcs', () => {
  it('escapes a lone CR, so a title cannot add an alarm', () => {
    const text = ics({ title: 'x\rBEGIN:VALARM\rTRIGGER:-PT5M' });
    expect(text).not.toMatch(/\rBEGIN:VALARM/);
    expect(contentLines(text)).toContain('SUMMARY:x\\nBEGIN:VALARM\\nTRIGGER:-PT5M');
    expect(namesOf(text)).toEqual(namesOf(ics({})));
  });

  it('keeps every field on its own line whatever the text (control characters, breaks)', () => {
    const nasty = fc.oneof(
      unicodeText(20),
      fc
        .array(
          fc.constantFrom(
            '\r',
            '\n',
            '\r\n',
            '\u0000',
            '\u0085',
            '\u2028',
            '\t',
            'A:',
            ';',
            ',',
            '\\',
            'x',
          ),
        )
        .map((parts) => parts.join('')),
    );
    const expected = namesOf(ics({}));
    fc.assert(
      fc.property(nasty, nasty, nasty, (title, description, location) => {
        const text = ics({ title, description, location });
        expect(namesOf(text)).toEqual(expected);
        // eslint-disable-next-line no-control-regex -- no control character but the line ends
        expect(text.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/);
      }),
      { numRuns: 300 },
    );
    expect(NAMES.every((name) => expected.includes(name))).toBe(true);
  });

  it('cuts a long description by grapheme', () => {
    const text = ics({ description: '👩‍👩‍👧‍👦'.repeat(1200) });
    const description = contentLines(text).find((line) => line.startsWith('DESCRIPTION:')) ?? '';
    const kept = description.slice('DESCRIPTION:'.length).split('\\n')[0] ?? '';
    expect(kept).toBe('👩‍👩‍👧‍👦'.repeat(1000));
    expect(graphemeCount(kept)).toBe(1000);
  });
});
