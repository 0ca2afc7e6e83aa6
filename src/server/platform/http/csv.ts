/**
 * One CSV cell, always quoted. A cell that starts with = + - @, a tab or a carriage return is
 * read as a formula by Excel, LibreOffice and Google Sheets (OWASP "CSV injection"), so it gets a
 * leading apostrophe, which those programs show as plain text.
 */
export function csvCell(value: string | number | null): string {
  const safe = formulaSafe(value === null ? '' : String(value));
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The text with a leading apostrophe when a spreadsheet would read it as a formula. */
export function formulaSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Rows of cells as a CSV document with CRLF line ends (RFC 4180). */
export function csvDocument(rows: (string | number | null)[][]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
