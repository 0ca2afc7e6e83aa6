import type { DbExecutor } from '../db/client';
import type { AuditInput } from './admin/audit.queries';

/**
 * Writes one row of the admin audit log (the admin module's `recordAudit`) in the given
 * transaction. Handed to modules the admin module itself depends on (taxes: admin reaches
 * commerce, which reaches taxes), so their admin actions are audited without an import cycle.
 * Its own file, importing no module's service: module.ts imports the commerce types, so a
 * commerce dependency (taxes) that took this type from module.ts imported its own importers.
 */
export type RecordAudit = (tx: DbExecutor, entry: Omit<AuditInput, 'createdAt'>) => Promise<void>;
