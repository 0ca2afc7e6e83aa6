import { describe, expect, it } from 'vitest';
import type { Message } from '../../../contracts/messaging';
import {
  confirmedClientIds,
  flattenPages,
  groupThread,
  mergePending,
  seenMessageId,
  upsertMessage,
  type PendingMessage,
} from './thread';

const ME = { id: 'me', name: 'Me', avatarUrl: null };
let seq = 0;
function message(overrides: Partial<Message> & { createdAt: string }): Message {
  seq += 1;
  return {
    id: `m${seq}`,
    chatId: 'c1',
    senderId: 'other',
    senderName: 'Other',
    senderAvatarUrl: null,
    body: `message ${seq}`,
    image: null,
    clientId: null,
    deleted: false,
    seq,
    ...overrides,
  };
}
function pending(clientId: string, overrides: Partial<PendingMessage> = {}): PendingMessage {
  return {
    clientId,
    body: `pending ${clientId}`,
    image: null,
    file: null,
    imageKey: null,
    createdAt: '2026-05-20T12:10:00.000Z',
    status: 'sending',
    error: null,
    ...overrides,
  };
}

describe('flattenPages', () => {
  it('turns newest-first pages into one oldest-first list without repeats, newest copy winning', () => {
    const a = message({ createdAt: '2026-05-20T12:00:00.000Z' });
    const b = message({ createdAt: '2026-05-20T12:01:00.000Z' });
    const c = message({ createdAt: '2026-05-20T12:02:00.000Z' });
    const removedC = { ...c, body: '', deleted: true, seq: c.seq + 10 };
    const list = flattenPages([
      { items: [removedC, b], nextCursor: 'x' },
      { items: [c, b, a], nextCursor: null },
    ]);
    expect(list.map((m) => m.id)).toEqual([a.id, b.id, c.id]);
    expect(list[2]?.deleted).toBe(true);
  });
});

describe('optimistic sends merged by clientId', () => {
  it('shows a pending message after the confirmed ones until the server returns its clientId', () => {
    const older = message({ createdAt: '2026-05-20T12:00:00.000Z' });
    const mine = pending('c-1');
    const before = mergePending([older], [mine], ME);
    expect(before.map((m) => m.body)).toEqual([older.body, 'pending c-1']);
    expect(before[1]?.pending?.status).toBe('sending');
    expect(before[1]?.senderId).toBe('me');

    const confirmed = message({
      createdAt: '2026-05-20T12:10:01.000Z',
      senderId: 'me',
      clientId: 'c-1',
      body: 'pending c-1',
    });
    const after = mergePending([older, confirmed], [mine], ME);
    expect(after.map((m) => m.id)).toEqual([older.id, confirmed.id]);
    expect(after.some((m) => m.pending)).toBe(false);
    expect([...confirmedClientIds([older, confirmed], [mine, pending('c-2')])]).toEqual(['c-1']);
  });

  it('keeps a failed send in place with its error, for a retry', () => {
    const list = mergePending([], [pending('c-3', { status: 'failed', error: 'Too fast' })], ME);
    expect(list[0]?.pending).toMatchObject({ status: 'failed', error: 'Too fast' });
  });

  it('puts a live message on top of the newest page once, whether the answer or the socket comes first', () => {
    const old = message({ createdAt: '2026-05-20T12:00:00.000Z' });
    const pages = [{ items: [old], nextCursor: null }];
    const sent = message({
      createdAt: '2026-05-20T12:05:00.000Z',
      senderId: 'me',
      clientId: 'c-9',
    });
    const once = upsertMessage(pages, sent);
    expect(once[0]?.items.map((m) => m.id)).toEqual([sent.id, old.id]);
    // The socket's copy of the same message changes nothing.
    const twice = upsertMessage(once, { ...sent });
    expect(twice).toBe(once);
    // A later update (removed by the organizer) replaces it.
    const removed = upsertMessage(twice, { ...sent, body: '', deleted: true, seq: sent.seq + 5 });
    expect(removed[0]?.items[0]).toMatchObject({ id: sent.id, deleted: true });
    // An older copy arriving late does not undo it.
    expect(upsertMessage(removed, sent)[0]?.items[0]?.deleted).toBe(true);
  });
});

describe('groupThread', () => {
  const NOW = Date.parse('2026-05-20T18:00:00.000Z');
  it('groups runs of one sender, breaking on another sender, a 5-minute pause or a new day', () => {
    const list = [
      message({ createdAt: '2026-05-19T10:00:00.000Z' }),
      message({ createdAt: '2026-05-20T10:00:00.000Z' }),
      message({ createdAt: '2026-05-20T10:02:00.000Z' }),
      message({ createdAt: '2026-05-20T10:03:00.000Z', senderId: 'me', senderName: 'Me' }),
      message({ createdAt: '2026-05-20T10:20:00.000Z', senderId: 'me', senderName: 'Me' }),
    ];
    const entries = groupThread(list, 'me', { now: NOW, timeZone: 'UTC' });
    expect(
      entries.map((e) => (e.kind === 'day' ? e.label : `${e.senderName}×${e.messages.length}`)),
    ).toEqual(['Yesterday', 'Other×1', 'Today', 'Other×2', 'Me×1', 'Me×1']);
    const mine = entries.filter((e) => e.kind === 'group' && e.isMine);
    expect(mine).toHaveLength(2);
  });

  it('names a team member writing for the organizer, and groups each writer apart', () => {
    const organizer = { senderId: 'org', senderName: 'Nia Festival' };
    const list = [
      message({ createdAt: '2026-05-20T10:00:00.000Z', ...organizer }),
      message({
        createdAt: '2026-05-20T10:01:00.000Z',
        ...organizer,
        writtenBy: { id: 'me', name: 'Ada Obi' },
      }),
      message({
        createdAt: '2026-05-20T10:02:00.000Z',
        ...organizer,
        writtenBy: { id: 'me', name: 'Ada Obi' },
      }),
    ];
    const groups = groupThread(list, 'me', { now: NOW, timeZone: 'UTC' }).filter(
      (e) => e.kind === 'group',
    );
    expect(groups.map((g) => [g.senderName, g.messages.length, g.isMine])).toEqual([
      ['Nia Festival', 1, false],
      ['Ada Obi for Nia Festival', 2, true],
    ]);
  });

  it('labels older days with their date', () => {
    const [day] = groupThread([message({ createdAt: '2026-03-02T10:00:00.000Z' })], 'me', {
      now: NOW,
      timeZone: 'UTC',
    });
    expect(day).toMatchObject({ kind: 'day', label: 'Mon, 2 Mar 2026' });
  });
});

describe('seenMessageId', () => {
  it('marks my newest message the other person has read, ignoring theirs and pending ones', () => {
    const a = message({ createdAt: '2026-05-20T12:00:00.000Z', senderId: 'me' });
    const b = message({ createdAt: '2026-05-20T12:01:00.000Z', senderId: 'me' });
    const theirs = message({ createdAt: '2026-05-20T12:02:00.000Z' });
    const c = message({ createdAt: '2026-05-20T12:03:00.000Z', senderId: 'me' });
    const list = mergePending([a, b, theirs, c], [pending('p')], ME);
    expect(seenMessageId(list, 'me', null)).toBeNull();
    expect(seenMessageId(list, 'me', '2026-05-20T11:59:00.000Z')).toBeNull();
    expect(seenMessageId(list, 'me', '2026-05-20T12:02:30.000Z')).toBe(b.id);
    expect(seenMessageId(list, 'me', '2026-05-20T12:03:00.000Z')).toBe(c.id);
  });
});
