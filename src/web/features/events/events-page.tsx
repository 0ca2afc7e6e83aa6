import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { PageBody, PageHeader } from '../../components/page-header';
import { EventBrowser } from './event-browser';
import { paths } from '../../lib/paths';

export function EventsPage() {
  const { t } = useLingui();
  return (
    <PageBody>
      <PageHeader
        title={t`Events`}
        description={t`Upcoming events, newest first.`}
        actions={
          <Link to={paths.createEvent()} className={buttonClasses({ variant: 'outline' })}>
            <Plus aria-hidden="true" className="size-4" />
            <Trans>Create event</Trans>
          </Link>
        }
      />
      <EventBrowser />
    </PageBody>
  );
}
