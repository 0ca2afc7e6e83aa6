import { z } from 'zod';

// Organizer exports of one event (decision 056): what can be exported, in which formats, and
// the state of an export built in the background.

export const EXPORT_KINDS = ['orders', 'attendees', 'check_ins', 'products'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_STATUSES = ['running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** How long a built export file (and its emailed link) is kept. */
export const EXPORT_KEEP_HOURS = 72;

export const ExportInputSchema = z.object({
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(EXPORT_FORMATS),
});
export type ExportInput = z.infer<typeof ExportInputSchema>;

export const ExportSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  /** Rows written so far, and how many the export will have (counted when it started). */
  rowsDone: z.number().int(),
  rowsTotal: z.number().int(),
  /** True once the export runs past the wait: it finishes in the background and is emailed. */
  background: z.boolean(),
  fileName: z.string(),
  sizeBytes: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type EventExport = z.infer<typeof ExportSchema>;

export const ExportListSchema = z.object({ exports: z.array(ExportSchema) });
export type ExportList = z.infer<typeof ExportListSchema>;

export const ExportParamsSchema = z.object({ id: z.uuid(), exportId: z.uuid() });
export const ExportLinkQuerySchema = z.object({ token: z.string().min(10).max(400) });
