import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MOBILE_BANNER_MS } from '../../../contracts/limits';
import type { Notification } from '../../../contracts/notifications';
import { MobileBanner } from './mobile-banner';

function note(id: string, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    userId: 'u1',
    type: 'ticket_sale',
    title: `Ticket sold ${id}`,
    message: 'Someone bought a ticket',
    read: false,
    createdAt: new Date().toISOString(),
    relatedId: 'ev1',
    relatedType: 'events',
    metadata: {},
    link: '/event/ev1',
    seq: 1,
    ...overrides,
  };
}

function setup(initial: Notification | undefined) {
  const onMarkRead = vi.fn();
  const view = (notification: Notification | undefined) => (
    <MemoryRouter>
      <MobileBanner notification={notification} onMarkRead={onMarkRead} />
    </MemoryRouter>
  );
  const result = render(view(initial));
  return { onMarkRead, show: (n: Notification | undefined) => result.rerender(view(n)) };
}

const banner = () => screen.queryByRole('region', { name: 'New notification' });

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('MobileBanner (spec §2)', () => {
  it('shows the newest unread notification and hides it after 5 s', () => {
    setup(note('a'));
    expect(banner()).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Ticket sold a' }).getAttribute('href')).toBe(
      '/event/ev1',
    );
    act(() => vi.advanceTimersByTime(MOBILE_BANNER_MS - 1));
    expect(banner()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(banner()).toBeNull();
  });

  it('hides when closed, without marking it read', () => {
    const { onMarkRead } = setup(note('a'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(banner()).toBeNull();
    expect(onMarkRead).not.toHaveBeenCalled();
  });

  it.each(['Got it', 'Dismiss'])('%s marks it read and removes it', (label) => {
    const a = note('a');
    const { onMarkRead } = setup(a);
    fireEvent.click(screen.getByRole('button', { name: label }));
    expect(onMarkRead).toHaveBeenCalledWith(a);
    expect(banner()).toBeNull();
  });

  it('shows each notification once, and a newer one for its own 5 s', () => {
    const a = note('a');
    const { show } = setup(a);
    act(() => vi.advanceTimersByTime(MOBILE_BANNER_MS));
    show({ ...a, title: 'Refetched copy' });
    expect(banner()).toBeNull();
    show(note('b'));
    expect(screen.getByText('Ticket sold b')).toBeTruthy();
    act(() => vi.advanceTimersByTime(MOBILE_BANNER_MS - 1));
    expect(banner()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(banner()).toBeNull();
  });

  it('restarts the 5 s when a newer notification replaces a shown one', () => {
    const { show } = setup(note('a'));
    act(() => vi.advanceTimersByTime(4000));
    show(note('b'));
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByText('Ticket sold b')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(banner()).toBeNull();
  });

  it('does not show it again on the next page load of the session', () => {
    const first = setup(note('a'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    first.show(undefined);
    cleanup();
    setup(note('a'));
    expect(banner()).toBeNull();
  });

  it('shows nothing without an unread notification', () => {
    setup(undefined);
    expect(banner()).toBeNull();
  });
});
