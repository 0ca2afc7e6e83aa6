import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Notification, NotificationList } from '../../../contracts/notifications';
import { applyNotificationChanges, markAllReadInCache, type ListData } from './cache';
import { notificationKeys, type NotificationFilters } from './keys';

let nextSeq = 100;
function note(id: string, overrides: Partial<Notification> = {}): Notification {
  nextSeq += 1;
  return {
    id,
    userId: 'u1',
    type: 'ticket_purchase',
    title: `Title ${id}`,
    message: 'Message',
    read: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    relatedId: null,
    relatedType: null,
    metadata: {},
    link: null,
    seq: nextSeq,
    ...overrides,
  };
}

function list(items: Notification[], nextCursor: string | null = null): NotificationList {
  return { items, nextCursor, unreadCount: items.filter((i) => !i.read).length };
}

function setup({ count = 2, pages }: { count?: number; pages?: NotificationList[] } = {}) {
  const queryClient = new QueryClient();
  const a = note('a');
  const b = note('b', { read: true });
  const c = note('c');
  const all: ListData = {
    pages: pages ?? [list([c, b]), list([a])],
    pageParams: [null, 'cursor-1'],
  };
  queryClient.setQueryData(notificationKeys.list({}), all);
  queryClient.setQueryData(notificationKeys.list({ unread: true }), {
    pages: [list([c, a])],
    pageParams: [null],
  } satisfies ListData);
  queryClient.setQueryData(notificationKeys.unreadCount(), { count });
  const items = (filters: NotificationFilters) =>
    queryClient
      .getQueryData<ListData>(notificationKeys.list(filters))
      ?.pages.flatMap((p) => p.items.map((i) => `${i.id}${i.read ? '(read)' : ''}`));
  const count_ = () =>
    queryClient.getQueryData<{ count: number }>(notificationKeys.unreadCount())?.count;
  return { queryClient, a, b, c, items, count: count_ };
}

describe('applyNotificationChanges (spec §4)', () => {
  it('puts a new notification on top of every list it belongs to and raises the count', () => {
    const { queryClient, items, count } = setup();
    const d = note('d');
    applyNotificationChanges(queryClient, [{ op: 'INSERT', notification: d }]);
    expect(items({})).toEqual(['d', 'c', 'b(read)', 'a']);
    expect(items({ unread: true })).toEqual(['d', 'c', 'a']);
    expect(count()).toBe(3);
  });

  it('keeps lists of another group or type as they were', () => {
    const { queryClient, items } = setup();
    queryClient.setQueryData(notificationKeys.list({ group: 'messages' }), {
      pages: [list([])],
      pageParams: [null],
    } satisfies ListData);
    applyNotificationChanges(queryClient, [{ op: 'INSERT', notification: note('d') }]);
    expect(items({ group: 'messages' })).toEqual([]);
    applyNotificationChanges(queryClient, [
      { op: 'INSERT', notification: note('m', { type: 'message' }) },
    ]);
    expect(items({ group: 'messages' })).toEqual(['m']);
  });

  it('does not count an insert twice (replay after reconnect, or already fetched)', () => {
    const { queryClient, c, count, items } = setup();
    applyNotificationChanges(queryClient, [{ op: 'INSERT', notification: c }]);
    expect(count()).toBe(2);
    const d = note('d');
    applyNotificationChanges(queryClient, [{ op: 'INSERT', notification: d }]);
    applyNotificationChanges(queryClient, [{ op: 'INSERT', notification: d }]);
    expect(count()).toBe(3);
    expect(items({})).toEqual(['d', 'c', 'b(read)', 'a']);
  });

  it('replaces the stored copy on update; a change to read lowers the count and leaves unread lists', () => {
    const { queryClient, a, items, count } = setup();
    const result = applyNotificationChanges(queryClient, [
      { op: 'UPDATE', notification: { ...a, read: true, title: 'Changed', seq: a.seq + 50 } },
    ]);
    expect(result.isCountUncertain).toBe(false);
    expect(items({})).toEqual(['c', 'b(read)', 'a(read)']);
    expect(
      queryClient.getQueryData<ListData>(notificationKeys.list({}))?.pages[1]?.items[0]?.title,
    ).toBe('Changed');
    expect(items({ unread: true })).toEqual(['c']);
    expect(count()).toBe(1);
  });

  it('raises the count when an update makes a read one unread again', () => {
    const { queryClient, b, count } = setup();
    applyNotificationChanges(queryClient, [
      { op: 'UPDATE', notification: { ...b, read: false, seq: b.seq + 50 } },
    ]);
    expect(count()).toBe(3);
  });

  it('ignores an update older than the stored copy', () => {
    const { queryClient, a, items, count } = setup();
    applyNotificationChanges(queryClient, [
      { op: 'UPDATE', notification: { ...a, read: true, seq: a.seq + 10 } },
    ]);
    applyNotificationChanges(queryClient, [
      { op: 'UPDATE', notification: { ...a, read: false, seq: a.seq + 5 } },
    ]);
    expect(items({})).toContain('a(read)');
    expect(count()).toBe(1);
  });

  it('never counts below zero', () => {
    const { queryClient, a, c, count } = setup({ count: 1 });
    applyNotificationChanges(queryClient, [
      { op: 'UPDATE', notification: { ...a, read: true, seq: a.seq + 50 } },
      { op: 'UPDATE', notification: { ...c, read: true, seq: c.seq + 50 } },
    ]);
    expect(count()).toBe(0);
  });

  it('says the count is uncertain for an update to a notification no list holds', () => {
    const { queryClient, count, items } = setup();
    const result = applyNotificationChanges(queryClient, [
      { op: 'UPDATE', notification: note('old', { read: true }) },
    ]);
    expect(result.isCountUncertain).toBe(true);
    expect(count()).toBe(2);
    // Not put on top of the list: it is not new.
    expect(items({})).toEqual(['c', 'b(read)', 'a']);
  });

  it('raises the count for an insert even when no list is cached (only the bell)', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(notificationKeys.unreadCount(), { count: 0 });
    applyNotificationChanges(queryClient, [{ op: 'INSERT', notification: note('x') }]);
    applyNotificationChanges(queryClient, [
      { op: 'INSERT', notification: note('y', { read: true }) },
    ]);
    expect(queryClient.getQueryData(notificationKeys.unreadCount())).toEqual({ count: 1 });
  });

  it('updates a per-type count only for its type', () => {
    const { queryClient } = setup();
    queryClient.setQueryData(notificationKeys.unreadCount({ type: 'message' }), { count: 4 });
    applyNotificationChanges(queryClient, [{ op: 'INSERT', notification: note('d') }]);
    expect(queryClient.getQueryData(notificationKeys.unreadCount({ type: 'message' }))).toEqual({
      count: 4,
    });
    applyNotificationChanges(queryClient, [
      { op: 'INSERT', notification: note('m', { type: 'message' }) },
    ]);
    expect(queryClient.getQueryData(notificationKeys.unreadCount({ type: 'message' }))).toEqual({
      count: 5,
    });
  });
});

describe('markAllReadInCache', () => {
  it('marks every cached copy read, empties unread lists and zeroes the counts', () => {
    const { queryClient, items, count } = setup();
    markAllReadInCache(queryClient);
    expect(items({})).toEqual(['c(read)', 'b(read)', 'a(read)']);
    expect(items({ unread: true })).toEqual([]);
    expect(count()).toBe(0);
  });

  it('with a type, touches only that type and its own count', () => {
    const { queryClient, items, count } = setup();
    queryClient.setQueryData(notificationKeys.unreadCount({ type: 'message' }), { count: 4 });
    markAllReadInCache(queryClient, 'message');
    expect(items({})).toEqual(['c', 'b(read)', 'a']);
    expect(count()).toBe(2);
    expect(queryClient.getQueryData(notificationKeys.unreadCount({ type: 'message' }))).toEqual({
      count: 0,
    });
  });
});
