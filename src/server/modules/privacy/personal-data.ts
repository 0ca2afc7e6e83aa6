import JSZip from 'jszip';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import type { FileStore } from '../../platform/storage/storage';
import { isMediaKey, keyOfUrl, MEDIA_PREFIX } from '../../platform/storage/storage';
import { LINKED_TABLES, PERSONAL_TABLES, SECRET_COLUMN, TIN_COLUMN } from './personal-tables';

type Row = Record<string, unknown>;

/** A tax number as its last four characters, the rest hidden. */
export function maskTin(value: string): string {
  return value.length <= 4 ? '••••' : `••••${value.slice(-4)}`;
}

/** A row as it goes into the download: secrets left out, tax numbers masked. */
function presentRow(row: Row): Row {
  const out: Row = {};
  for (const [column, value] of Object.entries(row)) {
    if (SECRET_COLUMN.test(column)) continue;
    out[column] = TIN_COLUMN.test(column) && typeof value === 'string' ? maskTin(value) : value;
  }
  return out;
}

/**
 * Our uploaded files a value names: a media URL (`/media/avatars/….webp`), a bare storage key
 * (chat images keep their key), or several inside a JSON value. Answers their public URLs.
 */
export function mediaUrlsIn(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (value.startsWith(MEDIA_PREFIX) && keyOfUrl(value)) into.add(value);
    else if (isMediaKey(value)) into.add(`${MEDIA_PREFIX}${value}`);
  } else if (Array.isArray(value)) {
    for (const item of value) mediaUrlsIn(item, into);
  } else if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const item of Object.values(value)) mediaUrlsIn(item, into);
  }
}

async function ownRows(db: DbExecutor, table: string, columns: string[], userId: string) {
  const where = sql.join(
    columns.map((column) => sql`${sql.identifier(column)} = ${userId}`),
    sql` or `,
  );
  const result = await db.execute(sql`select * from ${sql.identifier(table)} where ${where}`);
  return result.rows as Row[];
}

export interface PersonalData {
  /** Table name to the person's rows, as they go into the download. */
  tables: Record<string, Row[]>;
  /** The uploaded files their rows name. */
  mediaUrls: Set<string>;
}

/** Everything the product holds about one person, table by table. */
export async function collectPersonalData(db: DbExecutor, userId: string): Promise<PersonalData> {
  const tables: Record<string, Row[]> = {};
  const mediaUrls = new Set<string>();
  for (const [table, rule] of Object.entries(PERSONAL_TABLES)) {
    if (rule.noExport) continue;
    const rows = await ownRows(db, table, rule.exportBy ?? rule.columns, userId);
    if (!rows.length) continue;
    tables[table] = rows.map(presentRow);
    mediaUrlsIn(rows, mediaUrls);
  }
  for (const [table, where] of Object.entries(LINKED_TABLES)) {
    const result = await db.execute(
      sql`select * from ${sql.identifier(table)} where ${where(userId)}`,
    );
    const rows = result.rows as Row[];
    if (!rows.length) continue;
    tables[table] = rows.map(presentRow);
    mediaUrlsIn(rows, mediaUrls);
  }
  return { tables, mediaUrls };
}

const README = `This archive holds the data MEA Events keeps about your account.

data/<table>.json: your rows of each table, as stored (passwords, tokens and other secrets are
left out; tax numbers show only their last four characters).
files/: the files you uploaded (profile photo, pictures, attachments).
`;

/** The ZIP of a person's data: one JSON file per table, then their uploaded files. */
export async function buildPersonalDataZip(
  data: PersonalData,
  files: Pick<FileStore, 'open'>,
): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('README.txt', README);
  for (const [table, rows] of Object.entries(data.tables))
    zip.file(`data/${table}.json`, JSON.stringify(rows, null, 2));
  for (const url of data.mediaUrls) {
    const key = keyOfUrl(url);
    const file = key ? await files.open(key) : null;
    if (!key || !file) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    zip.file(`files/${key}`, Buffer.concat(chunks));
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
