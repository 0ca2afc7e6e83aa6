import { PageBody, PageHeader } from '../../components/page-header';
import { SeriesPlanner } from './series-planner';

export function AdvancedEventsPage() {
  return (
    <PageBody narrow>
      <PageHeader
        title="Advanced events"
        description="Repeat an event every week or month; each date becomes its own draft to review and publish."
      />
      <SeriesPlanner />
    </PageBody>
  );
}
