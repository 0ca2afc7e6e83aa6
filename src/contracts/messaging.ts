import { z } from 'zod';

// Direct messages, event group chats and booking chats (spec §2 messages,
// event-group-chat, §3 chats, chat_participants, event_participants, §7, §8, §9).

export const MESSAGE_MAX_LENGTH = 4000;
export const MESSAGES_PAGE_SIZE = 50;
export const MESSAGES_PAGE_MAX = 100;
export const CHATS_PAGE_SIZE = 30;
/** Per person, across all chats: a burst of this many sends, refilled over the window. */
export const MESSAGE_RATE_LIMIT = { max: 30, windowMs: 10_000 } as const;
/** Attachments: images only, resized to at most this many pixels on the long side. */
export const MESSAGE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const MESSAGE_IMAGE_MAX_PX = 1600;
/** A participant who marked the chat read this recently is "looking at it": no notification. */
export const CHAT_LOOKING_WINDOW_MS = 30_000;
/** While a chat is open and visible, the browser marks it read at least this often. */
export const CHAT_PRESENCE_INTERVAL_MS = 20_000;
/** A typing signal is sent at most this often and shown for this long. */
export const TYPING_SIGNAL_EVERY_MS = 3000;
export const TYPING_SHOWN_MS = 5000;

export const EVENT_PARTICIPANT_ROLES = ['vendor', 'attendee', 'organizer'] as const;
export type EventParticipantRole = (typeof EVENT_PARTICIPANT_ROLES)[number];

/** spec §8 texts, and ours where the spec shows none. */
export const MESSAGING_MESSAGES = {
  chatCreationTitle: 'Chat creation failed',
  chatCreationBody: 'Unable to create chat. Please try again.',
  markReadFailed: 'Update Failed',
  chatNotFound: 'Conversation not found',
  blocked: 'You cannot message this person.',
  selfChat: 'You cannot start a conversation with yourself.',
  emptyMessage: 'Write a message or attach an image',
  tooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH} characters`,
  rateLimited: 'You are sending messages too quickly. Please wait a moment.',
  imageTooLarge: 'Images can be at most 8 MB',
  imageInvalid: 'Attach a JPEG, PNG, WebP or GIF image',
  notOrganizer: 'Only the organizer can do this',
  cannotDelete: 'You can only remove your own messages',
} as const;

export const SendMessageSchema = z
  .object({
    body: z.string().max(MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES.tooLong).default(''),
    /** From POST /api/chats/:id/attachments. */
    imageKey: z
      .string()
      .regex(/^chat\/[0-9a-f]{32}-[0-9]{1,5}x[0-9]{1,5}\.webp$/)
      .optional(),
    /** The browser's id for this message, so a retried send has one effect. */
    clientId: z.string().min(1).max(64).optional(),
  })
  .refine((value) => value.body.trim().length > 0 || value.imageKey, {
    path: ['body'],
    message: MESSAGING_MESSAGES.emptyMessage,
  });
export type SendMessageInput = z.input<typeof SendMessageSchema>;

/** `/messages?chat=`: a chat id, or the id of a person to open (or create) the direct chat with. */
export const OpenChatSchema = z.object({
  ref: z.string().uuid(),
});

export const MessagePageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_SIZE),
  /** Cursor from the previous page's `nextCursor` (older messages). */
  before: z.string().max(200).optional(),
});

export const ChatListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(CHATS_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});

export const PinMessageSchema = z.object({ messageId: z.string().uuid().nullable() });

export const MessageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  senderId: z.string().nullable(),
  senderName: z.string(),
  senderAvatarUrl: z.string().nullable(),
  /**
   * The team member who wrote it for the sender's account (an organizer's vendor manager
   * answering a booking chat, decision 073); null when the sender wrote it. The server always
   * sends it; a message this browser is still sending has none.
   */
  writtenBy: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  /** Empty when removed. */
  body: z.string(),
  image: z.object({ url: z.string(), width: z.number(), height: z.number() }).nullable(),
  clientId: z.string().nullable(),
  createdAt: z.string(),
  deleted: z.boolean(),
  /**
   * Removed by a moderator from the reports queue, not by its sender or the chat's organizer.
   * The server always sends it; a message this browser is still sending has none.
   */
  removedByModerator: z.boolean().optional(),
  seq: z.number(),
});
export type Message = z.infer<typeof MessageSchema>;
/** What everyone sees in place of a message a moderator removed (and in the chat list). */
export const REMOVED_BY_MODERATOR = 'Removed by a moderator';

export const ChatPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  userType: z.string(),
});
export type ChatPerson = z.infer<typeof ChatPersonSchema>;

export const ChatSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(['direct', 'group', 'booking']),
  /** The other person's name in a direct chat, the event's title in a group chat. */
  title: z.string(),
  avatarUrl: z.string().nullable(),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  lastSenderId: z.string().nullable(),
  unreadCount: z.number(),
  /** Direct and booking chats: the other person. */
  other: ChatPersonSchema.nullable(),
  eventId: z.string().nullable(),
  bookingId: z.string().nullable(),
});
export type ChatSummary = z.infer<typeof ChatSummarySchema>;

export const ChatDetailSchema = ChatSummarySchema.extend({
  participants: z.array(
    ChatPersonSchema.extend({ lastReadAt: z.string().nullable(), isOrganizer: z.boolean() }),
  ),
  participantCount: z.number(),
  pinned: MessageSchema.nullable(),
  /** May this person pin and remove others' messages (the event's organizer, admins). */
  canModerate: z.boolean(),
  /** The person has blocked the other one (direct chats). */
  blocked: z.boolean(),
  event: z.object({ id: z.string(), title: z.string(), date: z.string() }).nullable(),
  booking: z
    .object({ id: z.string(), title: z.string(), status: z.string(), eventTitle: z.string() })
    .nullable(),
});
export type ChatDetail = z.infer<typeof ChatDetailSchema>;

export const ChatListSchema = z.object({
  items: z.array(ChatSummarySchema),
  nextCursor: z.string().nullable(),
});

export const MessagePageSchema = z.object({
  /** Newest first. */
  items: z.array(MessageSchema),
  nextCursor: z.string().nullable(),
});

/** Why someone may or may not enter an event's group chat, and what to do about it. */
export const EVENT_CHAT_ACCESS = [
  'organizer',
  'ticket_holder',
  'vendor',
  'admin',
  'needs_ticket',
  'vendor_fee_due',
  'signed_out',
] as const;
export type EventChatAccess = (typeof EVENT_CHAT_ACCESS)[number];

export const EventChatStatusSchema = z.object({
  eventId: z.string(),
  eventTitle: z.string(),
  access: z.enum(EVENT_CHAT_ACCESS),
  /** Present when the person may enter (entering joins them). */
  chatId: z.string().nullable(),
  /** What to show someone who may not enter. */
  reason: z.string().nullable(),
});
export type EventChatStatus = z.infer<typeof EventChatStatusSchema>;

export const EVENT_CHAT_REASONS = {
  needs_ticket: 'The group chat is for ticket holders. Get a ticket to join the conversation.',
  vendor_fee_due: 'Pay your vendor fee to join the group chat for this event.',
  signed_out: 'Sign in to join the group chat for this event.',
} as const;

export const BlockedUserSchema = ChatPersonSchema.extend({ blockedAt: z.string() });

/** Frames on the realtime socket that are not stored: who is typing, who read up to when. */
export type ChatSignal =
  | { kind: 'typing'; chatId: string; userId: string; name: string }
  | { kind: 'read'; chatId: string; userId: string; readAt: string }
  /** Pinned message or membership changed: refetch the chat's details. */
  | { kind: 'chat_updated'; chatId: string };
