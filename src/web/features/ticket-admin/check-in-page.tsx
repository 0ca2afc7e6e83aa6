import { Trans, useLingui } from '@lingui/react/macro';
import { Smartphone } from 'lucide-react';
import { CHECK_IN_APP_PATH, CheckInListsPanel, DoorConflictsPanel } from '../door';
import { useParams } from 'react-router';
import { PageBody } from '../../components/page-header';
import { BadgesPanel } from '../badges';
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
        {() => (
          <div className="flex flex-col gap-6">
            {/* A full page load: the app's worker and camera permission belong to its own path. */}
            <a
              href={CHECK_IN_APP_PATH}
              className="inline-flex items-center gap-2 self-start text-sm font-medium underline"
            >
              <Smartphone aria-hidden="true" className="size-4" />
              <Trans>Open the check-in app</Trans>
            </a>
            <p className="-mt-4 text-sm text-muted-foreground">
              <Trans>
                Installable on a phone, and keeps checking tickets in when the network fails.
              </Trans>
            </p>
            <CheckInDesk eventId={eventId} />
            <CheckInListsPanel eventId={eventId} />
            <DoorConflictsPanel eventId={eventId} />
            <BadgesPanel eventId={eventId} />
          </div>
        )}
      </EventManageFrame>
    </PageBody>
  );
}
