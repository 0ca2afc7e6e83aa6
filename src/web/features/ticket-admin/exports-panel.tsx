import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileSpreadsheet } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  EXPORT_KEEP_HOURS,
  EXPORT_KINDS,
  type EventExport,
  type ExportFormat,
  type ExportKind,
} from '../../../contracts/exports';
import { EmptyState } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { errorMessage } from '../../lib/api-client';
import { startDownload } from './start-download';
import { currentLocale, formatDateTime } from '../../lib/dates';
import {
  exportFileUrl,
  exportKeys,
  exportLinkUrl,
  exportQuery,
  exportsQuery,
  useStartExport,
} from './exports-api';

const KIND_LABELS: Record<ExportKind, MessageDescriptor> = {
  orders: msg`Orders`,
  attendees: msg`Attendees, with their answers`,
  check_ins: msg`Check-ins`,
  products: msg`Products sold`,
};

const FORMAT_LABELS: Record<ExportFormat, MessageDescriptor> = {
  xlsx: msg`Excel (.xlsx)`,
  csv: msg`CSV`,
};
const FORMATS: ExportFormat[] = ['xlsx', 'csv'];

/** The organizer's exports of one event: choose what and the format, follow it, download it. */
export function ExportsPanel({ eventId, linkToken }: { eventId: string; linkToken?: string }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [kind, setKind] = useState<ExportKind>('attendees');
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [currentId, setCurrentId] = useState<string | null>(null);
  const start = useStartExport(eventId);
  const list = useQuery(exportsQuery(eventId));

  function submit(event: FormEvent) {
    event.preventDefault();
    start.mutate({ kind, format }, { onSuccess: (started) => setCurrentId(started.id) });
  }

  return (
    <div className="flex flex-col gap-6">
      {linkToken ? (
        <Alert variant="success" title={t`Your export is ready`}>
          <a
            href={exportLinkUrl(linkToken)}
            download
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <Download aria-hidden="true" className="size-4" />
            <Trans>Download the export</Trans>
          </a>
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle className="text-xl">
            <Trans>New export</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="flex flex-col gap-5">
            {start.isError ? (
              <Alert variant="destructive">
                {errorMessage(start.error, t`The export could not be started. Please try again.`)}
              </Alert>
            ) : null}
            <div className="grid gap-5 md:grid-cols-2">
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 text-sm font-medium">
                  <Trans>What to export</Trans>
                </legend>
                {EXPORT_KINDS.map((value) => (
                  <label key={value} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={`${id}-kind`}
                      className="size-4 accent-primary"
                      checked={kind === value}
                      onChange={() => setKind(value)}
                    />
                    {i18n._(KIND_LABELS[value])}
                  </label>
                ))}
              </fieldset>
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 text-sm font-medium">
                  <Trans>Format</Trans>
                </legend>
                {FORMATS.map((value) => (
                  <label key={value} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={`${id}-format`}
                      className="size-4 accent-primary"
                      checked={format === value}
                      onChange={() => setFormat(value)}
                    />
                    {i18n._(FORMAT_LABELS[value])}
                  </label>
                ))}
              </fieldset>
            </div>
            <p className="text-sm text-muted-foreground">
              <Trans>
                Dates are in the event&apos;s time zone. An export that takes longer than 10 seconds
                continues in the background and we email you a link.
              </Trans>
            </p>
            <Button type="submit" className="self-start" disabled={start.isPending}>
              <FileSpreadsheet aria-hidden="true" className="size-4" />
              <Trans>Export</Trans>
            </Button>
          </form>
          {currentId ? <ExportProgress eventId={eventId} exportId={currentId} /> : null}
        </CardContent>
      </Card>
      <section aria-labelledby={`${id}-recent`} className="flex flex-col gap-3">
        <h2 id={`${id}-recent`} className="text-xl font-bold">
          <Trans>Recent exports</Trans>
        </h2>
        <RecentExports
          eventId={eventId}
          exports={list.data?.exports}
          isPending={list.isPending}
          error={list.isError ? errorMessage(list.error, t`Exports could not be loaded`) : null}
        />
      </section>
    </div>
  );
}

/** The export just started: rows so far, then its download (or word that it will be mailed). */
function ExportProgress({ eventId, exportId }: { eventId: string; exportId: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery(exportQuery(eventId, exportId));
  const downloaded = useRef(false);
  const current = query.data;
  const fileUrl = exportFileUrl(eventId, exportId);
  const finished = current?.status === 'ready' || current?.status === 'failed';
  // A quick export downloads by itself, once; a long one was mailed and waits for a click.
  useEffect(() => {
    if (current?.status === 'ready' && !current.background && !downloaded.current) {
      downloaded.current = true;
      startDownload(fileUrl);
    }
  }, [current?.status, current?.background, fileUrl]);
  useEffect(() => {
    if (finished)
      void queryClient.invalidateQueries({ queryKey: exportKeys.list(eventId), exact: true });
  }, [finished, eventId, queryClient]);
  if (!current) return null;
  const numbers = new Intl.NumberFormat(currentLocale());
  const done = numbers.format(current.rowsDone);
  const what = i18n._(KIND_LABELS[current.kind]);
  const total = current.rowsTotal;
  const fileName = current.fileName;
  return (
    <div className="mt-5 flex flex-col gap-3" aria-live="polite">
      {current.status === 'running' ? (
        <div className="flex flex-col gap-1">
          <progress
            value={current.rowsDone}
            max={Math.max(current.rowsTotal, 1)}
            aria-label={t`Export progress`}
            className="h-2 w-full accent-primary"
          />
          <span className="text-sm text-muted-foreground">
            <Plural
              value={total}
              one={`${done} of # row written`}
              other={`${done} of # rows written`}
            />
          </span>
        </div>
      ) : null}
      {current.status === 'running' && current.background ? (
        <Alert>
          <Trans>
            This export is taking a while. It continues in the background: we will email you a link
            when it is ready, and you can leave this page.
          </Trans>
        </Alert>
      ) : null}
      {current.status === 'ready' ? (
        <Alert variant="success" title={t`Your export is ready`}>
          <p>
            {current.background ? (
              <Trans>{what}: we also emailed you a link to it.</Trans>
            ) : (
              <Trans>{what}: your download has started.</Trans>
            )}
          </p>
          <a
            href={fileUrl}
            download
            className={buttonClasses({
              variant: 'outline',
              size: 'sm',
              // A long event title makes a long file name: it wraps on a phone.
              className: 'h-auto max-w-full py-1.5 text-start break-all whitespace-normal',
            })}
          >
            <Download aria-hidden="true" className="size-4" />
            <Trans>Download {fileName}</Trans>
          </a>
        </Alert>
      ) : null}
      {current.status === 'failed' ? (
        <Alert variant="destructive">
          <Trans>The export failed. Please try again.</Trans>
        </Alert>
      ) : null}
    </div>
  );
}

function RecentExports({
  eventId,
  exports,
  isPending,
  error,
}: {
  eventId: string;
  exports: EventExport[] | undefined;
  isPending: boolean;
  error: string | null;
}) {
  const { t, i18n } = useLingui();
  if (error) return <Alert variant="destructive">{error}</Alert>;
  if (isPending) return <p className="text-sm text-muted-foreground">{t`Loading exports…`}</p>;
  const hours = EXPORT_KEEP_HOURS;
  if (!exports?.length)
    return (
      <EmptyState icon={FileSpreadsheet} title={t`No exports yet`}>
        <p className="text-sm text-muted-foreground">
          <Trans>Exports you make are kept here for {hours} hours.</Trans>
        </p>
      </EmptyState>
    );
  return (
    <ul className="flex flex-col divide-y divide-border rounded-lg border">
      {exports.map((item) => {
        const what = i18n._(KIND_LABELS[item.kind]);
        const format = i18n._(FORMAT_LABELS[item.format]);
        const when = formatDateTime(item.createdAt);
        const rows = item.rowsDone;
        return (
          <li
            key={item.id}
            className="flex flex-col gap-2 p-3 text-sm md:flex-row md:items-center md:justify-between"
          >
            <div className="flex flex-col">
              <span className="font-medium">
                <Trans>
                  {what}, {format}
                </Trans>
              </span>
              <span className="text-muted-foreground">
                {item.status === 'ready' ? (
                  <Plural value={rows} one={`${when} · # row`} other={`${when} · # rows`} />
                ) : item.status === 'running' ? (
                  <Trans>{when} · in progress</Trans>
                ) : (
                  <Trans>{when} · failed</Trans>
                )}
              </span>
            </div>
            {item.status === 'ready' ? (
              <a
                href={exportFileUrl(eventId, item.id)}
                download
                className={buttonClasses({
                  variant: 'outline',
                  size: 'sm',
                  className: 'self-start',
                })}
              >
                <Download aria-hidden="true" className="size-4" />
                <Trans>Download</Trans>
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
