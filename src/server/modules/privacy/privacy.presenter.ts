import type { AccountDeletion, DataExport } from '../../../contracts/privacy';
import type { DataExportRow, DeletionRow } from './privacy.queries';

export function presentDataExport(row: DataExportRow, now: Date): DataExport {
  const expired = row.expiresAt <= now || (row.status === 'ready' && !row.fileKey);
  return {
    id: row.id,
    status: expired ? 'expired' : row.status,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    sizeBytes: row.sizeBytes,
  };
}

export function presentDeletion(row: DeletionRow): AccountDeletion {
  return { requestedAt: row.requestedAt.toISOString(), eraseAfter: row.eraseAfter.toISOString() };
}

export function presentPendingDeletion(row: {
  userId: string;
  email: string;
  name: string | null;
  requestedAt: Date;
  eraseAfter: Date;
}) {
  return {
    userId: row.userId,
    email: row.email,
    name: row.name ?? '',
    requestedAt: row.requestedAt.toISOString(),
    eraseAfter: row.eraseAfter.toISOString(),
  };
}
