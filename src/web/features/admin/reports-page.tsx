import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
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
import { useContractText } from '../../i18n/contract-text';
import { apiGet, errorMessage } from '../../lib/api-client';
import { adminKeys, queryString, useReportAction } from './api';
import { FilterSelect } from './users-page';
import { formatDateTime } from '../../lib/dates';
import { REPORT_STATUS_LABELS } from './admin-labels';

const PAGE_SIZE = 20;

const TARGET_LABELS: Record<Report['targetType'], MessageDescriptor> = {
  event: msg`Event`,
  message: msg`Message`,
  user: msg`Profile`,
  event_feedback: msg`Event review`,
  ride: msg`Ride`,
};

const ACTION_LABELS: Record<ReportAction, MessageDescriptor> = {
  dismiss: msg`Dismiss`,
  hide: msg`Hide`,
  suspend_author: msg`Suspend author`,
};

/** What each action will do, for its confirmation. */
const CONFIRM: Record<ReportAction, (r: Report) => MessageDescriptor> = {
  dismiss: () => msg`The report is closed and the content stays as it is.`,
  hide: (r) =>
    r.targetType === 'event'
      ? msg`The event is unpublished (back to draft) and leaves the site.`
      : r.targetType === 'message'
        ? msg`The message is removed for everyone in the chat and shows “Removed by a moderator”.`
        : msg`The content is hidden from the site.`,
  suspend_author: (r) => {
    const author = r.preview?.author?.name;
    return author
      ? msg`${author} is signed out everywhere and cannot sign in until reactivated.`
      : msg`The author is signed out everywhere and cannot sign in until reactivated.`;
  },
};

/** /admin/reports: what people reported, oldest first, with the target and the decisions. */
export function AdminReportsPage() {
  const { t, i18n } = useLingui();
  const [status, setStatus] = useState<string>('open');
  const [targetType, setTargetType] = useState('');
  const [page, setPage] = useState(1);
  const qs = queryString({ status, targetType, page, pageSize: PAGE_SIZE });
  const list = useQuery({
    queryKey: adminKeys.reports(qs),
    queryFn: ({ signal }) => apiGet<ReportPage>(`/api/admin/reports${qs}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const noReports =
    status === 'dismissed'
      ? t`No dismissed reports.`
      : status === 'actioned'
        ? t`No actioned reports.`
        : t`No reports.`;
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  return (
    <PageBody>
      <PageHeader
        title={t`Reports`}
        description={t`What people reported. One decision settles every open report on the same thing.`}
      />
      <div className="mb-4 flex flex-wrap gap-3">
        <FilterSelect label={t`Status`} value={status} onChange={(v) => (setStatus(v), setPage(1))}>
          {REPORT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {i18n._(REPORT_STATUS_LABELS[value])}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label={t`Kind`}
          value={targetType}
          onChange={(v) => (setTargetType(v), setPage(1))}
        >
          <option value="">{t`Everything`}</option>
          {REPORT_TARGETS.map((value) => (
            <option key={value} value={value}>
              {i18n._(TARGET_LABELS[value])}
            </option>
          ))}
        </FilterSelect>
      </div>
      {list.error ? (
        <Alert variant="destructive" title={errorMessage(list.error, t`Could not load reports`)}>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void list.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      ) : null}
      {list.isLoading ? <Spinner label={t`Loading reports`} /> : null}
      {list.data && list.data.rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-6 text-center text-muted-foreground">
          {status === 'open' ? t`Nothing to review: the queue is empty.` : noReports}
        </p>
      ) : null}
      <ul className="flex flex-col gap-3" aria-label={t`Reports`} aria-busy={list.isFetching}>
        {list.data?.rows.map((report) => (
          <li key={report.id}>
            <ReportCard report={report} />
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="mt-4 flex items-center justify-end gap-2" aria-label={t`Report pages`}>
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            <Trans>Previous</Trans>
          </Button>
          <span className="text-sm">
            <Trans>
              Page {page} of {pages}
            </Trans>
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            <Trans>Next</Trans>
          </Button>
        </nav>
      ) : null}
    </PageBody>
  );
}

function ReportCard({ report }: { report: Report }) {
  const { t, i18n } = useLingui();
  const say = useContractText();
  const act = useReportAction();
  const [pending, setPending] = useState<ReportAction | null>(null);
  const preview = report.preview;
  const kind = i18n._(TARGET_LABELS[report.targetType]);
  const heading = preview?.title || t`${kind} (deleted)`;
  const reporter = report.reporter?.name;
  const handler = report.handledBy?.name ?? t`someone`;
  const openCount = report.openOnTarget;
  const actionOn = (action: ReportAction) => {
    const name = i18n._(ACTION_LABELS[action]);
    return t`${name}: ${heading}`;
  };
  const actionName = pending ? i18n._(ACTION_LABELS[pending]) : '';
  const handledLine = (dismissed: boolean, who: string, at: string | null | undefined) => {
    if (!at) return dismissed ? t`Dismissed by ${who}` : t`Actioned by ${who}`;
    const when = formatDateTime(at);
    return dismissed ? t`Dismissed by ${who} on ${when}` : t`Actioned by ${who} on ${when}`;
  };
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">{kind}</Badge>
        <Badge variant="warning">{say(REPORT_REASON_LABELS[report.reason])}</Badge>
        {report.openOnTarget > 1 ? (
          <Badge variant="danger">
            <Plural value={openCount} one="# open report" other="# open reports" />
          </Badge>
        ) : null}
        {preview?.hidden ? (
          <Badge variant="outline">
            <Trans>hidden</Trans>
          </Badge>
        ) : null}
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
            <AuthorLine name={preview.author.name} />
            {preview.author.suspended ? (
              <Badge variant="danger" className="ms-2">
                <Trans>suspended</Trans>
              </Badge>
            ) : null}
          </p>
        ) : null}
      </div>
      <div className="rounded-md bg-muted p-3 text-sm">
        <p>
          {reporter
            ? report.details
              ? t`Reported by ${reporter}:`
              : t`Reported by ${reporter}`
            : report.details
              ? t`Reported by a deleted account:`
              : t`Reported by a deleted account`}
        </p>
        {report.details ? <p className="mt-1 break-words">“{report.details}”</p> : null}
      </div>
      {report.status !== 'open' ? (
        <p className="text-sm text-muted-foreground">
          {handledLine(report.status === 'dismissed', handler, report.handledAt)}
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
              aria-label={actionOn(action)}
              onClick={() => {
                act.reset();
                setPending(action);
              }}
              disabled={action === 'suspend_author' && preview?.author?.suspended}
            >
              {i18n._(ACTION_LABELS[action])}
            </Button>
          ))}
        </div>
      ) : null}
      {pending ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? null : setPending(null))}
          title={t`${actionName}: ${heading}?`}
          description={i18n._(CONFIRM[pending](report))}
          error={act.error ? errorMessage(act.error, t`That did not work`) : null}
          cancelLabel={t`Cancel`}
          confirmLabel={actionName}
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

function AuthorLine({ name }: { name: string }) {
  return <Trans>By {name}</Trans>;
}
