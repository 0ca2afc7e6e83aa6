import { describe, expect, it } from 'vitest';
import { guessMapping, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted cells with commas, quotes and line breaks, and both line ends', () => {
    expect(
      parseCsv('\ufeffemail,name\r\n"a@x.test","Lee, ""Al"""\nb@x.test,"two\nlines"\n\n'),
    ).toEqual([
      ['email', 'name'],
      ['a@x.test', 'Lee, "Al"'],
      ['b@x.test', 'two\nlines'],
    ]);
  });

  it('keeps a last line without a line end and empty cells', () => {
    expect(parseCsv('a,,c\nd,e,')).toEqual([
      ['a', '', 'c'],
      ['d', 'e', ''],
    ]);
  });

  it('guesses the email and name columns', () => {
    expect(guessMapping(['First name', 'E-mail', 'City'])).toEqual({ email: 1, name: 0 });
    expect(guessMapping(['a', 'b'])).toEqual({ email: 0, name: null });
  });
});
