import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataCheck, DataCheckReport } from '../../../contracts/data-checks';
import { PageBody, PageHeader } from '../../components/page-header';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { apiGet } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { adminKeys } from './api';

// Always a fresh check: an operator opens this after a crash or a restore to see the state now.
const dataChecksQuery = queryOptions({
  queryKey: adminKeys.dataChecks,
  queryFn: ({ signal }) => apiGet<DataCheckReport>('/api/admin/data-checks', { signal }),
  staleTime: 0,
});

function Expected({ expected, actual }: { expected: string; actual: string }) {
  return (
    <Trans>
      Expected {expected}, stored {actual}
    </Trans>
  );
}

function CheckRow({ check }: { check: DataCheck }) {
  const { t } = useLingui();
  const holds = check.violations === 0;
  const name = check.name;
  const violations = check.violations;
  const rows = t`${plural(violations, { one: '# row disagrees', other: '# rows disagree' })}`;
  const more = check.violations - check.examples.length;
  return (
    <li className="flex flex-col gap-2 border-b border-border py-4 last:border-b-0">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <span>{check.description}</span>
          <code className="text-xs break-all text-muted-foreground">{check.name}</code>
        </div>
        <Badge className="shrink-0" variant={holds ? 'success' : 'danger'}>
          {holds ? t`Holds` : rows}
        </Badge>
      </div>
      {holds ? null : (
        <ul aria-label={t`Examples for ${name}`} className="flex flex-col gap-2 text-sm">
          {check.examples.map((example) => (
            <li key={example.id} className="rounded-md border border-border px-3 py-2">
              <code className="break-all">{example.id}</code>
              <div className="text-muted-foreground">
                <Expected expected={example.expected} actual={example.actual} />
              </div>
            </li>
          ))}
          {more > 0 ? (
            <li className="text-muted-foreground">
              {t`${plural(more, { one: 'and # more', other: 'and # more' })}`}
            </li>
          ) : null}
        </ul>
      )}
    </li>
  );
}

/** /admin/data-checks: the stored counters against the rows they count (`npm run doctor`). */
export function AdminDataChecksPage() {
  const { t } = useLingui();
  const report = useQuery(dataChecksQuery);
  const data = report.data;
  const total = data?.checks.length ?? 0;
  const failed = data?.failed ?? 0;
  const checkedAt = data ? formatDateTime(data.checkedAt) : '';
  return (
    <PageBody narrow>
      <PageHeader
        title={t`Data checks`}
        description={t`Every number kept beside the rows it counts (tickets sold, stock, earnings, ad spend, clicks, seats), checked against those rows. Nothing is changed; npm run doctor runs the same checks.`}
        actions={
          <Button
            variant="outline"
            onClick={() => void report.refetch()}
            disabled={report.isFetching}
          >
            {report.isFetching ? t`Checking…` : t`Check again`}
          </Button>
        }
      />
      {report.isError && !data ? (
        <LoadFailed
          title={t`The checks could not run`}
          error={report.error}
          onRetry={() => void report.refetch()}
        />
      ) : !data ? (
        <Spinner />
      ) : (
        <div className="flex flex-col gap-4">
          <Alert
            variant={data.failed === 0 ? 'success' : 'destructive'}
            title={
              data.failed === 0
                ? t`${plural(total, { one: 'The # check holds.', other: 'All # checks hold.' })}`
                : t`${failed} of ${plural(total, { one: '# check does not hold.', other: '# checks do not hold.' })}`
            }
          >
            <p>
              <Trans>Checked {checkedAt}.</Trans>
            </p>
          </Alert>
          <ul aria-label={t`Checks`} className="rounded-lg border border-border px-4">
            {data.checks.map((check) => (
              <CheckRow key={check.name} check={check} />
            ))}
          </ul>
        </div>
      )}
    </PageBody>
  );
}
