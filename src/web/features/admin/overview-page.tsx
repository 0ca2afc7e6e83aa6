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
import { overviewQuery, queryString, useAdminList, type AuditPage } from './api';
import { AuditList } from './audit-log';
import { SalesChart } from './sales-chart';

function trend(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? 'no change' : 'new this period';
  const change = Math.round(((current - previous) / previous) * 100);
  return `${change >= 0 ? '+' : ''}${change}% vs previous period`;
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-1 p-4">
        <span className="text-sm text-muted-foreground">{label}</span>
        <span className="text-2xl font-bold" data-testid={`figure-${label}`}>
          {value}
        </span>
        {note ? <span className="text-xs text-muted-foreground">{note}</span> : null}
      </CardContent>
    </Card>
  );
}

export function Figures({ data }: { data: Overview }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Figure
        label="New users"
        value={String(data.newUsers.current)}
        note={trend(data.newUsers.current, data.newUsers.previous)}
      />
      <Figure label="Active events" value={String(data.activeEvents)} />
      <Figure
        label="Tickets sold"
        value={String(data.ticketsSold.current)}
        note={trend(data.ticketsSold.current, data.ticketsSold.previous)}
      />
      <Figure
        label="Gross sales"
        value={
          data.grossSales.length
            ? data.grossSales.map((g) => formatMoney(g.currentCents, g.currency)).join(' · ')
            : '0'
        }
        note={data.grossSales
          .map((g) => `${g.currency} ${trend(g.currentCents, g.previousCents)}`)
          .join('; ')}
      />
      <Figure
        label="Refunds"
        value={
          data.refunds.length
            ? data.refunds.map((r) => formatMoney(r.currentCents, r.currency)).join(' · ')
            : '0'
        }
      />
    </div>
  );
}

export function PeriodPicker({ days, onChange }: { days: number; onChange: (d: number) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      Period
      <Select className="w-40" value={days} onChange={(e) => onChange(Number(e.target.value))}>
        <option value={7}>Last 7 days</option>
        <option value={30}>Last 30 days</option>
        <option value={90}>Last 90 days</option>
        <option value={365}>Last 12 months</option>
      </Select>
    </label>
  );
}

/** /admin: key figures with trends, sales over time, recent activity and the audit log. */
export function AdminOverviewPage() {
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
        title="Admin overview"
        description="How the marketplace is doing, and what admins did."
        actions={<PeriodPicker days={days} onChange={setDays} />}
      />
      {overview.error ? (
        <Alert
          variant="destructive"
          title={errorMessage(overview.error, 'Could not load figures')}
        />
      ) : !overview.data ? (
        <Spinner />
      ) : (
        <div className="flex flex-col gap-6">
          <Figures data={overview.data} />
          <Card>
            <CardContent className="p-4">
              <SalesChart sales={overview.data.salesByDay} title="Sales per day" />
            </CardContent>
          </Card>
        </div>
      )}
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Audit log</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <label className="flex items-center gap-2 text-sm">
            Action
            <Select
              className="w-56"
              value={action}
              onChange={(e) => {
                setAction(e.target.value);
                setAuditPage(1);
              }}
            >
              <option value="">All actions</option>
              <option value="user.role_grant">Role granted</option>
              <option value="user.role_revoke">Role revoked</option>
              <option value="user.suspend">Suspended</option>
              <option value="user.reactivate">Reactivated</option>
              <option value="user.view">User viewed</option>
              <option value="event.unpublish">Event unpublished</option>
              <option value="event.republish">Event republished</option>
              <option value="event.feature">Event featured</option>
              <option value="order.refund">Refund</option>
              <option value="order.export">Order export</option>
              <option value="setting.change">Setting changed</option>
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
                Newer
              </button>
              <button
                type="button"
                className="underline disabled:opacity-50"
                disabled={auditPage * 20 >= audit.data.total}
                onClick={() => setAuditPage((p) => p + 1)}
              >
                Older
              </button>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </PageBody>
  );
}
