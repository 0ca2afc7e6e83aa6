import type { EventExport, ExportFormat, ExportKind } from '../../../contracts/exports';
import type { ExportRow } from './exports.queries';

/** A file name that is safe in a header: the kind and the event's title in plain letters. */
export function exportFileName(kind: ExportKind, format: ExportFormat, title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 40)
    .replace(/-$/, '');
  return `${kind.replace('_', '-')}${slug ? `-${slug}` : ''}.${format}`;
}

export function presentExport(row: ExportRow, context: { now: Date; title: string }): EventExport {
  return {
    id: row.id,
    eventId: row.eventId,
    kind: row.kind,
    format: row.format,
    status: row.status,
    rowsDone: row.rowsDone,
    rowsTotal: row.rowsTotal,
    // Mailed, or still running past its wait: the page says it will arrive by mail.
    background:
      row.mailedAt !== null || (row.status === 'running' && context.now >= row.backgroundAt),
    fileName: exportFileName(row.kind, row.format, context.title),
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}
