import { Trans, useLingui } from '@lingui/react/macro';
import type { Meeting, ParticipantAction } from '../../../contracts/meetings';
import { Button } from '../../components/ui/button';
import type { MeshRoom } from './mesh';

/** How this person sees themselves in the room's lists. */
export function useSelfName(meeting: Meeting): string {
  const { t } = useLingui();
  const hostName = meeting.host.name;
  return meeting.isHost ? t`${hostName} (you)` : t`You`;
}

/** Who is in the room, and for the host the lobby, mute and remove, and who was turned away. */
export function PeoplePanel({
  meeting,
  snap,
  people,
  onHost,
}: {
  meeting: Meeting;
  snap: ReturnType<MeshRoom['getSnapshot']>;
  people: { userId: string; name: string; status: string }[];
  onHost: (userId: string, action: ParticipantAction) => void;
}) {
  const { t } = useLingui();
  const selfName = useSelfName(meeting);
  const peopleCount = snap.peers.length + 1;
  const waiting = people.filter((p) => p.status === 'waiting');
  const outside = people.filter((p) => p.status === 'removed' || p.status === 'denied');
  return (
    <div className="flex min-h-0 flex-col gap-4 overflow-y-auto">
      {meeting.isHost && waiting.length ? (
        <section aria-labelledby="lobby-heading">
          <h2 id="lobby-heading" className="mb-2 font-bold">
            <Trans>Waiting in the lobby</Trans>
          </h2>
          <ul className="flex flex-col gap-2">
            {waiting.map(({ userId, name }) => (
              <li key={userId} className="flex items-center justify-between gap-2">
                <span className="truncate">{name}</span>
                <span className="flex gap-1">
                  <Button size="sm" onClick={() => onHost(userId, 'admit')}>
                    <Trans>
                      Admit <span className="sr-only">{name}</span>
                    </Trans>
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onHost(userId, 'deny')}
                    className="text-foreground"
                  >
                    <Trans>
                      Deny <span className="sr-only">{name}</span>
                    </Trans>
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="people-heading">
        <h2 id="people-heading" className="mb-2 font-bold">
          <Trans>In the meeting ({peopleCount})</Trans>
        </h2>
        <ul className="flex flex-col gap-2">
          <li>{selfName}</li>
          {snap.peers.map(({ peerId, userId, name, isHost, handRaised, muted }) => (
            <li key={peerId} className="flex flex-wrap items-center justify-between gap-2">
              <span className="truncate">
                {isHost ? t`${name} (host)` : name}
                {handRaised ? ' ✋' : ''}
                {muted ? (
                  <span className="text-neutral-400">
                    {' · '}
                    <Trans>muted</Trans>
                  </span>
                ) : null}
              </span>
              {meeting.isHost ? (
                <span className="flex gap-1">
                  <Button
                    size="sm"
                    variant="outline"
                    className="text-foreground"
                    disabled={muted}
                    onClick={() => onHost(userId, 'mute')}
                  >
                    <Trans>
                      Mute <span className="sr-only">{name}</span>
                    </Trans>
                  </Button>
                  <Button size="sm" variant="destructive" onClick={() => onHost(userId, 'remove')}>
                    <Trans>
                      Remove <span className="sr-only">{name}</span>
                    </Trans>
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {meeting.isHost && outside.length ? (
        <section aria-labelledby="outside-heading">
          <h2 id="outside-heading" className="mb-2 font-bold">
            <Trans>Removed or denied</Trans>
          </h2>
          <ul className="flex flex-col gap-2">
            {outside.map(({ userId, name }) => (
              <li key={userId} className="flex items-center justify-between gap-2">
                <span className="truncate">{name}</span>
                <Button
                  size="sm"
                  variant="outline"
                  className="text-foreground"
                  onClick={() => onHost(userId, 'admit')}
                >
                  <Trans>
                    Let back in <span className="sr-only">{name}</span>
                  </Trans>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
