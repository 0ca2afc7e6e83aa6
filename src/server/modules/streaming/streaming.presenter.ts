import type { Stream, StreamListItem } from '../../../contracts/streaming';
import type { DeniedReason } from './streaming.policy';
import type { StreamWithEvent } from './streaming.queries';

export interface ViewerView {
  canWatch: boolean;
  deniedReason: DeniedReason | null;
  chatId: string | null;
  isOwner: boolean;
  viewerCount: number;
  owner?: {
    activated: boolean;
    canRecord: boolean;
    rtmpUrl: string | null;
    ffmpegAvailable: boolean;
    ffmpegHint?: string;
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentStream(row: StreamWithEvent, view: ViewerView): Stream {
  return {
    id: row.id,
    eventId: row.eventId,
    eventTitle: row.eventTitle,
    eventTimezone: row.eventTimezone,
    title: row.title,
    scheduledStart: row.scheduledStart.toISOString(),
    status: row.status,
    startedAt: iso(row.startedAt),
    endedAt: iso(row.endedAt),
    access: row.access,
    streamTicketTypeId: row.streamTicketTypeId,
    chatEnabled: row.chatEnabled,
    recordingEnabled: row.recordingEnabled,
    hasReplay: row.recordingKey !== null,
    viewerCount: view.viewerCount,
    peakViewers: row.peakViewers,
    canWatch: view.canWatch,
    deniedReason: view.deniedReason,
    chatId: view.chatId,
    isOwner: view.isOwner,
    ...(view.owner
      ? {
          activated: view.owner.activated,
          canRecord: view.owner.canRecord,
          accessCode: row.accessCode,
          ingest: {
            rtmpUrl: view.owner.rtmpUrl,
            streamKey: row.streamKey,
            broadcastPath: `/api/streams/${row.id}/broadcast`,
            ffmpegAvailable: view.owner.ffmpegAvailable,
            ...(view.owner.ffmpegHint ? { ffmpegHint: view.owner.ffmpegHint } : {}),
          },
        }
      : {}),
  };
}

export function presentListItem(
  row: StreamWithEvent,
  viewerCount: number,
  now: Date,
): StreamListItem {
  const end = row.endedAt ?? (row.status === 'live' ? now : null);
  return {
    id: row.id,
    eventId: row.eventId,
    eventTitle: row.eventTitle,
    eventTimezone: row.eventTimezone,
    title: row.title,
    scheduledStart: row.scheduledStart.toISOString(),
    status: row.status,
    startedAt: iso(row.startedAt),
    endedAt: iso(row.endedAt),
    viewerCount,
    peakViewers: row.peakViewers,
    durationSeconds:
      row.startedAt && end
        ? Math.max(0, Math.round((end.getTime() - row.startedAt.getTime()) / 1000))
        : null,
    hasReplay: row.recordingKey !== null,
  };
}
