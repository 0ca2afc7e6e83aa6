import { z } from 'zod';
import { isoDateTime } from './bounds';

// Live event streaming: set-up, access, signed HLS playback, browser and RTMP
// ingest, replays. docs/decisions/030-streaming.md.
//
// Routes (JSON under /api; errors are the usual { error: { code, message, details? } };
// validation errors name the field, e.g. `body.title`):
//   POST   /api/events/:eventId/streams            event organizer (or admin); StreamInputSchema
//                                                  → 201 StreamSchema; one stream per event
//                                                  (409 STREAM_MESSAGES.exists)
//   GET    /api/events/:eventId/stream             anyone who may see the event → StreamSchema
//                                                  or 404
//   GET    /api/streams?scope=mine|watchable       signed in → StreamListSchema
//   GET    /api/streams/:id                        anyone → StreamSchema (ingest only for the
//                                                  owner)
//   PATCH  /api/streams/:id                        owner; StreamUpdateSchema → StreamSchema
//   POST   /api/streams/:id/key                    owner → StreamSchema (new stream key)
//   POST   /api/streams/:id/invite                 owner → InviteResultSchema (stream_invitation
//                                                  to each ticket holder, once per holder)
//   POST   /api/streams/:id/end                    owner → StreamSchema
//   DELETE /api/streams/:id/recording              owner → StreamSchema (hasReplay false)
//   POST   /api/streams/:id/redeem                 signed in; RedeemInputSchema → StreamSchema
//   POST   /api/streams/:id/watch                  anyone allowed → WatchGrantSchema, else 403
//                                                  { code: FORBIDDEN, details.reason }
//   GET    /api/streams/:id/hls/:file?token=…      the signed playlist / segments (403 when the
//                                                  token is expired, tampered or for another
//                                                  stream)
//   POST   /api/events/:eventId/streaming/checkout owner → { url } (the streaming add-on)
//   WS     /api/streams/:id/broadcast              owner's session; binary = MediaRecorder
//                                                  chunks; text frames BroadcastServerFrame /
//                                                  BroadcastClientFrame
//   RTMP   rtmp://HOST:RTMP_PORT/live/<streamKey>  OBS / any encoder

export const STREAM_ACCESS = ['ticket_holders', 'stream_ticket', 'code', 'public'] as const;
export type StreamAccess = (typeof STREAM_ACCESS)[number];
export const STREAM_STATUS = ['scheduled', 'live', 'ended'] as const;
export type StreamStatus = (typeof STREAM_STATUS)[number];

/** Price of the per-event streaming add-on when the organizer's plan does not include it. */
export const STREAMING_ADDON_CENTS = 1900;
export const STREAMING_ADDON_CURRENCY = 'USD';
/** A watch token lives this long; the player asks for a new one before it runs out. */
export const WATCH_TOKEN_TTL_MS = 10 * 60_000;
/** A viewer counts while a playlist or segment was fetched this recently. */
export const VIEWER_WINDOW_MS = 30_000;

export const STREAM_MESSAGES = {
  notFound: 'Stream not found',
  exists: 'This event already has a stream',
  notOwner: 'Only the organizer of this event can manage its stream',
  codeRequired: 'Set an access code for code access',
  ticketTypeRequired: 'Choose the stream ticket type',
  ticketTypeNotFound: 'That ticket type is not one of this event',
  wrongCode: 'That access code is not right',
  signIn: 'Sign in to watch this stream',
  noAccess: 'You do not have access to this stream',
  tokenInvalid: 'This playback link is not valid for you; open the stream page again',
  notActivated: 'Activate streaming for this event first',
  ffmpegMissing: 'ffmpeg is not installed on the server',
  alreadyEnded: 'This stream has ended',
  noRecording: 'This stream has no recording',
  alreadyActive: 'Streaming is already active for this event',
} as const;

/** Why `watch` refused, in `details.reason` of the 403/401 (the /stream-access page uses it). */
export const WATCH_DENIED = ['sign_in', 'ticket', 'stream_ticket', 'code', 'ended'] as const;

const Title = z
  .string({ error: 'Give the stream a title' })
  .trim()
  .min(2, { error: 'Give the stream a title' })
  .max(140, { error: 'The title must be at most 140 characters' });
const AccessCode = z
  .string({ error: 'The access code must be text' })
  .trim()
  .min(4, { error: 'The access code needs at least 4 characters' })
  .max(64, { error: 'The access code must be at most 64 characters' });

export const StreamInputSchema = z
  .object({
    title: Title,
    scheduledStart: isoDateTime({ error: 'Choose the start time' }),
    access: z.enum(STREAM_ACCESS, { error: 'Choose who may watch' }),
    accessCode: AccessCode.nullish(),
    /** For 'stream_ticket': the event's ticket type sold as the online ticket. */
    streamTicketTypeId: z.uuid({ error: 'Choose the stream ticket type' }).nullish(),
    chatEnabled: z.boolean({ error: 'Chat must be on or off' }).default(true),
    recordingEnabled: z.boolean({ error: 'Recording must be on or off' }).default(false),
  })
  .refine((v) => v.access !== 'code' || !!v.accessCode, {
    path: ['accessCode'],
    error: STREAM_MESSAGES.codeRequired,
  })
  .refine((v) => v.access !== 'stream_ticket' || !!v.streamTicketTypeId, {
    path: ['streamTicketTypeId'],
    error: STREAM_MESSAGES.ticketTypeRequired,
  });
export type StreamInput = z.input<typeof StreamInputSchema>;

export const StreamUpdateSchema = z
  .object({
    title: Title,
    scheduledStart: isoDateTime({ error: 'Choose the start time' }),
    access: z.enum(STREAM_ACCESS, { error: 'Choose who may watch' }),
    accessCode: AccessCode.nullable(),
    streamTicketTypeId: z.uuid({ error: 'Choose the stream ticket type' }).nullable(),
    chatEnabled: z.boolean({ error: 'Chat must be on or off' }),
    recordingEnabled: z.boolean({ error: 'Recording must be on or off' }),
  })
  .partial();
export type StreamUpdate = z.input<typeof StreamUpdateSchema>;

export const StreamIngestSchema = z.object({
  /** rtmp://host:port/live — OBS "Server". */
  rtmpUrl: z.string().nullable(),
  /** OBS "Stream key"; the full URL is `${rtmpUrl}/${streamKey}`. */
  streamKey: z.string(),
  /** Browser go-live socket path (relative to the site). */
  broadcastPath: z.string(),
  ffmpegAvailable: z.boolean(),
  ffmpegHint: z.string().optional(),
});

export const StreamSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  eventTitle: z.string(),
  /** The event's IANA time zone: stream times are shown in it. */
  eventTimezone: z.string(),
  title: z.string(),
  scheduledStart: z.string(),
  status: z.enum(STREAM_STATUS),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  access: z.enum(STREAM_ACCESS),
  streamTicketTypeId: z.string().nullable(),
  chatEnabled: z.boolean(),
  recordingEnabled: z.boolean(),
  hasReplay: z.boolean(),
  viewerCount: z.number().int(),
  peakViewers: z.number().int(),
  /** Whether the caller may watch (owner and admins always). */
  canWatch: z.boolean(),
  /** Why not, when canWatch is false (one of WATCH_DENIED). */
  deniedReason: z.enum(WATCH_DENIED).nullable(),
  /** Messaging chat of the live chat, when chat is on and the caller can watch. */
  chatId: z.string().nullable(),
  isOwner: z.boolean(),
  /** Owner only: streaming add-on paid or included in the plan. */
  activated: z.boolean().optional(),
  /** Owner only: the organizer's plan has has_recording (recording can be turned on). */
  canRecord: z.boolean().optional(),
  /** Owner only. */
  accessCode: z.string().nullable().optional(),
  /** Owner only. */
  ingest: StreamIngestSchema.optional(),
});
export type Stream = z.infer<typeof StreamSchema>;

export const StreamListQuerySchema = z.object({
  scope: z.enum(['mine', 'watchable'], { error: 'scope is mine or watchable' }).default('mine'),
});

export const StreamListItemSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  eventTitle: z.string(),
  eventTimezone: z.string(),
  title: z.string(),
  scheduledStart: z.string(),
  status: z.enum(STREAM_STATUS),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  viewerCount: z.number().int(),
  peakViewers: z.number().int(),
  /** Seconds live (so far, when live); null before the start. */
  durationSeconds: z.number().int().nullable(),
  hasReplay: z.boolean(),
});
export const StreamListSchema = z.object({ items: z.array(StreamListItemSchema) });
export type StreamList = z.infer<typeof StreamListSchema>;
export type StreamListItem = z.infer<typeof StreamListItemSchema>;

export const RedeemInputSchema = z.object({
  code: z
    .string({ error: 'Enter the access code' })
    .trim()
    .min(1, { error: 'Enter the access code' })
    .max(64, { error: 'The access code must be at most 64 characters' }),
});

export const InviteResultSchema = z.object({ invited: z.number().int() });

export const WatchGrantSchema = z.object({
  /** `/api/streams/:id/hls/index.m3u8?token=…` (live) or the replay's playlist. */
  playlistUrl: z.string(),
  expiresAt: z.string(),
  status: z.enum(STREAM_STATUS),
  replay: z.boolean(),
});
export type WatchGrant = z.infer<typeof WatchGrantSchema>;

export const StreamingCheckoutSchema = z.object({ url: z.string() });

/** Server → broadcaster text frames on the broadcast socket. */
export type BroadcastServerFrame =
  { type: 'ready' } | { type: 'live' } | { type: 'ended' } | { type: 'error'; message: string };
/** Broadcaster → server text frames (binary frames are media chunks). */
export type BroadcastClientFrame = { type: 'stop' };

/** The organizer's browser go-live socket (its own upgrade listener on the HTTP server). */
export const STREAM_BROADCAST_PATH = /^\/api\/streams\/[0-9a-f-]{36}\/broadcast$/;

/** Shown when the server has no ffmpeg. */
export const FFMPEG_HINT = 'Install ffmpeg: sudo apt install ffmpeg';
/** What going live answers without ffmpeg: one sentence, so it reads whole in every language. */
export const FFMPEG_MISSING_MESSAGE = `${STREAM_MESSAGES.ffmpegMissing}. ${FFMPEG_HINT}`;
