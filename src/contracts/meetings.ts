import { z } from 'zod';

// Meetings (/meameet/{meetingId}): small video rooms held in the browser (decision 031).
//   POST /api/meetings                                   body MeetingInputSchema → MeetingSchema (201)
//   GET  /api/meetings                                   → { items: MeetingSchema[] } (rooms I host)
//   GET  /api/meetings/:id                               → MeetingSchema (anyone signed in with the link)
//   POST /api/meetings/:id/join                          body JoinInputSchema → MeetingSchema
//   GET  /api/meetings/:id/participants                  → { items: ParticipantSchema[] } (host)
//   POST /api/meetings/:id/participants/:userId/{admit|deny|remove|mute}  (host) → { ok }
//   POST /api/meetings/:id/end                           → { ok } (host: end for all)
//   WS   /api/meetings/:id/signal                        frames below (admitted people only)

/** A peer mesh sends every stream to every other person: past this, uplinks and CPUs give out. */
export const MEETING_MAX_PARTICIPANTS = 6;
export const MEETING_SIGNAL_PATH = /^\/api\/meetings\/([^/]+)\/signal$/;
export const meetingSignalPath = (id: string) => `/api/meetings/${id}/signal`;
/** Largest client frame: an SDP offer with a few codecs is 3-8 KB; room for screen-share SDP. */
export const MEETING_FRAME_MAX = 65_536;
export const MEETING_CHAT_MAX = 1000;

export const MEETING_PARTICIPANT_STATUSES = ['waiting', 'admitted', 'denied', 'removed'] as const;
export type MeetingParticipantStatus = (typeof MEETING_PARTICIPANT_STATUSES)[number];

/** Close codes of the signalling socket, each with a reason the page shows. */
export const MEETING_CLOSE = {
  signedOut: 4401,
  notAdmitted: 4403,
  notFound: 4404,
  origin: 4405,
  full: 4429,
  ended: 4410,
  removed: 4411,
} as const;

export const MEETING_MESSAGES = {
  notFound: 'Meeting not found',
  ended: 'This meeting has ended.',
  removed: 'The host removed you from this meeting.',
  denied: 'The host did not let you in.',
  full: `This meeting is full: a room holds up to ${MEETING_MAX_PARTICIPANTS} people.`,
  passcode: 'Wrong passcode',
  passcodeRequired: 'This meeting needs a passcode',
  hostOnly: 'Only the host can do that',
} as const;

export const MeetingInputSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, { error: 'Title is required' })
    .max(120, { error: 'Title must be at most 120 characters' }),
  lobby: z.boolean({ error: 'Lobby must be true or false' }).default(false),
  passcode: z
    .string({ error: 'Passcode must be text' })
    .trim()
    .max(64, { error: 'Passcode must be at most 64 characters' })
    .refine((v) => v === '' || v.length >= 4, { error: 'Passcode must be at least 4 characters' })
    .optional(),
  eventId: z.uuid({ error: 'Event not found' }).optional(),
});
export type MeetingInput = z.input<typeof MeetingInputSchema>;

export const JoinInputSchema = z.object({
  passcode: z.string({ error: 'Passcode must be text' }).max(64).optional(),
});

export const MeetingSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  host: z.object({ id: z.uuid(), name: z.string() }),
  lobby: z.boolean(),
  hasPasscode: z.boolean(),
  eventId: z.uuid().nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  /** The caller's standing: host, their participant status, or null before joining. */
  isHost: z.boolean(),
  status: z.enum(MEETING_PARTICIPANT_STATUSES).nullable(),
});
export type Meeting = z.infer<typeof MeetingSchema>;
export const MeetingListSchema = z.object({ items: z.array(MeetingSchema) });
export type MeetingList = z.infer<typeof MeetingListSchema>;

export const ParticipantSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  status: z.enum(MEETING_PARTICIPANT_STATUSES),
  connected: z.boolean(),
});
export type Participant = z.infer<typeof ParticipantSchema>;
export const ParticipantListSchema = z.object({ items: z.array(ParticipantSchema) });
export type ParticipantList = z.infer<typeof ParticipantListSchema>;

export const PARTICIPANT_ACTIONS = ['admit', 'deny', 'remove', 'mute'] as const;
export type ParticipantAction = (typeof PARTICIPANT_ACTIONS)[number];

export const IceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServerSchema>;

export interface PeerState {
  muted: boolean;
  cameraOff: boolean;
  handRaised: boolean;
  sharing: boolean;
}
export interface Peer extends PeerState {
  /** The socket's id: one person in two tabs is two peers. */
  peerId: string;
  userId: string;
  name: string;
  isHost: boolean;
}
/** What is relayed between two peers unread: an SDP description or an ICE candidate. */
export type SignalData =
  | { description: { type: 'offer' | 'answer'; sdp: string } }
  | { candidate: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null } };

export type MeetingServerFrame =
  | { type: 'welcome'; peerId: string; peers: Peer[]; iceServers: IceServer[]; isHost: boolean }
  | { type: 'peer-joined'; peer: Peer }
  | { type: 'peer-left'; peerId: string }
  | { type: 'peer-state'; peerId: string; state: PeerState }
  | { type: 'signal'; from: string; data: SignalData }
  | { type: 'chat'; from: string; name: string; text: string; at: string }
  /** The host muted you: the page mutes the microphone and says so. */
  | { type: 'force-mute' }
  /** Host only: someone is waiting in the lobby (or left it); refetch the participant list. */
  | { type: 'lobby' }
  | { type: 'error'; message: string };

const Candidate = z.object({
  candidate: z.string().max(2000),
  sdpMid: z.string().max(64).nullish(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
});
export const MeetingClientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('signal'),
    to: z.uuid(),
    data: z.union([
      z.object({
        description: z.object({
          type: z.enum(['offer', 'answer']),
          sdp: z.string().max(MEETING_FRAME_MAX - 1000),
        }),
      }),
      z.object({ candidate: Candidate }),
    ]),
  }),
  z.object({
    type: z.literal('state'),
    state: z.object({
      muted: z.boolean(),
      cameraOff: z.boolean(),
      handRaised: z.boolean(),
      sharing: z.boolean(),
    }),
  }),
  z.object({ type: z.literal('chat'), text: z.string().trim().min(1).max(MEETING_CHAT_MAX) }),
]);
export type MeetingClientFrame = z.infer<typeof MeetingClientFrameSchema>;
