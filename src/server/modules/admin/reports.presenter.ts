import type { Report } from '../../../contracts/admin';
import { reportActions } from './admin.policy';
import type { ReportRow } from './reports.queries';

const iso = (value: Date | string) => new Date(value).toISOString();

/** Where a moderator can see the target in context: only public pages (chats are private). */
const hrefOf = (row: ReportRow) => {
  if (row.target_type === 'user') return null;
  if (row.target_type === 'ride') return `/ryder/${row.target_id}`;
  return row.event_id ? `/event/${row.event_id}` : null;
};

export const toReport = (row: ReportRow): Report => ({
  id: row.id,
  targetType: row.target_type,
  targetId: row.target_id,
  reason: row.reason,
  details: row.details,
  status: row.status,
  reporter: row.reporter_id
    ? { id: row.reporter_id, name: row.reporter_name ?? '(no name)' }
    : null,
  openOnTarget: Number(row.open_on_target),
  createdAt: iso(row.created_at),
  handledAt: row.handled_at ? iso(row.handled_at) : null,
  handledBy: row.handled_by
    ? { id: row.handled_by, name: row.handler_name ?? '(erased account)' }
    : null,
  resolution: row.resolution,
  preview: row.found
    ? {
        title: row.preview_title ?? '',
        text: row.preview_text ?? '',
        author: row.author_id
          ? {
              id: row.author_id,
              name: row.author_name ?? '(no name)',
              suspended: row.author_suspended,
            }
          : null,
        hidden: row.hidden ?? false,
        href: hrefOf(row),
      }
    : null,
  actions: row.status === 'open' ? reportActions(row.target_type) : [],
});
