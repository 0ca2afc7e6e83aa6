import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { PageBody, PageHeader } from '../../components/page-header';
import type { DirectoryType } from './api';
import { DirectoryList } from './directory-list';

const TEXT: Record<DirectoryType, { title: MessageDescriptor; description: MessageDescriptor }> = {
  organizer: {
    title: msg`Organizers`,
    description: msg`The people behind the events. Follow them to hear about the next one.`,
  },
  venue: {
    title: msg`Venues`,
    description: msg`Clubs, event spaces, ballrooms, rooftops and more.`,
  },
  provider: {
    title: msg`Providers`,
    description: msg`Vendors and venues offering services for your event.`,
  },
};

/** /organizers, /venues and /providers. */
export function DirectoryPage({ type }: { type: DirectoryType }) {
  const { i18n } = useLingui();
  return (
    <PageBody>
      <PageHeader title={i18n._(TEXT[type].title)} description={i18n._(TEXT[type].description)} />
      <DirectoryList key={type} type={type} />
    </PageBody>
  );
}
