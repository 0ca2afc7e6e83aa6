import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { PageBody } from '../../components/page-header';
import { CheckInDesk } from './check-in-desk';
import { EventManageFrame } from './event-manage-frame';

/** event/{eventId}/check-in (owner or admin): the door. */
export function CheckInPage() {
  const { t } = useLingui();
  const { eventId = '' } = useParams();
  return (
    <PageBody>
      <EventManageFrame eventId={eventId} title={t`Check-in`}>
        {() => <CheckInDesk eventId={eventId} />}
      </EventManageFrame>
    </PageBody>
  );
}
