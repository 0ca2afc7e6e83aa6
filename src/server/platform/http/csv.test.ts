import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv';

describe('csvCell', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\t=1+1', '\r=1+1', '\tx', '\rx'])(
    'turns %j, which a spreadsheet would run as a formula, into text',
    (value) => {
      expect(csvCell(value)).toBe(`"'${value}"`);
    },
  );

  it('leaves other text alone, quotes every cell and doubles quotes', () => {
    expect(csvCell('Ada Obi')).toBe('"Ada Obi"');
    expect(csvCell(' =1')).toBe('" =1"');
    expect(csvCell('a=1')).toBe('"a=1"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(12.5)).toBe('"12.5"');
    expect(csvCell(null)).toBe('""');
  });

  it('guards a formula hidden behind a quote', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
  });
});

describe('csvDocument', () => {
  it('joins cells with commas and rows with CRLF, ending in CRLF', () => {
    expect(
      csvDocument([
        ['Name', 'Paid'],
        ['\tAda', '-1.00'],
      ]),
    ).toBe('"Name","Paid"\r\n"\'\tAda","\'-1.00"\r\n');
  });
});
