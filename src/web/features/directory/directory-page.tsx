import { PageBody, PageHeader } from '../../components/page-header';
import type { DirectoryType } from './api';
import { DirectoryList } from './directory-list';

const TEXT: Record<DirectoryType, { title: string; description: string }> = {
  organizer: {
    title: 'Organizers',
    description: 'The people behind the events. Follow them to hear about the next one.',
  },
  venue: { title: 'Venues', description: 'Clubs, event spaces, ballrooms, rooftops and more.' },
  provider: {
    title: 'Providers',
    description: 'Vendors and venues offering services for your event.',
  },
};

/** /organizers, /venues and /providers. */
export function DirectoryPage({ type }: { type: DirectoryType }) {
  return (
    <PageBody>
      <PageHeader title={TEXT[type].title} description={TEXT[type].description} />
      <DirectoryList key={type} type={type} />
    </PageBody>
  );
}
