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

/** 93784 → "1d 2h 3m 4s": uptime in the units a person reads. */
export function formatUptime(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const parts: [number, string][] = [
    [Math.floor(s / 86_400), 'd'],
    [Math.floor((s % 86_400) / 3600), 'h'],
    [Math.floor((s % 3600) / 60), 'm'],
    [s % 60, 's'],
  ];
  const firstNonZero = parts.findIndex(([value]) => value > 0);
  const shown = firstNonZero === -1 ? parts.slice(-1) : parts.slice(firstNonZero);
  return shown.map(([value, unit]) => `${value}${unit}`).join(' ');
}

const CHECK_NAMES: Record<keyof Health['checks'], string> = {
  database: 'Database',
  jobs: 'Background jobs',
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

  return (
    <section
      aria-labelledby="health-title"
      className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="health-title" className="text-3xl font-bold tracking-tight">
            System Health
          </h1>
          <p className="text-muted-foreground">
            Refreshes every {HEALTH_REFRESH_MS / 1000} seconds.
            {dataUpdatedAt ? (
              <>
                {' '}
                Last updated{' '}
                <time dateTime={new Date(dataUpdatedAt).toISOString()}>
                  {formatTime(dataUpdatedAt)}
                </time>
                .
              </>
            ) : null}
          </p>
        </div>
        <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" className={isFetching ? 'size-4 animate-spin' : 'size-4'} />
          Refresh now
        </Button>
      </div>

      {error ? (
        <p
          role="alert"
          className="rounded-md border border-destructive bg-destructive-soft px-4 py-3 text-sm text-destructive"
        >
          {isNetworkError(error)
            ? 'The server could not be reached.'
            : `The health check failed: ${error.message}`}
          {data ? ' Showing the last known figures.' : ''}
        </p>
      ) : null}

      {isPending ? <PageSpinner /> : null}

      {data ? (
        <>
          <Card>
            <CardHeader className="flex-row items-center justify-between">
              <CardTitle>Overall</CardTitle>
              <Badge variant={data.status === 'ok' ? 'success' : 'danger'}>{data.status}</Badge>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-3">
                <Figure label="Version">{data.version}</Figure>
                <Figure label="Uptime">{formatUptime(data.uptimeSeconds)}</Figure>
                <Figure label="Started">
                  <time dateTime={data.startedAt}>{formatDateTime(data.startedAt)}</time>
                </Figure>
              </dl>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Checks</CardTitle>
            </CardHeader>
            <CardContent>
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <thead className="text-muted-foreground">
                    <tr>
                      <th scope="col" className="py-2 font-medium">
                        Service
                      </th>
                      <th scope="col" className="py-2 font-medium">
                        Status
                      </th>
                      <th scope="col" className="py-2 font-medium">
                        Latency
                      </th>
                      <th scope="col" className="py-2 font-medium">
                        Error
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
                            {CHECK_NAMES[name]}
                          </th>
                          <td className="py-2">
                            <Badge variant={check.status === 'up' ? 'success' : 'danger'}>
                              {check.status}
                            </Badge>
                          </td>
                          <td className="py-2 tabular-nums">{check.latencyMs.toFixed(1)} ms</td>
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
