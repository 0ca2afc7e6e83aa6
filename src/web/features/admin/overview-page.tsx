import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Overview } from '../../../contracts/admin';
import { PageBody, PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import { formatChange, formatCount } from './admin-labels';
import { overviewQuery, queryString, useAdminList, type AuditPage } from './api';
import { AuditList } from './audit-log';
import { SalesChart } from './sales-chart';

function useTrend() {
  const { t } = useLingui();
  return (current: number, previous: number): string => {
    if (previous === 0) return current === 0 ? t`no change` : t`new this period`;
    const change = formatChange(Math.round(((current - previous) / previous) * 100));
    return t`${change} vs previous period`;
  };
}

/** `id` names the figure for tests in every language (its English label). */
function Figure({
  id,
  label,
  value,
  note,
}: {
  id: string;
  label: string;
  value: string;
  note?: string;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-1 p-4">
        <span className="text-sm text-muted-foreground">{label}</span>
        <span className="text-2xl font-bold" data-testid={`figure-${id}`}>
          {value}
        </span>
        {note ? <span className="text-xs text-muted-foreground">{note}</span> : null}
      </CardContent>
    </Card>
  );
}

export function Figures({ data }: { data: Overview }) {
  const { t } = useLingui();
  const trend = useTrend();
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Figure
        id="New users"
        label={t`New users`}
        value={formatCount(data.newUsers.current)}
        note={trend(data.newUsers.current, data.newUsers.previous)}
      />
      <Figure id="Active events" label={t`Active events`} value={formatCount(data.activeEvents)} />
      <Figure
        id="Tickets sold"
        label={t`Tickets sold`}
        value={formatCount(data.ticketsSold.current)}
        note={trend(data.ticketsSold.current, data.ticketsSold.previous)}
      />
      <Figure
        id="Gross sales"
        label={t`Gross sales`}
        value={
          data.grossSales.length
            ? data.grossSales.map((g) => formatMoney(g.currentCents, g.currency)).join(' · ')
            : formatCount(0)
        }
        note={data.grossSales
          .map((g) => `${g.currency} ${trend(g.currentCents, g.previousCents)}`)
          .join('; ')}
      />
      <Figure
        id="Refunds"
        label={t`Refunds`}
        value={
          data.refunds.length
            ? data.refunds.map((r) => formatMoney(r.currentCents, r.currency)).join(' · ')
            : formatCount(0)
        }
      />
    </div>
  );
}

export function PeriodPicker({ days, onChange }: { days: number; onChange: (d: number) => void }) {
  const { t } = useLingui();
  return (
    <label className="flex items-center gap-2 text-sm">
      <Trans>Period</Trans>
      <Select className="w-40" value={days} onChange={(e) => onChange(Number(e.target.value))}>
        <option value={7}>{t`Last 7 days`}</option>
        <option value={30}>{t`Last 30 days`}</option>
        <option value={90}>{t`Last 90 days`}</option>
        <option value={365}>{t`Last 12 months`}</option>
      </Select>
    </label>
  );
}

/** The audit log's filter: the actions it can show, by their stored names. */
const AUDIT_ACTIONS: [string, MessageDescriptor][] = [
  ['user.role_grant', msg`Role granted`],
  ['user.role_revoke', msg`Role revoked`],
  ['user.suspend', msg({ message: 'Suspended', context: 'audit action' })],
  ['user.reactivate', msg({ message: 'Reactivated', context: 'audit action' })],
  ['user.view', msg`User viewed`],
  ['event.unpublish', msg`Event unpublished`],
  ['event.republish', msg`Event republished`],
  ['event.feature', msg`Event featured`],
  ['order.refund', msg({ message: 'Refund', context: 'audit action' })],
  ['order.export', msg`Order export`],
  ['setting.change', msg`Setting changed`],
  ['platform_tax.set', msg`Platform tax set`],
  ['platform_tax.remove', msg`Platform tax removed`],
  ['platform_wallet.set', msg`Platform wallet account set`],
  ['platform_wallet.replace', msg`Platform wallet account replaced`],
  ['platform_wallet.remove', msg`Platform wallet account removed`],
];

/** /admin: key figures with trends, sales over time, recent activity and the audit log. */
export function AdminOverviewPage() {
  const { t, i18n } = useLingui();
  const [days, setDays] = useState(30);
  const overview = useQuery(overviewQuery(days));
  const [auditPage, setAuditPage] = useState(1);
  const [action, setAction] = useState('');
  const audit = useAdminList<AuditPage>(
    'audit',
    queryString({ page: auditPage, pageSize: 20, action: action || undefined }),
  );
  return (
    <PageBody>
      <PageHeader
        title={t`Admin overview`}
        description={t`How the marketplace is doing, and what admins did.`}
        actions={<PeriodPicker days={days} onChange={setDays} />}
      />
      {overview.error ? (
        <Alert
          variant="destructive"
          title={errorMessage(overview.error, t`Could not load figures`)}
        />
      ) : !overview.data ? (
        <Spinner />
      ) : (
        <div className="flex flex-col gap-6">
          <Figures data={overview.data} />
          <Card>
            <CardContent className="p-4">
              <SalesChart sales={overview.data.salesByDay} title={t`Sales per day`} />
            </CardContent>
          </Card>
        </div>
      )}
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>
            <Trans>Audit log</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <label className="flex items-center gap-2 text-sm">
            <Trans>Action</Trans>
            <Select
              className="w-56"
              value={action}
              onChange={(e) => {
                setAction(e.target.value);
                setAuditPage(1);
              }}
            >
              <option value="">{t`All actions`}</option>
              {AUDIT_ACTIONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {i18n._(label)}
                </option>
              ))}
            </Select>
          </label>
          {audit.data ? <AuditList entries={audit.data.rows} /> : <Spinner />}
          {audit.data && audit.data.total > 20 ? (
            <div className="flex gap-2 text-sm">
              <button
                type="button"
                className="underline disabled:opacity-50"
                disabled={auditPage === 1}
                onClick={() => setAuditPage((p) => p - 1)}
              >
                <Trans>Newer</Trans>
              </button>
              <button
                type="button"
                className="underline disabled:opacity-50"
                disabled={auditPage * 20 >= audit.data.total}
                onClick={() => setAuditPage((p) => p + 1)}
              >
                <Trans>Older</Trans>
              </button>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </PageBody>
  );
}
