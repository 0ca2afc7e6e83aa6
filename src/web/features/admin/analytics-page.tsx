import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageBody, PageHeader } from '../../components/page-header';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { overviewQuery } from './api';
import { Breakdowns } from './breakdowns';
import { Figures, PeriodPicker } from './overview-page';
import { SalesChart } from './sales-chart';

/** /admin/analytics: the figures and sales chart over a chosen period (computed in SQL). */
export function AdminAnalyticsPage() {
  const { t } = useLingui();
  const [days, setDays] = useState(90);
  const overview = useQuery(overviewQuery(days));
  return (
    <PageBody>
      <PageHeader
        title={t`Analytics`}
        description={t`Sales and sign-ups over a period, against the period before it.`}
        actions={<PeriodPicker days={days} onChange={setDays} />}
      />
      {!overview.data ? (
        <Spinner />
      ) : (
        <div className="flex flex-col gap-6">
          <Figures data={overview.data} />
          <Card>
            <CardContent className="p-4">
              <SalesChart
                sales={overview.data.salesByDay}
                title={t`${plural(days, {
                  one: 'Sales per day, last day',
                  other: 'Sales per day, last # days',
                })}`}
              />
            </CardContent>
          </Card>
          <Breakdowns days={days} />
        </div>
      )}
    </PageBody>
  );
}
