import { z } from 'zod';

/** Days a person has to change their mind after asking to delete their account. */
export const DELETION_GRACE_DAYS = 14;
/** Days the download of a person's data stays available (its mailed link ends with it). */
export const DATA_EXPORT_KEEP_DAYS = 7;

export const DATA_EXPORT_STATUSES = ['requested', 'building', 'ready', 'failed'] as const;
/** What the page shows: the stored status, or `expired` once the file is gone. */
export const DataExportStateSchema = z.enum([...DATA_EXPORT_STATUSES, 'expired']);
export type DataExportState = z.infer<typeof DataExportStateSchema>;

export const DataExportSchema = z.object({
  id: z.string().uuid(),
  status: DataExportStateSchema,
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string(),
  sizeBytes: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

export const DataExportListSchema = z.object({ exports: z.array(DataExportSchema) });
export type DataExportList = z.infer<typeof DataExportListSchema>;

export const AccountDeletionSchema = z.object({
  requestedAt: z.string(),
  eraseAfter: z.string(),
});
export type AccountDeletion = z.infer<typeof AccountDeletionSchema>;

export const DeletionStatusSchema = z.object({ deletion: AccountDeletionSchema.nullable() });

/** Deleting an account is confirmed with the password (a passkey re-check counts too). */
export const RequestDeletionSchema = z.object({
  password: z.string().max(1024).optional(),
});
export type RequestDeletionInput = z.infer<typeof RequestDeletionSchema>;

export const PendingDeletionSchema = z.object({
  userId: z.string().uuid(),
  email: z.string(),
  name: z.string(),
  requestedAt: z.string(),
  eraseAfter: z.string(),
});
export const PendingDeletionListSchema = z.object({ deletions: z.array(PendingDeletionSchema) });
export type PendingDeletionList = z.infer<typeof PendingDeletionListSchema>;
