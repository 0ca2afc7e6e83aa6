/**
 * Parses CSV text (RFC 4180: quoted cells may hold commas, quotes as "", and line breaks; CRLF
 * or LF line ends; a leading BOM is dropped). Blank lines are skipped. Done in the browser so
 * a large file is read once and sent in chunks the progress bar can follow.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    cell = '';
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') endRow();
    else if (c === '\r') {
      if (text[i + 1] === '\n') i++;
      endRow();
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

/** The column most likely to hold each field, from the header's names. */
export function guessMapping(header: string[]): { email: number; name: number | null } {
  const find = (re: RegExp) => header.findIndex((h) => re.test(h.trim()));
  const email = find(/e-?mail/i);
  const name = find(/name/i);
  return { email: email === -1 ? 0 : email, name: name === -1 ? null : name };
}
