import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Health } from '../../../contracts/health';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { healthQuery, HEALTH_REFRESH_MS } from './api';
import { isNetworkError } from '../../lib/api-client';
import { formatDateTime, formatTime } from '../../lib/dates';
import { currentIntlLocale } from '../../lib/intl-locale';

/** 93784 → "1d 2h 3m 4s": uptime in the units a person reads, as the page's language abbreviates them. */
export function formatUptime(totalSeconds: number, locale = currentIntlLocale()): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const parts: [number, Intl.NumberFormatOptions['unit']][] = [
    [Math.floor(s / 86_400), 'day'],
    [Math.floor((s % 86_400) / 3600), 'hour'],
    [Math.floor((s % 3600) / 60), 'minute'],
    [s % 60, 'second'],
  ];
  const firstNonZero = parts.findIndex(([value]) => value > 0);
  const shown = firstNonZero === -1 ? parts.slice(-1) : parts.slice(firstNonZero);
  return shown
    .map(([value, unit]) =>
      new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' }).format(value),
    )
    .join(' ');
}

const CHECK_NAMES: Record<keyof Health['checks'], MessageDescriptor> = {
  database: msg`Database`,
  jobs: msg`Background jobs`,
};

// The server's status values, said in the page's language (the values themselves stay).
const STATUS_NAMES: Record<string, MessageDescriptor> = {
  ok: msg`ok`,
  degraded: msg`degraded`,
  up: msg`up`,
  down: msg`down`,
};

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold">{children}</dd>
    </div>
  );
}

export function SystemHealthPage() {
  const { data, error, isPending, dataUpdatedAt, refetch, isFetching } = useQuery(healthQuery);
  const { i18n, t } = useLingui();
  const statusName = (status: string) => {
    const name = STATUS_NAMES[status];
    return name ? i18n._(name) : status;
  };
  const seconds = HEALTH_REFRESH_MS / 1000;
  const problem = error?.message ?? '';
  const updatedAt = dataUpdatedAt ? formatTime(dataUpdatedAt) : '';

  return (
    <section
      aria-labelledby="health-title"
      className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="health-title" className="text-3xl font-bold tracking-tight">
            <Trans>System Health</Trans>
          </h1>
          <p className="text-muted-foreground">
            <Trans>Refreshes every {seconds} seconds.</Trans>
            {dataUpdatedAt ? (
              <>
                {' '}
                <Trans>
                  Last updated{' '}
                  <time dateTime={new Date(dataUpdatedAt).toISOString()}>{updatedAt}</time>.
                </Trans>
              </>
            ) : null}
          </p>
        </div>
        <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" className={isFetching ? 'size-4 animate-spin' : 'size-4'} />
          <Trans>Refresh now</Trans>
        </Button>
      </div>

      {error ? (
        <p
          role="alert"
          className="rounded-md border border-destructive bg-destructive-soft px-4 py-3 text-sm text-destructive"
        >
          {isNetworkError(error)
            ? t`The server could not be reached.`
            : t`The health check failed: ${problem}`}
          {data ? ` ${t`Showing the last known figures.`}` : ''}
        </p>
      ) : null}

      {isPending ? <PageSpinner /> : null}

      {data ? (
        <>
          <Card>
            <CardHeader className="flex-row items-center justify-between">
              <CardTitle>
                <Trans>Overall</Trans>
              </CardTitle>
              <Badge variant={data.status === 'ok' ? 'success' : 'danger'}>
                {statusName(data.status)}
              </Badge>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-3">
                <Figure label={t`Version`}>{data.version}</Figure>
                <Figure label={t`Uptime`}>{formatUptime(data.uptimeSeconds)}</Figure>
                <Figure label={t`Started`}>
                  <time dateTime={data.startedAt}>{formatDateTime(data.startedAt)}</time>
                </Figure>
              </dl>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>
                <Trans>Checks</Trans>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <div className="overflow-x-auto">
                <table className="w-full text-start text-sm">
                  <thead className="text-muted-foreground">
                    <tr>
                      <th scope="col" className="py-2 font-medium">
                        <Trans>Service</Trans>
                      </th>
                      <th scope="col" className="py-2 font-medium">
                        <Trans>Status</Trans>
                      </th>
                      <th scope="col" className="py-2 font-medium">
                        <Trans>Latency</Trans>
                      </th>
                      <th scope="col" className="py-2 font-medium">
                        <Trans>Error</Trans>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {(Object.keys(CHECK_NAMES) as (keyof Health['checks'])[]).map((name) => {
                      const check = data.checks[name];
                      return (
                        <tr
                          key={name}
                          className="border-t border-border"
                          data-testid={`check-${name}`}
                        >
                          <th scope="row" className="py-2 font-medium">
                            {i18n._(CHECK_NAMES[name])}
                          </th>
                          <td className="py-2">
                            <Badge variant={check.status === 'up' ? 'success' : 'danger'}>
                              {statusName(check.status)}
                            </Badge>
                          </td>
                          <td className="py-2 tabular-nums">{formatLatency(check.latencyMs)}</td>
                          <td className="py-2 text-muted-foreground">{check.error ?? '—'}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </CardContent>
          </Card>
        </>
      ) : null}
    </section>
  );
}

/** "12.3 ms", with the decimal sign and unit the page's language writes. */
function formatLatency(ms: number): string {
  return new Intl.NumberFormat(currentIntlLocale(), {
    style: 'unit',
    unit: 'millisecond',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(ms);
}
