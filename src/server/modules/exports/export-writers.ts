import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ExportFormat } from '../../../contracts/exports';
import { csvCell } from '../../platform/http/csv';
import { csvLine, xlsxNumberFormat, xlsxValues } from './export-format';
import type { ExportSource } from './export-kinds';

// An export as bytes, produced as they are read: the next page of rows is read from the
// database only once the reader (a download, or the background build) took the last one, so
// the first bytes leave at once and memory stays flat whatever the event's size.

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface WriteOptions {
  format: ExportFormat;
  timeZone: string;
  /** The sheet's name in Excel (its tab). */
  sheetName: string;
  /** Told the number of rows written so far, after each page. */
  onRows?: (rows: number) => void | Promise<void>;
}

export function exportStream(source: ExportSource, options: WriteOptions): Readable {
  return options.format === 'csv' ? csvStream(source, options) : xlsxStream(source, options);
}

function csvStream(source: ExportSource, options: WriteOptions): Readable {
  async function* lines() {
    yield `${source.columns.map((c) => csvCell(c.header)).join(',')}\r\n`;
    let rows = 0;
    for await (const page of source.pages()) {
      yield page.map((cells) => csvLine(cells, options.timeZone)).join('');
      rows += page.length;
      await options.onRows?.(rows);
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

// Excel's limit on a sheet name: 31 characters, none of : \ / ? * [ ].
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Export';

function xlsxStream(source: ExportSource, options: WriteOptions): Readable {
  const out = new PassThrough();
  const build = async () => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = book.addWorksheet(sheetName(options.sheetName), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = source.columns.map((column) => {
      const numFmt = xlsxNumberFormat(column.type);
      return {
        width: column.type === 'date' ? 18 : Math.min(40, Math.max(12, column.header.length + 2)),
        style: numFmt ? { numFmt } : {},
      };
    });
    const header = sheet.addRow(source.columns.map((column) => column.header));
    header.font = { bold: true };
    header.commit();
    let rows = 0;
    for await (const page of source.pages()) {
      // The reader went away (a download cancelled): stop reading the database.
      if (out.destroyed) return;
      for (const cells of page) sheet.addRow(xlsxValues(cells, options.timeZone)).commit();
      rows += page.length;
      await options.onRows?.(rows);
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    sheet.commit();
    await book.commit();
  };
  build().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
