import { msg } from '@lingui/core/macro';
import {
  FFMPEG_HINT,
  STREAM_MESSAGES as TEXT,
  VIEWER_WINDOW_MS,
} from '../../../contracts/streaming';
import { isUuid } from '../../../contracts/ids';
import { SOURCE_LOCALE, type Locale } from '../../../contracts/locales';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { defineCache } from '../../platform/cache/shared-cache';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import type { FileStore } from '../../platform/storage/storage';
import { getEntitlements } from '../entitlements/entitlements.service';
import { joinEventChat } from '../messaging/messaging.service';
import { actAsTeamMember } from '../teams/teams.service';
import type { ModuleContext } from '../module';
import {
  createStreamNotifications,
  type NotificationText,
  type StreamNotificationType,
} from '../notifications/notifications.service';
import { ffmpegAvailable } from './ingest';
import type { LiveStreams } from './live';
import { presentStream } from './streaming.presenter';
import { canManageStream, streamOwnerScope, watchDecision } from './streaming.policy';
import * as q from './streaming.queries';

// What every streaming service shares: its deps, loading and locking a stream, who may watch,
// the stream as a person sees it, the notices, and the stream row kept for the viewers' playlist
// and segment requests.

export interface StreamingDeps {
  db: Database;
  clock: Clock;
  config: Pick<
    Config,
    | 'SESSION_SECRET'
    | 'PUBLIC_URL'
    | 'FFMPEG_PATH'
    | 'RTMP_PORT'
    | 'RTMP_PUBLIC_URL'
    | 'DATA_DIR'
    | 'STREAM_ROW_CACHE_MS'
  >;
  files: FileStore;
  ticketing: Pick<ModuleContext['ticketing'], 'orders'>;
  realtime: { poke(tellOthers?: boolean, sources?: readonly string[]): void };
  live: LiveStreams;
  logError: (error: unknown, context: string) => void;
}

export type Actor = AuthUser | null;
export const notFound = () => new AppError('NOT_FOUND', TEXT.notFound);

// The broadcast socket passes a stream id read from its URL, not checked by a route schema.
export async function loadStream(deps: Pick<StreamingDeps, 'db'>, id: string) {
  if (!isUuid(id)) throw notFound();
  const row = await q.findStream(deps.db, { id });
  if (!row) throw notFound();
  return row;
}

/**
 * The stream the actor owns (or any, for an admin), locked; 404 / 403 otherwise. Ids come from
 * the routes' `idParams` or from a row, so they are well-formed here.
 */
/**
 * The stream, locked, for its owner or an admin; with `action`, also for a member of the owner's
 * team whose role sets events up (decision 065), the action going into the owner's log.
 */
export async function lockOwned(tx: DbExecutor, actor: AuthUser, id: string, action?: string) {
  const row = await q.lockOwnedStream(tx, { id, actor: streamOwnerScope(actor) });
  if (row) return row;
  const found = await q.findStream(tx, { id });
  if (!found) throw notFound();
  const member =
    action !== undefined &&
    (await actAsTeamMember(tx, {
      actor,
      ownerId: found.ownerId,
      eventId: found.eventId,
      permission: 'event.edit',
      action,
    }));
  const locked = member
    ? await q.lockOwnedStream(tx, { id, actor: { id: found.ownerId, admin: false } })
    : null;
  if (locked) return locked;
  throw new AppError('FORBIDDEN', TEXT.notOwner);
}

/**
 * A member of the owner's team who sets up this event's streams sees the owner's part as the
 * owner does (decision 073). A member the team refuses for want of two-factor sign-in sees the
 * stream as anyone: a viewer's page is no team route.
 */
async function managesForTeam(db: DbExecutor, actor: Actor, row: q.StreamWithEvent) {
  if (!actor) return false;
  return actAsTeamMember(db, {
    actor,
    ownerId: row.ownerId,
    eventId: row.eventId,
    permission: 'event.edit',
  }).catch((error: unknown) => {
    const reason = (error as AppError | null)?.details as { reason?: string } | undefined;
    if (error instanceof AppError && reason?.reason === 'TWO_FACTOR_REQUIRED') return false;
    throw error;
  });
}

/** Whether the actor manages the stream and may watch it (with the reason if not). */
export async function watchFacts(
  deps: Pick<StreamingDeps, 'db'>,
  actor: Actor,
  row: q.StreamWithEvent,
) {
  const owner = canManageStream(actor, row) || (await managesForTeam(deps.db, actor, row));
  const needTicket = !owner && actor && ['ticket_holders', 'stream_ticket'].includes(row.access);
  const needGrant = !owner && actor && row.access === 'code';
  const [hasTicket, hasGrant] = await Promise.all([
    needTicket ? q.holdsTicket(deps.db, { eventId: row.eventId, userId: actor.id }) : false,
    needGrant ? q.hasGrant(deps.db, { streamId: row.id, userId: actor.id }) : false,
  ]);
  return {
    owner,
    ...watchDecision({
      access: row.access,
      status: row.status,
      signedIn: Boolean(actor),
      manages: owner,
      hasTicket,
      hasGrant,
    }),
  };
}

export async function isActivated(
  db: DbExecutor,
  row: Pick<q.StreamRow, 'activatedAt' | 'ownerId'>,
) {
  if (row.activatedAt) return true;
  // A live paid subscription includes streaming for every event (decision 030).
  return (await getEntitlements(db, row.ownerId)).planId !== null;
}

function rtmpUrl(config: StreamingDeps['config']) {
  if (!config.RTMP_PORT) return null;
  if (config.RTMP_PUBLIC_URL) return config.RTMP_PUBLIC_URL;
  return `rtmp://${new URL(config.PUBLIC_URL).hostname}:${config.RTMP_PORT}/live`;
}

/** The stream as this actor sees it (the owner's part only for the organizer and admins). */
export async function viewStream(deps: StreamingDeps, actor: Actor, row: q.StreamWithEvent) {
  const decision = await watchFacts(deps, actor, row);
  const counts = await q.viewerCounts(deps.db, {
    streamIds: [row.id],
    since: new Date(deps.clock.now().getTime() - VIEWER_WINDOW_MS),
  });
  const chatId =
    actor && decision.canWatch && row.chatEnabled
      ? await joinEventChat(deps.db, { eventId: row.eventId, userId: actor.id })
      : null;
  let owner;
  if (decision.owner) {
    const available = await ffmpegAvailable(deps.config.FFMPEG_PATH);
    const entitlements = await getEntitlements(deps.db, row.ownerId);
    owner = {
      activated: row.activatedAt !== null || entitlements.planId !== null,
      canRecord: entitlements.hasRecording,
      rtmpUrl: rtmpUrl(deps.config),
      ffmpegAvailable: available,
      ...(available ? {} : { ffmpegHint: FFMPEG_HINT }),
    };
  }
  return presentStream(row, {
    canWatch: decision.canWatch,
    deniedReason: decision.reason,
    chatId,
    isOwner: decision.owner,
    viewerCount: counts.get(row.id) ?? 0,
    owner,
  });
}

/** When a stream starts, in UTC, as a reader of this language writes it (English as before). */
function startIn(locale: Locale, at: Date): string {
  if (locale === SOURCE_LOCALE) return at.toUTCString();
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at);
}

/** The stream's notices (invitation, started, ended) to these people. */
export async function notifyAudience(
  db: DbExecutor,
  row: q.StreamWithEvent | (q.StreamRow & { eventTitle: string }),
  type: StreamNotificationType,
  userIds: string[],
  now: Date,
) {
  const title = row.title;
  const event = row.eventTitle;
  const copies: Record<
    StreamNotificationType,
    { title: NotificationText; message: NotificationText }
  > = {
    stream_invitation: {
      title: msg`You're invited to watch ${title}`,
      message: (locale) => {
        const start = startIn(locale, row.scheduledStart);
        return msg`${event} streams live on ${start}.`;
      },
    },
    stream_started: {
      title: msg`${title} is live`,
      message: msg`${event} is streaming now. Join the live stream.`,
    },
    stream_ended: {
      title: msg`${title} has ended`,
      message: row.recordingEnabled
        ? msg`The live stream of ${event} has ended. The replay will be on the stream page.`
        : msg`The live stream of ${event} has ended.`,
    },
  };
  const copy = copies[type];
  return createStreamNotifications(db, {
    userIds,
    type,
    eventId: row.eventId,
    eventTitle: row.eventTitle,
    streamId: row.id,
    title: copy.title,
    message: copy.message,
    createdAt: now,
  });
}

// Every viewer asks for the playlist about once a second, so the row is kept for
// STREAM_ROW_CACHE_MS (decision 030); a change anywhere forgets it in every process (NOTIFY).
const streamRows = defineCache<q.StreamWithEvent, StreamingDeps>({
  name: 'streaming.rows',
  ttlMs: (deps) => deps.config.STREAM_ROW_CACHE_MS,
  maxEntries: 1000,
});

/** The stream for a playlist or segment request, from the cache when fresh. */
export function cachedStream(deps: StreamingDeps, id: string) {
  return streamRows.in(deps).get(id, async () => {
    const row = await q.findStream(deps.db, { id });
    if (!row) throw notFound();
    return row;
  });
}

/** After a change to the stream committed: every process reads its row again. */
export function forgetStream(deps: Pick<StreamingDeps, 'db'>, id: string) {
  return streamRows.invalidate(deps, id);
}
