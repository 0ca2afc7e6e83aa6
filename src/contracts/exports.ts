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

/** Public API v1: an export of one event and, once ready, where its file downloads from. */
const V1_EXPORT_EXAMPLE = {
  id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
  kind: 'attendees',
  format: 'csv',
  status: 'ready',
  rows_done: 412,
  rows_total: 412,
  file_name: 'attendees-harbour-jazz-night.csv',
  size_bytes: 48213,
  file_url:
    '/api/v1/events/3f1e2d3c-4b5a-4697-8877-665544332211/exports/9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b/file',
  created_at: '2027-03-01T09:00:00.000Z',
  finished_at: '2027-03-01T09:00:02.000Z',
  expires_at: '2027-03-04T09:00:00.000Z',
};
export const V1ExportSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(EXPORT_KINDS),
    format: z.enum(EXPORT_FORMATS),
    status: z.enum(EXPORT_STATUSES),
    rows_done: z.number().int(),
    rows_total: z.number().int(),
    file_name: z.string(),
    size_bytes: z.number().int().nullable(),
    /** The API path of the file (same key), null until the export is ready. */
    file_url: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    expires_at: z.string(),
  })
  .meta({
    example: V1_EXPORT_EXAMPLE,
  });
export const V1ExportListSchema = z
  .object({ data: z.array(V1ExportSchema) })
  .meta({ example: { data: [V1_EXPORT_EXAMPLE] } });

/** An export as API v1 shows it. */
export function toV1Export(e: EventExport): z.infer<typeof V1ExportSchema> {
  return {
    id: e.id,
    kind: e.kind,
    format: e.format,
    status: e.status,
    rows_done: e.rowsDone,
    rows_total: e.rowsTotal,
    file_name: e.fileName,
    size_bytes: e.sizeBytes,
    file_url: e.status === 'ready' ? `/api/v1/events/${e.eventId}/exports/${e.id}/file` : null,
    created_at: e.createdAt,
    finished_at: e.finishedAt,
    expires_at: e.expiresAt,
  };
}
