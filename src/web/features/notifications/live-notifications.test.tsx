import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { delay, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYSTEM_TOAST_MS } from '../../../contracts/limits';
import { NOTIFICATION_MESSAGES } from '../../../contracts/notification-types';
import type { Notification, NotificationSettings } from '../../../contracts/notifications';
import type { ServerFrame } from '../../../contracts/realtime';
import { ApiError, NetworkError } from '../../lib/api-client';
import { server } from '../../test/msw';
import { notificationKeys } from './keys';
import { LiveNotifications } from './live-notifications';
import { testNotification, testSettings } from './test-fixtures';

// The realtime client, toasts, sound and screen width are replaced; the caches are real.
const fake = vi.hoisted(() => {
  const listeners = new Map<string, Set<(frame: unknown) => void>>();
  const statusListeners = new Set<(status: unknown) => void>();
  return {
    listeners,
    statusListeners,
    connected: 0,
    isMobile: false,
    emit(frame: { type: string; [key: string]: unknown }) {
      for (const listener of listeners.get(frame.type) ?? []) listener(frame);
    },
    emitStatus(status: unknown) {
      for (const listener of statusListeners) listener(status);
    },
  };
});
vi.mock('../../lib/realtime', () => ({
  realtime: {
    connect: () => {
      fake.connected += 1;
      return () => {
        fake.connected -= 1;
      };
    },
    subscribe: (type: string, listener: (frame: unknown) => void) => {
      const set = fake.listeners.get(type) ?? new Set();
      fake.listeners.set(type, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    onStatus: (listener: (status: unknown) => void) => {
      fake.statusListeners.add(listener);
      return () => fake.statusListeners.delete(listener);
    },
    reconnectNow: () => undefined,
  },
}));
const toast = vi.hoisted(() =>
  Object.assign(vi.fn(), { custom: vi.fn(), error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
);
vi.mock('sonner', () => ({ toast }));
const sound = vi.hoisted(() => ({ playNotificationSound: vi.fn() }));
vi.mock('./sound', () => sound);
vi.mock('../../lib/use-media-query', () => ({ useIsMobile: () => fake.isMobile }));

const note = (id: string, overrides: Partial<Notification> = {}) =>
  testNotification({
    id,
    title: `Sold ${id}`,
    message: 'A ticket was sold',
    seq: 10,
    ...overrides,
  });

const settings = testSettings;

function mount(saved: NotificationSettings = settings()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(notificationKeys.settings(), saved);
  queryClient.setQueryData(notificationKeys.unreadCount(), { count: 1 });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <LiveNotifications />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const insert = (notification: Notification) =>
    act(() =>
      fake.emit({
        type: 'notifications',
        events: [{ op: 'INSERT', notification }],
      } satisfies ServerFrame),
    );
  const count = () =>
    queryClient.getQueryData<{ count: number }>(notificationKeys.unreadCount())?.count;
  return { queryClient, view, insert, count };
}

beforeEach(() => {
  fake.isMobile = false;
  // Nothing real to fetch in these tests (the banner list on mobile stays pending).
  server.use(http.all('/api/*', () => delay('infinite')));
});
afterEach(() => vi.clearAllMocks());

describe('LiveNotifications', () => {
  it('holds the socket while mounted', () => {
    const { view } = mount();
    expect(fake.connected).toBe(1);
    view.unmount();
    expect(fake.connected).toBe(0);
  });

  it('a live insert raises the count, shows a toast and plays the sound', () => {
    const { insert, count } = mount();
    insert(note('a'));
    expect(count()).toBe(2);
    expect(toast.custom).toHaveBeenCalledTimes(1);
    expect(toast.custom.mock.calls[0]?.[1]).toMatchObject({ id: 'notification-a', duration: 5000 });
    expect(sound.playNotificationSound).toHaveBeenCalledTimes(1);
  });

  it('no toast or sound for a notification older than 30 s (a catch-up replay)', () => {
    const { insert, count } = mount();
    insert(note('old', { createdAt: new Date(Date.now() - 31_000).toISOString() }));
    expect(count()).toBe(2);
    expect(toast.custom).not.toHaveBeenCalled();
    expect(sound.playNotificationSound).not.toHaveBeenCalled();
  });

  it('mutes the sound when sound is off; nothing at all when in-app is off for the group', () => {
    const quiet = settings({ sound: false });
    quiet.groups.messages.inApp = false;
    const { insert } = mount(quiet);
    insert(note('t'));
    expect(toast.custom).toHaveBeenCalledTimes(1);
    expect(sound.playNotificationSound).not.toHaveBeenCalled();
    insert(note('m', { type: 'message' }));
    expect(toast.custom).toHaveBeenCalledTimes(1);
  });

  it('on a phone the banner replaces the toast (the sound still plays)', () => {
    fake.isMobile = true;
    const { insert } = mount();
    insert(note('a'));
    expect(toast.custom).not.toHaveBeenCalled();
    expect(sound.playNotificationSound).toHaveBeenCalledTimes(1);
  });

  it('on a phone, no banner for a group whose in-app channel is off', async () => {
    fake.isMobile = true;
    const quiet = settings();
    quiet.groups.tickets.inApp = false;
    const { queryClient, view } = mount(quiet);
    await act(async () => {
      queryClient.setQueryData(notificationKeys.list({ unread: true, limit: 1 }), {
        pages: [{ items: [note('t')], nextCursor: null, unreadCount: 1 }],
        pageParams: [null],
      });
      // The cache tells its observers on a later turn: wait until that was delivered.
      await new Promise<void>((resolve) => notifyManager.schedule(resolve));
    });
    expect(view.queryByRole('region', { name: 'New notification' })).toBeNull();
    act(() => {
      queryClient.setQueryData(notificationKeys.list({ unread: true, limit: 1 }), {
        pages: [{ items: [note('m', { type: 'message' })], nextCursor: null, unreadCount: 1 }],
        pageParams: [null],
      });
    });
    expect(await view.findByRole('region', { name: 'New notification' })).toBeTruthy();
  });

  it('says "Notification Error" when a notification load fails, but not for a network failure', async () => {
    const { queryClient } = mount();
    const fail = (error: unknown) =>
      queryClient
        .fetchQuery({
          queryKey: notificationKeys.unreadCount({ type: 'x' }),
          queryFn: () => Promise.reject(error),
        })
        .catch(() => undefined);
    await act(() => fail(new NetworkError(new TypeError('Failed to fetch'))));
    expect(toast.error).not.toHaveBeenCalled();
    await act(() => fail(new ApiError(500, 'INTERNAL', 'Something broke')));
    expect(toast.error).toHaveBeenCalledWith(NOTIFICATION_MESSAGES.loadFailedTitle, {
      id: 'notification-load-error',
      description: NOTIFICATION_MESSAGES.loadFailed,
      duration: SYSTEM_TOAST_MS,
    });
  });

  it('refetches the lists on resync', () => {
    const { queryClient } = mount();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    vi.useFakeTimers();
    try {
      act(() => fake.emit({ type: 'resync' }));
      act(() => vi.advanceTimersByTime(2000));
      expect(invalidate).toHaveBeenCalledWith({ queryKey: notificationKeys.all });
    } finally {
      vi.useRealTimers();
    }
  });
});
