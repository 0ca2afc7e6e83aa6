import { Trans, useLingui } from '@lingui/react/macro';
import { Ticket } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageBody } from '../../components/page-header';
import { EmptyState } from '../../components/query-states';
import { buttonClasses } from '../../components/ui/button';
import { TicketPicker } from './ticket-picker';
import { paths } from '../../lib/paths';

/** spec §2 `ticket?event_id=`: pick tickets for one event. */
export function BuyTicketsPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const eventId = params.get('event_id');
  return (
    <PageBody narrow>
      {eventId ? (
        <TicketPicker
          key={eventId}
          eventId={eventId}
          access={params.get('access')}
          code={params.get('code')}
        />
      ) : (
        <EmptyState icon={Ticket} title={t`Which event?`}>
          <p className="text-muted-foreground">
            <Trans>Open an event and choose Get tickets.</Trans>
          </p>
          <Link to={paths.events()} className={buttonClasses({ variant: 'outline' })}>
            <Trans>Browse events</Trans>
          </Link>
        </EmptyState>
      )}
    </PageBody>
  );
}
