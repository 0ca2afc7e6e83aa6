import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Message } from '../../../contracts/messaging';
import { chatLocale } from './chat-locale';

// The conversation as the screen shows it: the server's pages (newest first) and the live
// messages in one oldest-first list, the messages still being sent merged in by their clientId,
// grouped by day and by sender, with the "Seen" receipt placed. Pure functions, unit-tested.

export interface MessagePage {
  items: Message[];
  nextCursor: string | null;
}

/** A message typed here that the server has not confirmed yet (or refused). */
export interface PendingMessage {
  clientId: string;
  body: string;
  /** A local preview of the attached image (object URL). */
  image: { url: string; width: number; height: number } | null;
  /** The picked file, until it is uploaded. */
  file: File | null;
  /** The uploaded image's key, kept so a retry does not upload it again. */
  imageKey: string | null;
  createdAt: string;
  status: 'sending' | 'failed';
  error: string | null;
}

export type ThreadMessage = Message & {
  /** Present while the message is being sent or after sending failed. */
  pending?: PendingMessage;
};

/** Newer copy of the same message wins (a live UPDATE after the page was fetched). */
function isNewer(candidate: Message, current: Message): boolean {
  return candidate.seq >= current.seq;
}

/** The pages (each newest first, the first page newest) as one oldest-first list without repeats. */
export function flattenPages(pages: readonly MessagePage[]): Message[] {
  const byId = new Map<string, Message>();
  for (const page of pages) {
    for (const message of page.items) {
      const current = byId.get(message.id);
      if (!current || isNewer(message, current)) byId.set(message.id, message);
    }
  }
  return [...byId.values()].sort(compareMessages);
}

/** Oldest first: by time, then by sequence for messages of the same millisecond. */
export function compareMessages(a: Message, b: Message): number {
  const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return byTime !== 0 ? byTime : a.seq - b.seq;
}

/**
 * The confirmed messages plus those still pending, oldest first. A pending message whose
 * clientId the server already returned (through the send's answer or the socket, whichever came
 * first) is not shown twice; the confirmed copy takes its place.
 */
export function mergePending(
  messages: readonly Message[],
  pending: readonly PendingMessage[],
  sender: { id: string; name: string; avatarUrl: string | null },
): ThreadMessage[] {
  const confirmed = new Set(messages.map((m) => m.clientId).filter(Boolean));
  const waiting: ThreadMessage[] = pending
    .filter((p) => !confirmed.has(p.clientId))
    .map((p) => ({
      id: `pending:${p.clientId}`,
      chatId: '',
      senderId: sender.id,
      senderName: sender.name,
      senderAvatarUrl: sender.avatarUrl,
      body: p.body,
      image: p.image,
      clientId: p.clientId,
      createdAt: p.createdAt,
      deleted: false,
      seq: Number.MAX_SAFE_INTEGER,
      pending: p,
    }));
  // Pending ones stay at the end in the order they were written: they are the newest.
  return [...messages, ...waiting];
}

/** Pending messages the server has confirmed (to drop from the composer's own list). */
export function confirmedClientIds(
  messages: readonly Message[],
  pending: readonly PendingMessage[],
): Set<string> {
  const ids = new Set(messages.map((m) => m.clientId));
  return new Set(pending.filter((p) => ids.has(p.clientId)).map((p) => p.clientId));
}

/**
 * Puts a message into the cached pages: replaces the copy with its id (or, for our own send,
 * its clientId) when this one is as new or newer; otherwise adds it on top of the newest page.
 * Returns the same pages when nothing changed.
 */
export function upsertMessage<P extends MessagePage>(pages: readonly P[], message: Message): P[] {
  let found = false;
  let changed = false;
  const next = pages.map((page) => {
    let pageChanged = false;
    const items = page.items.map((item) => {
      const same =
        item.id === message.id ||
        (message.clientId !== null &&
          item.clientId === message.clientId &&
          item.senderId === message.senderId);
      if (!same) return item;
      found = true;
      // An equal seq is the same version (the socket's echo of our answer): nothing to do.
      if (message.seq <= item.seq) return item;
      pageChanged = true;
      return message;
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, items };
  });
  if (found) return changed ? next : (pages as P[]);
  const [first, ...rest] = pages;
  if (!first) return pages as P[];
  return [{ ...first, items: [message, ...first.items] }, ...rest];
}

export interface DayDivider {
  kind: 'day';
  key: string;
  label: string;
}

export interface SenderGroup {
  kind: 'group';
  key: string;
  senderId: string | null;
  /** The team member who wrote the group's messages for the sender's account, if one did. */
  writerId: string | null;
  senderName: string;
  senderAvatarUrl: string | null;
  isMine: boolean;
  messages: ThreadMessage[];
}

export type ThreadEntry = DayDivider | SenderGroup;

/** Messages of one sender this close together share one name and avatar. */
export const GROUP_WINDOW_MS = 5 * 60 * 1000;

function dayKey(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

/** "Today", "Yesterday", or a date such as "Mon, 3 Mar 2026". */
export function dayLabel(iso: string, now: number, timeZone?: string): string {
  const key = dayKey(iso, timeZone);
  if (key === dayKey(new Date(now).toISOString(), timeZone)) return i18n._(msg`Today`);
  if (key === dayKey(new Date(now - 86_400_000).toISOString(), timeZone))
    return i18n._(msg`Yesterday`);
  return new Intl.DateTimeFormat(chatLocale(), {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));
}

/**
 * Day dividers and runs of one sender's messages: a new group starts with another sender, a new
 * day, or a pause longer than GROUP_WINDOW_MS.
 */
export function groupThread(
  messages: readonly ThreadMessage[],
  myId: string,
  { now = Date.now(), timeZone }: { now?: number; timeZone?: string } = {},
): ThreadEntry[] {
  const entries: ThreadEntry[] = [];
  let group: SenderGroup | null = null;
  let lastDay: string | null = null;
  let lastTime = 0;
  for (const message of messages) {
    const day = dayKey(message.createdAt, timeZone);
    const time = Date.parse(message.createdAt);
    if (day !== lastDay) {
      entries.push({
        kind: 'day',
        key: `day:${day}`,
        label: dayLabel(message.createdAt, now, timeZone),
      });
      lastDay = day;
      group = null;
    }
    const writer = message.writtenBy ?? null;
    if (
      !group ||
      group.senderId !== message.senderId ||
      group.writerId !== (writer?.id ?? null) ||
      time - lastTime > GROUP_WINDOW_MS
    ) {
      const sender = message.senderName;
      const member = writer?.name ?? '';
      group = {
        kind: 'group',
        key: `group:${message.id}`,
        senderId: message.senderId,
        writerId: writer?.id ?? null,
        // A team member answering for an organizer's account is named with the account.
        senderName: writer ? i18n._(msg`${member} for ${sender}`) : sender,
        senderAvatarUrl: message.senderAvatarUrl,
        isMine: message.senderId === myId || writer?.id === myId,
        messages: [],
      };
      entries.push(group);
    }
    group.messages.push(message);
    lastTime = time;
  }
  return entries;
}

/**
 * The id of my newest confirmed message the other person has read (their `lastReadAt` is at or
 * after it): where "Seen" goes. Null when they have read none of mine yet.
 */
export function seenMessageId(
  messages: readonly ThreadMessage[],
  myId: string,
  otherLastReadAt: string | null,
): string | null {
  if (!otherLastReadAt) return null;
  const readAt = Date.parse(otherLastReadAt);
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (!message || message.pending || message.senderId !== myId || message.deleted) continue;
    if (Date.parse(message.createdAt) <= readAt) return message.id;
  }
  return null;
}
