import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { PageBody } from '../../components/page-header';
import { CheckInDesk } from './check-in-desk';
import { EventManageFrame } from './event-manage-frame';

// The team roles the server lets check tickets in (modules/teams/teams.policy.ts).
const CHECK_IN_ROLES = ['manager', 'box_office', 'check_in'] as const;

/** event/{eventId}/check-in (owner, admin, or a team member at the door): the door. */
export function CheckInPage() {
  const { t } = useLingui();
  const { eventId = '' } = useParams();
  return (
    <PageBody>
      <EventManageFrame eventId={eventId} title={t`Check-in`} teamRoles={CHECK_IN_ROLES}>
        {() => <CheckInDesk eventId={eventId} />}
      </EventManageFrame>
    </PageBody>
  );
}
