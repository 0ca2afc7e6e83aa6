import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { PageBody, PageHeader } from '../../components/page-header';
import { MyEventsList } from './my-events-list';
import { paths } from '../../lib/paths';

export function MyEventsPage() {
  const { t } = useLingui();
  return (
    <PageBody>
      <PageHeader
        title={t`My Events`}
        description={t`Every event you created, with its status and sales.`}
        actions={
          <>
            <Link to={paths.advancedEvents()} className={buttonClasses({ variant: 'outline' })}>
              <Trans>Recurring events</Trans>
            </Link>
            <Link to={paths.advanceAccess()} className={buttonClasses({ variant: 'outline' })}>
              <Trans>Private links</Trans>
            </Link>
            <Link to={paths.createEvent()} className={buttonClasses()}>
              <Plus aria-hidden="true" className="size-4" />
              <Trans>Create event</Trans>
            </Link>
          </>
        }
      />
      <MyEventsList />
    </PageBody>
  );
}
