import { msg } from '@lingui/core/macro';
import type { z } from 'zod';
import {
  EVENT_CHAT_REASONS,
  MESSAGE_IMAGE_MAX_PX,
  MESSAGE_RATE_LIMIT,
  MESSAGING_MESSAGES as TEXT,
  REMOVED_BY_MODERATOR,
  type ChatDetail,
  type ChatListQuerySchema,
  type EventChatStatus,
  type MessagePageQuerySchema,
  type SendMessageSchema,
} from '../../../contracts/messaging';
import type { ServerFrame } from '../../../contracts/realtime';
import { truncateText } from '../../../contracts/text';
import type { Database, DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { fitWebp } from '../../platform/storage/images';
import { MEDIA_PREFIX, type FileStore } from '../../platform/storage/storage';
import { isAdmin } from '../../platform/auth/guards';
import { canModerate, eventChatAccess, mayEnter } from './messaging.policy';
import { HistoryCache } from './history-cache';
import { NOTIFICATIONS_SOURCE } from '../notifications/notifications.service';
import { KnownParticipants } from './known-participants';
import { MESSAGES_SOURCE } from './message-source';
import * as chatQ from './chats.queries';
import * as q from './messaging.queries';
import {
  presentBlockedPerson,
  presentChat,
  presentMessage,
  presentParticipant,
} from './messaging.presenter';
import { SendLimiter } from './send-limiter';
import { sendBatcherFor } from './send-batcher';
import { isUuid } from '../../../contracts/ids';

// Chats other modules open inside their own transactions (a paid vendor fee, a booking).
export { joinEventChat, openBookingChat } from './chats.queries';

/** Typing dots and read receipts go to chats this size or smaller (noise in a crowd). */
const SIGNAL_MAX_PARTICIPANTS = 100;
const PREVIEW_LENGTH = 140;

export interface BookingContext {
  id: string;
  title: string;
  status: string;
  eventTitle: string;
}

export interface MessagingDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
  realtime: {
    /** Rows were written: deliver them now, here and elsewhere (only `sources` have news). */
    poke(tellOthers?: boolean, sources?: readonly string[]): void;
    /** An unstored frame for these people (typing, read receipts). */
    publish(userIds: readonly string[], frame: ServerFrame): void;
  };
  /** Booking chats show what is booked (the vendor module knows bookings). */
  bookingContext?: (db: DbExecutor, bookingId: string) => Promise<BookingContext | null>;
  sendLimiter: SendLimiter;
  historyCache: HistoryCache;
  participants: KnownParticipants;
}

/** How old a cached page's sender names and photos may be (docs/decisions/010). */
const HISTORY_CACHE_MS = 5_000;
export const createHistoryCache = () => new HistoryCache(HISTORY_CACHE_MS);

/** How long a process trusts that someone is in a chat without asking (known-participants.ts). */
const KNOWN_PARTICIPANT_MS = 60_000;
export const createKnownParticipants = () => {
  const known = new KnownParticipants(KNOWN_PARTICIPANT_MS);
  knownInThisProcess.add(new WeakRef(known));
  return known;
};
/** Every app's memory of participants in this process, so a removal forgets at once here. */
const knownInThisProcess = new Set<WeakRef<KnownParticipants>>();

/** Is this person in this chat? From this process's memory when it has seen them there. */
async function isParticipant(
  deps: Pick<MessagingDeps, 'db' | 'clock' | 'participants'>,
  params: { chatId: string; userId: string },
): Promise<boolean> {
  const now = deps.clock.now().getTime();
  if (deps.participants.has(params.chatId, params.userId, now)) return true;
  const found = await q.isParticipant(deps.db, params);
  if (found) deps.participants.add(params.chatId, params.userId, now);
  return found;
}

export const createSendLimiter = (multiplier = 1) =>
  new SendLimiter(MESSAGE_RATE_LIMIT.max * multiplier, MESSAGE_RATE_LIMIT.windowMs);

const SENT_SOURCES = [MESSAGES_SOURCE, NOTIFICATIONS_SOURCE];

const notFound = () => new AppError('NOT_FOUND', TEXT.chatNotFound);
const checkId = (id: string) => {
  if (!isUuid(id)) throw notFound();
};

export async function listChats(
  deps: Pick<MessagingDeps, 'db'>,
  user: AuthUser,
  query: z.output<typeof ChatListQuerySchema>,
  /** The organizer whose team the person switched to: its booking chats they answer are listed. */
  teamOf: string | null = null,
) {
  const afterId = query.cursor && isUuid(query.cursor) ? query.cursor : null;
  const rows = await chatQ.listChats(deps.db, {
    userId: user.id,
    limit: query.limit + 1,
    afterId,
    teamOf,
  });
  const items = rows.slice(0, query.limit).map(presentChat);
  return {
    items,
    nextCursor: rows.length > query.limit ? (items[items.length - 1]?.id ?? null) : null,
  };
}

export async function chatDetail(
  deps: Pick<MessagingDeps, 'db' | 'bookingContext'>,
  user: AuthUser,
  chatId: string,
): Promise<ChatDetail> {
  checkId(chatId);
  const row = await chatQ.findChat(deps.db, { chatId, userId: user.id });
  if (!row) throw notFound();
  const [people, pinned, blocked, booking] = await Promise.all([
    chatQ.listParticipants(deps.db, { chatId, ownerId: row.eventOwnerId }),
    row.pinnedMessageId
      ? q.findMessageById(deps.db, { chatId, messageId: row.pinnedMessageId })
      : null,
    row.otherId ? chatQ.hasBlocked(deps.db, { blockerId: user.id, blockedId: row.otherId }) : false,
    row.bookingId && deps.bookingContext ? deps.bookingContext(deps.db, row.bookingId) : null,
  ]);
  return {
    ...presentChat(row),
    participants: people.rows.map((person) => presentParticipant(person, row.eventOwnerId)),
    participantCount: people.count,
    pinned: pinned && !pinned.deletedAt ? presentMessage(pinned) : null,
    canModerate: canModerate(row, user),
    blocked,
    event:
      row.eventId && row.eventTitle
        ? { id: row.eventId, title: row.eventTitle, date: row.eventDate ?? '' }
        : null,
    booking,
  };
}

/**
 * `/messages?chat=`: a chat the person is in, or another person (their one direct chat with
 * them, created on first use: spec §7 find_chat_between_users).
 */
export async function openChat(
  deps: Pick<MessagingDeps, 'db' | 'bookingContext'>,
  user: AuthUser,
  ref: string,
): Promise<ChatDetail> {
  checkId(ref);
  if (await q.isParticipant(deps.db, { chatId: ref, userId: user.id })) {
    return chatDetail(deps, user, ref);
  }
  if (ref === user.id) throw new AppError('BAD_REQUEST', TEXT.selfChat);
  const other = await chatQ.findPerson(deps.db, { userId: ref });
  if (!other) throw notFound();
  // Someone who blocked you cannot be messaged; you can still open a chat with someone you
  // blocked (to read it, or to unblock them).
  if (await chatQ.hasBlocked(deps.db, { blockerId: ref, blockedId: user.id }))
    throw new AppError('FORBIDDEN', TEXT.blocked);
  const chat = await deps.db.transaction((tx) =>
    chatQ.findOrCreateDirectChat(tx, { userId: user.id, otherId: ref }),
  );
  return chatDetail(deps, user, chat.id);
}

export async function history(
  deps: Pick<MessagingDeps, 'db' | 'clock' | 'historyCache' | 'participants'>,
  user: AuthUser,
  chatId: string,
  query: z.output<typeof MessagePageQuerySchema>,
): Promise<string> {
  checkId(chatId);
  const beforeId = query.before && isUuid(query.before) ? query.before : null;
  const params = { chatId, userId: user.id, limit: query.limit, beforeId };
  if (beforeId) return pageOrNotFound(await q.findMessagePage(deps.db, params));
  // The newest page: from the cache when this process has it, still only for a participant.
  const cache = deps.historyCache;
  const now = deps.clock.now().getTime();
  const cached = cache.get(chatId, query.limit, now);
  if (cached !== undefined) {
    if (!(await isParticipant(deps, params))) throw notFound();
    return cached;
  }
  const ticket = cache.begin(chatId);
  let page: q.MessagePageJson | undefined;
  try {
    page = await q.findMessagePage(deps.db, params);
    if (page.member) deps.participants.add(chatId, user.id, now);
    return pageOrNotFound(page);
  } finally {
    cache.end(
      chatId,
      ticket,
      page?.member ? { limit: query.limit, json: page.json, now } : undefined,
    );
  }
}

const pageOrNotFound = (page: q.MessagePageJson) => {
  if (!page.member) throw notFound();
  return page.json;
};

/** The conversation list's line for a message: whole graphemes only. */
export const previewOf = (body: string, hasImage: boolean) => {
  const text = body.trim().replace(/\s+/g, ' ');
  if (!text) return hasImage ? 'Sent a photo' : '';
  return truncateText(text, PREVIEW_LENGTH, '…');
};

/** `chat/<random>-<w>x<h>.webp`: the size travels in the name the upload returned. */
const imageOf = (key: string | undefined) => {
  const size = key?.match(/-(\d+)x(\d+)\.webp$/);
  return key && size ? { key, width: Number(size[1]), height: Number(size[2]) } : null;
};

export async function sendMessage(
  deps: MessagingDeps,
  user: AuthUser,
  chatId: string,
  input: z.output<typeof SendMessageSchema>,
  /** A team member writing for `user`'s account (decision 073). */
  options: { writtenBy?: string | null } = {},
) {
  checkId(chatId);
  const now = deps.clock.now().getTime();
  if (!deps.sendLimiter.take(user.id, now)) {
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil(deps.sendLimiter.retryAfterMs(user.id, now) / 1000),
    );
    throw new AppError('RATE_LIMITED', TEXT.rateLimited, { retryAfterSeconds });
  }
  const clientId = input.clientId ?? null;
  const image = imageOf(input.imageKey);
  const sent = await sendBatcherFor(deps.db).submit({
    chatId,
    senderId: user.id,
    writtenBy: options.writtenBy ?? null,
    body: input.body.trim(),
    clientId,
    image,
    preview: previewOf(input.body, Boolean(image)),
    // This process's bucket above is the cheap first gate; the count shared by every process
    // is taken in the send statement itself (docs/decisions/013).
    quota: { ...deps.sendLimiter.limit, at: now },
  });
  if (sent && 'retryAfterMs' in sent) {
    const retryAfterSeconds = Math.max(1, Math.ceil(sent.retryAfterMs / 1000));
    throw new AppError('RATE_LIMITED', TEXT.rateLimited, { retryAfterSeconds });
  }
  if (sent) {
    deps.historyCache.forget(chatId);
    // The batch wrote messages and notifications only: the hub need not read the other tables.
    deps.realtime.poke(true, SENT_SOURCES);
    return { message: presentMessage(sent), created: true };
  }
  if (clientId) {
    const earlier = await q.findMessageByClientId(deps.db, { chatId, senderId: user.id, clientId });
    if (earlier) return { message: presentMessage(earlier), created: false };
  }
  if (!(await q.isParticipant(deps.db, { chatId, userId: user.id }))) throw notFound();
  throw new AppError('FORBIDDEN', TEXT.blocked);
}

export async function uploadImage(
  deps: Pick<MessagingDeps, 'db' | 'files' | 'clock' | 'participants'>,
  user: AuthUser,
  chatId: string,
  data: Buffer,
) {
  checkId(chatId);
  if (!(await isParticipant(deps, { chatId, userId: user.id }))) throw notFound();
  const fitted = await fitWebp(data, MESSAGE_IMAGE_MAX_PX);
  if (!fitted) {
    throw new AppError('VALIDATION_FAILED', TEXT.imageInvalid, {
      fields: [{ field: 'image', message: TEXT.imageInvalid }],
    });
  }
  const base = await deps.files.putVariants('chat', 'webp', {
    [`${fitted.width}x${fitted.height}`]: fitted.data,
  });
  const url = `${base}-${fitted.width}x${fitted.height}.webp`;
  return {
    imageKey: url.slice(MEDIA_PREFIX.length),
    url,
    width: fitted.width,
    height: fitted.height,
  };
}

/** Signals go to the others in a chat small enough for them to matter. */
async function signalOthers(
  deps: Pick<MessagingDeps, 'db' | 'realtime'>,
  user: AuthUser,
  chatId: string,
  frame: ServerFrame,
) {
  const ids = await q.listParticipantIds(deps.db, { chatId });
  if (ids.length > SIGNAL_MAX_PARTICIPANTS) return;
  deps.realtime.publish(
    ids.filter((id) => id !== user.id),
    frame,
  );
}

export async function markRead(
  deps: Pick<MessagingDeps, 'db' | 'realtime'>,
  user: AuthUser,
  chatId: string,
) {
  checkId(chatId);
  const marked = await chatQ.markChatRead(deps.db, { chatId, userId: user.id });
  if (!marked) throw notFound();
  if (marked.notifications) deps.realtime.poke(true, [NOTIFICATIONS_SOURCE]);
  const readAt = new Date(marked.readAt).toISOString();
  await signalOthers(deps, user, chatId, {
    type: 'chat_signal',
    signal: { kind: 'read', chatId, userId: user.id, readAt },
  });
  return { readAt };
}

export async function typing(
  deps: Pick<MessagingDeps, 'db' | 'realtime' | 'clock' | 'participants'>,
  user: AuthUser,
  chatId: string,
) {
  checkId(chatId);
  if (!(await isParticipant(deps, { chatId, userId: user.id }))) throw notFound();
  await signalOthers(deps, user, chatId, {
    type: 'chat_signal',
    signal: { kind: 'typing', chatId, userId: user.id, name: user.fullName },
  });
}

export async function deleteMessage(
  deps: Pick<MessagingDeps, 'db' | 'realtime' | 'historyCache'>,
  user: AuthUser,
  params: { chatId: string; messageId: string },
) {
  checkId(params.chatId);
  checkId(params.messageId);
  const chat = await chatQ.findChat(deps.db, { chatId: params.chatId, userId: user.id });
  if (!chat) throw notFound();
  const removed = await q.removeMessage(deps.db, {
    ...params,
    userId: user.id,
    moderator: canModerate(chat, user),
  });
  if (!removed) {
    const exists = await q.findMessageById(deps.db, params);
    if (!exists) throw new AppError('NOT_FOUND', msg`Message not found`);
    throw new AppError('FORBIDDEN', TEXT.cannotDelete);
  }
  deps.historyCache.forget(params.chatId);
  if (chat.pinnedMessageId === params.messageId) {
    await chatQ.setPinned(deps.db, { chatId: params.chatId, messageId: null });
    await signalOthers(deps, user, params.chatId, {
      type: 'chat_signal',
      signal: { kind: 'chat_updated', chatId: params.chatId },
    });
  }
  deps.realtime.poke();
  return presentMessage(removed);
}

/**
 * A moderator takes a reported message down (the admin console's reports queue), inside the
 * console's transaction: gone for everyone, shown as "Removed by a moderator". The caller pokes
 * the realtime hub after commit with MESSAGES_SOURCE: every process then sends the change and
 * forgets the chat's cached history. Null when the message does not exist.
 */
export const removeMessageByModerator = (tx: DbExecutor, params: { messageId: string }) =>
  q.removeMessageByModerator(tx, { messageId: params.messageId, notice: REMOVED_BY_MODERATOR });

export { MESSAGES_SOURCE };

export async function pinMessage(
  deps: Pick<MessagingDeps, 'db' | 'realtime' | 'bookingContext'>,
  user: AuthUser,
  params: { chatId: string; messageId: string | null },
) {
  checkId(params.chatId);
  const chat = await chatQ.findChat(deps.db, { chatId: params.chatId, userId: user.id });
  if (!chat) throw notFound();
  if (!canModerate(chat, user)) throw new AppError('FORBIDDEN', TEXT.notOrganizer);
  if (!(await chatQ.setPinned(deps.db, params)))
    throw new AppError('NOT_FOUND', msg`Message not found`);
  await signalOthers(deps, user, params.chatId, {
    type: 'chat_signal',
    signal: { kind: 'chat_updated', chatId: params.chatId },
  });
  return chatDetail(deps, user, params.chatId);
}

export async function eventChatStatus(
  deps: Pick<MessagingDeps, 'db'>,
  user: AuthUser | null,
  eventId: string,
): Promise<EventChatStatus> {
  if (!isUuid(eventId)) throw new AppError('NOT_FOUND', msg`Event not found`);
  const facts = await chatQ.findEventChatFacts(deps.db, { eventId, userId: user?.id ?? null });
  if (!facts || !(facts.visible || (user && isAdmin(user)))) {
    throw new AppError('NOT_FOUND', msg`Event not found`);
  }
  const access = eventChatAccess(facts, user);
  const allowed = mayEnter(access);
  return {
    eventId,
    eventTitle: facts.title,
    access,
    chatId: allowed ? facts.chatId : null,
    reason: allowed ? null : EVENT_CHAT_REASONS[access as keyof typeof EVENT_CHAT_REASONS],
  };
}

/** Enters the event's group chat (joining it the first time); refused with the reason. */
export async function enterEventChat(
  deps: Pick<MessagingDeps, 'db' | 'realtime' | 'bookingContext'>,
  user: AuthUser,
  eventId: string,
): Promise<ChatDetail> {
  const status = await eventChatStatus(deps, user, eventId);
  if (!mayEnter(status.access)) {
    throw new AppError('FORBIDDEN', status.reason ?? EVENT_CHAT_REASONS.needs_ticket);
  }
  const chatId = await deps.db.transaction((tx) =>
    chatQ.joinEventChat(tx, { eventId, userId: user.id }),
  );
  return chatDetail(deps, user, chatId);
}

export async function blockPerson(deps: Pick<MessagingDeps, 'db'>, user: AuthUser, id: string) {
  checkId(id);
  if (id === user.id) throw new AppError('BAD_REQUEST', msg`You cannot block yourself.`);
  if (!(await chatQ.findPerson(deps.db, { userId: id })))
    throw new AppError('NOT_FOUND', msg`Person not found`);
  await chatQ.block(deps.db, { blockerId: user.id, blockedId: id });
}

export async function unblockPerson(deps: Pick<MessagingDeps, 'db'>, user: AuthUser, id: string) {
  checkId(id);
  await chatQ.unblock(deps.db, { blockerId: user.id, blockedId: id });
}

export const blockedPeople = async (deps: Pick<MessagingDeps, 'db'>, user: AuthUser) =>
  (await chatQ.listBlockedPeople(deps.db, { blockerId: user.id })).map(presentBlockedPerson);

/**
 * A group chat another module keeps for people it decides on (a ride's driver and confirmed
 * riders, decision 026): created inside the caller's transaction, which stores the id.
 */
export const openModuleGroupChat = (
  tx: DbExecutor,
  params: { title: string; createdBy: string; memberIds: readonly string[] },
) => chatQ.openGroupChat(tx, params);

/** Adds people to a module's group chat (again is harmless). */
export const addToGroupChat = (
  tx: DbExecutor,
  params: { chatId: string; userIds: readonly string[] },
) => chatQ.addParticipants(tx, params.chatId, params.userIds);

/**
 * Takes people out of a module's group chat (a rider who cancelled). Sending and older pages are
 * checked in SQL at once; this process forgets them too, and another process trusts its memory
 * of them for the newest page, typing and uploads for at most KNOWN_PARTICIPANT_MS.
 */
export async function removeFromGroupChat(
  tx: DbExecutor,
  params: { chatId: string; userIds: readonly string[] },
): Promise<void> {
  await chatQ.removeParticipants(tx, params.chatId, params.userIds);
  for (const ref of knownInThisProcess) {
    const known = ref.deref();
    if (!known) knownInThisProcess.delete(ref);
    else for (const userId of params.userIds) known.forget(params.chatId, userId);
  }
}

/** Has either person blocked the other? (A ride cannot be booked across a block.) */
export const isBlockedBetween = (db: DbExecutor, a: string, b: string) =>
  chatQ.isBlockedBetween(db, { userA: a, userB: b });
