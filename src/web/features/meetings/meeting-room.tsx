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
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import type { Meeting, ParticipantAction } from '../../../contracts/meetings';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/api-client';
import { actOn, endMeeting, participantsQuery } from './api';
import { MeshRoom, type RemotePeer } from './mesh';

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

/** How this person sees themselves in the room's lists. */
function useSelfName(meeting: Meeting): string {
  const { t } = useLingui();
  const hostName = meeting.host.name;
  return meeting.isHost ? t`${hostName} (you)` : t`You`;
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

function Control({
  label,
  pressed,
  onClick,
  icon: Icon,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
  icon: typeof Mic;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={pressed}
      className={cn(
        'inline-flex h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
        pressed ? 'bg-white text-neutral-950' : 'bg-neutral-800 text-white hover:bg-neutral-700',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      <span className="max-md:sr-only">{label}</span>
    </button>
  );
}

function Tile({
  name,
  stream,
  track,
  self = false,
  muted,
  cameraOff,
  hand,
  sharing,
  speaking,
  connecting = false,
}: {
  name: string;
  stream: MediaStream;
  /** For my own tile: the track being sent (camera or screen). */
  track?: MediaStreamTrack | null;
  self?: boolean;
  muted: boolean;
  cameraOff: boolean;
  hand: boolean;
  sharing: boolean;
  speaking: boolean;
  connecting?: boolean;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (!video.current) return;
    const source = self ? new MediaStream(track ? [track] : []) : stream;
    if (video.current.srcObject !== source) video.current.srcObject = source;
    if (audio.current && !self) audio.current.srcObject = stream;
  }, [stream, track, self]);
  return (
    <li
      aria-label={name}
      data-speaking={speaking || undefined}
      className={cn(
        'relative min-h-24 overflow-hidden rounded-lg bg-neutral-800 ring-2',
        speaking ? 'ring-emerald-400' : 'ring-transparent',
      )}
    >
      <video
        ref={video}
        autoPlay
        playsInline
        muted
        className={cn(
          'size-full object-contain',
          self && !sharing && '-scale-x-100',
          cameraOff && 'invisible',
        )}
      />
      {self ? null : <audio ref={audio} autoPlay />}
      {cameraOff ? (
        <span className="absolute inset-0 flex items-center justify-center text-3xl font-bold">
          {name.slice(0, 1).toUpperCase()}
        </span>
      ) : null}
      <span className="absolute bottom-2 start-2 flex items-center gap-1.5 rounded bg-black/70 px-2 py-1 text-sm">
        {muted ? (
          <>
            <MicOff aria-hidden="true" className="size-3.5" />
            <span className="sr-only">
              <Trans>Muted</Trans>
            </span>
          </>
        ) : null}
        {name}
        {sharing ? (
          <span className="text-xs text-emerald-300">
            · <Trans>presenting</Trans>
          </span>
        ) : null}
        {connecting ? (
          <span className="text-xs text-neutral-300">
            · <Trans>connecting</Trans>
          </span>
        ) : null}
      </span>
      {hand ? (
        <span className="absolute end-2 top-2 rounded bg-amber-400 px-2 py-1 text-sm font-semibold text-neutral-950">
          <Hand aria-hidden="true" className="inline size-3.5" /> <Trans>Hand raised</Trans>
        </span>
      ) : null}
    </li>
  );
}

function PeoplePanel({
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

function ChatPanel({
  room,
  lines,
}: {
  room: MeshRoom;
  lines: ReturnType<MeshRoom['getSnapshot']>['chat'];
}) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    room.sendChat(text.trim());
    setText('');
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <h2 className="font-bold">
        <Trans>Chat</Trans>
      </h2>
      <p className="text-xs text-neutral-400">
        <Trans>Messages are not saved after the meeting.</Trans>
      </p>
      <ol aria-live="polite" className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto">
        {lines.map((line, i) => (
          <li key={i} className="text-sm">
            <span className="font-semibold">{line.self ? t`You` : line.name}: </span>
            {line.text}
          </li>
        ))}
      </ol>
      <form onSubmit={send} className="flex gap-2">
        <label htmlFor="meeting-chat" className="sr-only">
          <Trans>Message everyone</Trans>
        </label>
        <Input
          id="meeting-chat"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={1000}
          placeholder={t`Message everyone`}
          className="text-foreground"
        />
        <Button type="submit">
          <Trans>Send</Trans>
        </Button>
      </form>
    </div>
  );
}
