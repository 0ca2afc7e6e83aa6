import { PageBody, PageHeader } from '../../components/page-header';
import { MyUpcomingPast } from '../../features/events/my-upcoming-past';

/** /attending, /mea-attending, /mea-events, /mea-mystuff. */
export function MyStuffPage({ title }: { title: string }) {
  return (
    <PageBody>
      <PageHeader title={title} description="Events you created or whose organizers you follow." />
      <MyUpcomingPast />
    </PageBody>
  );
}
