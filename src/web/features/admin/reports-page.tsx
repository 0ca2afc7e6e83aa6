import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  REPORT_REASON_LABELS,
  REPORT_STATUSES,
  REPORT_TARGETS,
  type Report,
  type ReportAction,
  type ReportPage,
} from '../../../contracts/admin';
import { PageBody, PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { apiGet, errorMessage } from '../../lib/api-client';
import { adminKeys, queryString, useReportAction } from './api';
import { FilterSelect } from './users-page';
import { formatDateTime } from '../../lib/dates';

const PAGE_SIZE = 20;

const TARGET_LABELS: Record<Report['targetType'], string> = {
  event: 'Event',
  message: 'Message',
  user: 'Profile',
  event_feedback: 'Event review',
  ride: 'Ride',
};

const ACTION_LABELS: Record<ReportAction, string> = {
  dismiss: 'Dismiss',
  hide: 'Hide',
  suspend_author: 'Suspend author',
};

/** What each action will do, for its confirmation. */
const CONFIRM: Record<ReportAction, (r: Report) => string> = {
  dismiss: () => 'The report is closed and the content stays as it is.',
  hide: (r) =>
    r.targetType === 'event'
      ? 'The event is unpublished (back to draft) and leaves the site.'
      : r.targetType === 'message'
        ? 'The message is removed for everyone in the chat and shows “Removed by a moderator”.'
        : 'The content is hidden from the site.',
  suspend_author: (r) =>
    `${r.preview?.author?.name ?? 'The author'} is signed out everywhere and cannot sign in until reactivated.`,
};

/** /admin/reports: what people reported, oldest first, with the target and the decisions. */
export function AdminReportsPage() {
  const [status, setStatus] = useState<string>('open');
  const [targetType, setTargetType] = useState('');
  const [page, setPage] = useState(1);
  const qs = queryString({ status, targetType, page, pageSize: PAGE_SIZE });
  const list = useQuery({
    queryKey: adminKeys.reports(qs),
    queryFn: ({ signal }) => apiGet<ReportPage>(`/api/admin/reports${qs}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  return (
    <PageBody>
      <PageHeader
        title="Reports"
        description="What people reported. One decision settles every open report on the same thing."
      />
      <div className="mb-4 flex flex-wrap gap-3">
        <FilterSelect label="Status" value={status} onChange={(v) => (setStatus(v), setPage(1))}>
          {REPORT_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </FilterSelect>
        <FilterSelect
          label="Kind"
          value={targetType}
          onChange={(v) => (setTargetType(v), setPage(1))}
        >
          <option value="">Everything</option>
          {REPORT_TARGETS.map((t) => (
            <option key={t} value={t}>
              {TARGET_LABELS[t]}
            </option>
          ))}
        </FilterSelect>
      </div>
      {list.error ? (
        <Alert variant="destructive" title={errorMessage(list.error, 'Could not load reports')}>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {list.isLoading ? <Spinner label="Loading reports" /> : null}
      {list.data && list.data.rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-6 text-center text-muted-foreground">
          {status === 'open' ? 'Nothing to review: the queue is empty.' : `No ${status} reports.`}
        </p>
      ) : null}
      <ul className="flex flex-col gap-3" aria-label="Reports" aria-busy={list.isFetching}>
        {list.data?.rows.map((report) => (
          <li key={report.id}>
            <ReportCard report={report} />
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="mt-4 flex items-center justify-end gap-2" aria-label="Report pages">
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </Button>
          <span className="text-sm">
            Page {page} of {pages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </PageBody>
  );
}

function ReportCard({ report }: { report: Report }) {
  const act = useReportAction();
  const [pending, setPending] = useState<ReportAction | null>(null);
  const preview = report.preview;
  const heading = preview?.title || `${TARGET_LABELS[report.targetType]} (deleted)`;
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">{TARGET_LABELS[report.targetType]}</Badge>
        <Badge variant="warning">{REPORT_REASON_LABELS[report.reason]}</Badge>
        {report.openOnTarget > 1 ? (
          <Badge variant="danger">{report.openOnTarget} open reports</Badge>
        ) : null}
        {preview?.hidden ? <Badge variant="outline">hidden</Badge> : null}
        <span className="ms-auto text-xs text-muted-foreground">
          {formatDateTime(report.createdAt)}
        </span>
      </div>
      <div className="min-w-0">
        <h2 className="font-semibold break-words">
          {preview?.href ? (
            <Link className="underline-offset-2 hover:underline" to={preview.href}>
              {heading}
            </Link>
          ) : (
            heading
          )}
        </h2>
        {preview?.text ? (
          <p className="mt-1 line-clamp-4 text-sm break-words whitespace-pre-line text-muted-foreground">
            {preview.text}
          </p>
        ) : null}
        {preview?.author ? (
          <p className="mt-1 text-sm">
            By {preview.author.name}
            {preview.author.suspended ? (
              <Badge variant="danger" className="ms-2">
                suspended
              </Badge>
            ) : null}
          </p>
        ) : null}
      </div>
      <div className="rounded-md bg-muted p-3 text-sm">
        <p>
          Reported by {report.reporter?.name ?? 'a deleted account'}
          {report.details ? ':' : ''}
        </p>
        {report.details ? <p className="mt-1 break-words">“{report.details}”</p> : null}
      </div>
      {report.status !== 'open' ? (
        <p className="text-sm text-muted-foreground">
          {report.status === 'dismissed' ? 'Dismissed' : 'Actioned'} by{' '}
          {report.handledBy?.name ?? 'someone'}
          {report.handledAt ? ` on ${formatDateTime(report.handledAt)}` : ''}
          {report.resolution ? ` (${report.resolution})` : ''}
        </p>
      ) : null}
      {report.actions.length ? (
        <div className="flex flex-wrap justify-end gap-2">
          {report.actions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'dismiss' ? 'outline' : 'destructive'}
              aria-label={`${ACTION_LABELS[action]}: ${heading}`}
              onClick={() => {
                act.reset();
                setPending(action);
              }}
              disabled={action === 'suspend_author' && preview?.author?.suspended}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
        </div>
      ) : null}
      {pending ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? null : setPending(null))}
          title={`${ACTION_LABELS[pending]}: ${heading}?`}
          description={CONFIRM[pending](report)}
          error={act.error ? errorMessage(act.error, 'That did not work') : null}
          cancelLabel="Cancel"
          confirmLabel={ACTION_LABELS[pending]}
          isPending={act.isPending}
          onConfirm={() =>
            act.mutate(
              { reportId: report.id, action: pending },
              { onSuccess: () => setPending(null) },
            )
          }
        />
      ) : null}
    </Card>
  );
}
