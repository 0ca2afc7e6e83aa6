import { useLingui } from '@lingui/react/macro';
import { PageBody, PageHeader } from '../../components/page-header';
import { SeriesPlanner } from './series-planner';

export function AdvancedEventsPage() {
  const { t } = useLingui();
  return (
    <PageBody narrow>
      <PageHeader
        title={t`Advanced events`}
        description={t`Repeat an event every week or month; each date becomes its own draft to review and publish.`}
      />
      <SeriesPlanner />
    </PageBody>
  );
}
