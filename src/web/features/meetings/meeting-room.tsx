import { i18n as sharedI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Hand,
  MessageSquare,
  Mic,
  MicOff,
  MonitorUp,
  PhoneOff,
  Users,
  Video,
  VideoOff,
} from 'lucide-react';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { Meeting, ParticipantAction } from '../../../contracts/meetings';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/api-client';
import { actOn, endMeeting, participantsQuery } from './api';
import { MeshRoom, type RemotePeer } from './mesh';
import { PeoplePanel, useSelfName } from './people-panel';
import { ChatPanel } from './room-chat-panel';
import { Control, Tile } from './room-tile';

type Panel = 'people' | 'chat' | null;

/** The room: everyone's video, my controls, the participant list (host controls) and chat. */
export function MeetingRoom({
  meeting,
  stream,
  initial,
  onLeave,
}: {
  meeting: Meeting;
  stream: MediaStream;
  initial: { muted: boolean; cameraOff: boolean };
  onLeave: (reason: string | null) => void;
}) {
  const room = useMemo(() => new MeshRoom(meeting.id, stream, initial), [meeting.id, stream]);
  const snap = useSyncExternalStore(room.subscribe, room.getSnapshot);
  const { t } = useLingui();
  const selfName = useSelfName(meeting);
  const [panel, setPanel] = useState<Panel>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [shareError, setShareError] = useState<string | null>(null);
  const [, setPreviewTick] = useState(0);
  const queryClient = useQueryClient();
  const people = useQuery({ ...participantsQuery(meeting.id), enabled: meeting.isHost });

  useEffect(() => {
    // Set once for the room's life: the notice takes the language active when it appears.
    room.onForceMute = () =>
      setNotice(sharedI18n._(msg`The host muted you. Unmute when you want to speak.`));
    room.onLobby = () => void queryClient.invalidateQueries(participantsQuery(meeting.id));
    room.connect();
    return () => room.leave();
  }, [room, queryClient, meeting.id]);

  useEffect(() => {
    if (snap.status === 'closed' && snap.closedReason) onLeave(snap.closedReason);
  }, [snap.status, snap.closedReason, onLeave]);

  // The host hears of knocks live; who is connected changes as peers come and go.
  useEffect(() => {
    if (meeting.isHost) void queryClient.invalidateQueries(participantsQuery(meeting.id));
  }, [snap.peers.length, meeting.isHost, meeting.id, queryClient]);

  const waitingCount = people.data?.items.filter((p) => p.status === 'waiting').length ?? 0;
  const speaker = loudest(snap.peers, snap.localLevel, snap.selfId);

  const toggleShare = async () => {
    setShareError(null);
    try {
      if (snap.state.sharing) await room.stopScreenShare();
      else await room.startScreenShare();
      setPreviewTick((n) => n + 1);
    } catch {
      setShareError(t`Screen sharing was cancelled or is not available in this browser.`);
    }
  };

  const host = async (userId: string, action: ParticipantAction) => {
    try {
      await actOn(meeting.id, userId, action);
      await queryClient.invalidateQueries(participantsQuery(meeting.id));
    } catch (error) {
      setNotice(errorMessage(error, t`That did not work.`));
    }
  };

  const tiles = snap.peers.length + 1;
  return (
    <div className="flex h-screen flex-col bg-neutral-950 text-white">
      <header className="flex items-center justify-between gap-2 px-4 py-2">
        <h1 className="truncate text-lg font-bold">{meeting.title}</h1>
        <p role="status" className="shrink-0 text-sm text-neutral-300">
          {snap.status === 'reconnecting'
            ? t`Connection lost, reconnecting…`
            : snap.status === 'connecting'
              ? t`Connecting…`
              : t`${tiles} in the meeting`}
        </p>
      </header>
      {notice ? (
        <div className="px-4">
          <Alert variant="info" className="text-foreground">
            <p>{notice}</p>
            <button className="font-semibold underline" onClick={() => setNotice(null)}>
              <Trans>Dismiss</Trans>
            </button>
          </Alert>
        </div>
      ) : null}
      {meeting.isHost && waitingCount > 0 && panel !== 'people' ? (
        <div className="px-4 pt-2">
          <Alert variant="info" className="text-foreground">
            <p>
              <Plural
                value={waitingCount}
                one="Someone is waiting in the lobby."
                other="# people are waiting in the lobby."
              />
            </p>
            <button className="font-semibold underline" onClick={() => setPanel('people')}>
              <Trans>Show</Trans>
            </button>
          </Alert>
        </div>
      ) : null}
      <div className="flex min-h-0 flex-1 gap-2 p-2">
        <ul
          aria-label={t`Participants' video`}
          className={cn(
            'grid min-h-0 flex-1 auto-rows-fr gap-2',
            tiles === 1
              ? 'grid-cols-1'
              : tiles <= 4
                ? 'grid-cols-1 sm:grid-cols-2'
                : 'grid-cols-2 lg:grid-cols-3',
          )}
        >
          <Tile
            name={selfName}
            stream={stream}
            track={room.previewTrack}
            self
            muted={snap.state.muted}
            cameraOff={snap.state.cameraOff && !snap.state.sharing}
            hand={snap.state.handRaised}
            sharing={snap.state.sharing}
            speaking={speaker === snap.selfId}
          />
          {snap.peers.map((peer) => (
            <Tile
              key={peer.peerId}
              name={peer.name}
              stream={peer.stream}
              muted={peer.muted}
              cameraOff={peer.cameraOff && !peer.sharing}
              hand={peer.handRaised}
              sharing={peer.sharing}
              speaking={speaker === peer.peerId}
              connecting={peer.connection !== 'connected'}
            />
          ))}
        </ul>
        {panel ? (
          <aside
            aria-label={panel === 'people' ? t`People` : t`Chat`}
            className="flex w-full max-w-xs shrink-0 flex-col rounded-lg bg-neutral-900 p-3 max-sm:absolute max-sm:inset-x-2 max-sm:bottom-20 max-sm:top-14 max-sm:z-10 max-sm:max-w-none"
          >
            {panel === 'people' ? (
              <PeoplePanel
                meeting={meeting}
                snap={snap}
                people={people.data?.items ?? []}
                onHost={(userId, action) => void host(userId, action)}
              />
            ) : (
              <ChatPanel room={room} lines={snap.chat} />
            )}
          </aside>
        ) : null}
      </div>
      {shareError ? (
        <p role="alert" className="px-4 text-sm text-red-300">
          {shareError}
        </p>
      ) : null}
      <nav
        aria-label={t`Meeting controls`}
        className="flex flex-wrap items-center justify-center gap-2 p-3"
      >
        <Control
          label={snap.state.muted ? t`Unmute` : t`Mute`}
          pressed={snap.state.muted}
          onClick={() => room.setMuted(!snap.state.muted)}
          icon={snap.state.muted ? MicOff : Mic}
        />
        <Control
          label={snap.state.cameraOff ? t`Turn camera on` : t`Turn camera off`}
          pressed={snap.state.cameraOff}
          onClick={() => room.setCameraOff(!snap.state.cameraOff)}
          icon={snap.state.cameraOff ? VideoOff : Video}
        />
        <Control
          label={snap.state.sharing ? t`Stop sharing` : t`Share screen`}
          pressed={snap.state.sharing}
          onClick={() => void toggleShare()}
          icon={MonitorUp}
        />
        <Control
          label={snap.state.handRaised ? t`Lower hand` : t`Raise hand`}
          pressed={snap.state.handRaised}
          onClick={() => room.setHandRaised(!snap.state.handRaised)}
          icon={Hand}
        />
        <Control
          label={meeting.isHost && waitingCount ? t`People (${waitingCount} waiting)` : t`People`}
          pressed={panel === 'people'}
          onClick={() => setPanel(panel === 'people' ? null : 'people')}
          icon={Users}
        />
        <Control
          label={t`Chat`}
          pressed={panel === 'chat'}
          onClick={() => setPanel(panel === 'chat' ? null : 'chat')}
          icon={MessageSquare}
        />
        <Button variant="destructive" onClick={() => onLeave(null)}>
          <PhoneOff aria-hidden="true" className="size-4" /> <Trans>Leave</Trans>
        </Button>
        {meeting.isHost ? (
          <Button
            variant="destructive"
            onClick={() => {
              if (window.confirm(t`End the meeting for everyone?`))
                void endMeeting(meeting.id).then(() =>
                  onLeave(t`You ended the meeting for everyone.`),
                );
            }}
          >
            <Trans>End for all</Trans>
          </Button>
        ) : null}
      </nav>
    </div>
  );
}

/** The active speaker: the loudest above a threshold. */
function loudest(peers: RemotePeer[], localLevel: number, selfId: string | null) {
  let best: string | null = localLevel > 0.05 ? selfId : null;
  let level = localLevel;
  for (const peer of peers)
    if (!peer.muted && peer.level > 0.05 && peer.level > level) {
      best = peer.peerId;
      level = peer.level;
    }
  return best;
}
