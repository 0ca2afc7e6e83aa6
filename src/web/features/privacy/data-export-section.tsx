import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { DataExport, DataExportState } from '../../../contracts/privacy';
import { Alert } from '../../components/ui/alert';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { dataExportFileUrl, dataExportsQuery, useRequestDataExport } from './api';

const STATUS: Record<DataExportState, { label: MessageDescriptor; variant: BadgeVariant }> = {
  requested: { label: msg`Requested`, variant: 'outline' },
  building: { label: msg`Building`, variant: 'warning' },
  ready: { label: msg`Ready`, variant: 'success' },
  failed: { label: msg`Failed`, variant: 'danger' },
  expired: { label: msg`Expired`, variant: 'outline' },
};

const inProgress = (exports: DataExport[] | undefined) =>
  !!exports?.some((e) => e.status === 'requested' || e.status === 'building');

function ExportLine({ item }: { item: DataExport }) {
  const { i18n } = useLingui();
  const status = STATUS[item.status];
  const requested = formatDateTime(item.createdAt);
  const until = formatDateTime(item.expiresAt);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 border-b border-border py-3 last:border-b-0">
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium">
          <Trans>Asked on {requested}</Trans>
        </span>
        {item.status === 'ready' ? (
          <span className="text-xs text-muted-foreground">
            <Trans>Available until {until}</Trans>
          </span>
        ) : null}
      </div>
      <div className="flex items-center gap-3">
        <Badge variant={status.variant}>{i18n._(status.label)}</Badge>
        {item.status === 'ready' ? (
          <a className={buttonClasses({ size: 'sm' })} href={dataExportFileUrl(item.id)} download>
            <Trans>Download ZIP</Trans>
          </a>
        ) : null}
      </div>
    </li>
  );
}

/** "Download my data": ask, follow the job's progress, download the ZIP while it is kept. */
export function DataExportSection() {
  const { t } = useLingui();
  // Polls while a ZIP is being built, so "Ready" shows without reloading.
  const exports = useQuery({
    ...dataExportsQuery,
    refetchInterval: (query) => (inProgress(query.state.data?.exports) ? 2000 : false),
  });
  const request = useRequestDataExport();
  const busy = inProgress(exports.data?.exports);

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        <Trans>
          You get a ZIP file with everything we keep about you: your profile, orders, tickets,
          answers, messages you sent, notifications, diary, rides, reviews, subscriptions and the
          files you uploaded. We email you when it is ready; the link works for 7 days while you are
          signed in.
        </Trans>
      </p>
      <div>
        <Button onClick={() => request.mutate()} disabled={request.isPending || busy}>
          {request.isPending || busy ? <Spinner className="size-4" /> : null}
          {busy ? <Trans>Preparing your data…</Trans> : <Trans>Download my data</Trans>}
        </Button>
      </div>
      {request.isError ? (
        <Alert variant="destructive">
          {errorMessage(request.error, t`Your request could not be sent. Please try again.`)}
        </Alert>
      ) : null}
      {exports.isPending ? <Spinner /> : null}
      {exports.isError ? (
        <Alert variant="destructive">
          {errorMessage(exports.error, t`Your downloads could not be loaded.`)}
        </Alert>
      ) : null}
      {exports.data?.exports.length ? (
        <ul aria-label={t`Your data downloads`}>
          {exports.data.exports.map((item) => (
            <ExportLine key={item.id} item={item} />
          ))}
        </ul>
      ) : exports.data ? (
        <p className="text-sm text-muted-foreground">
          <Trans>You have not asked for your data yet.</Trans>
        </p>
      ) : null}
    </div>
  );
}
