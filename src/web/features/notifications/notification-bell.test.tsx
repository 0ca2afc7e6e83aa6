import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { notificationKeys } from './keys';
import { badgeText, bellLabel, NotificationBell } from './notification-bell';

function renderBell(count: number) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(notificationKeys.unreadCount(), { count });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('NotificationBell', () => {
  it('names the unread count for screen readers and shows it on the badge', () => {
    renderBell(3);
    const link = screen.getByRole('link', { name: 'Notifications, 3 unread' });
    expect(link.getAttribute('href')).toBe('/notifications');
    expect(link.textContent).toBe('3');
  });

  it('is plain "Notifications" without a badge when nothing is unread', () => {
    renderBell(0);
    expect(screen.getByRole('link', { name: 'Notifications' }).textContent).toBe('');
  });

  it('caps the badge at 99+', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(100)).toBe('99+');
    expect(bellLabel(undefined)).toBe('Notifications');
    expect(bellLabel(120)).toBe('Notifications, 120 unread');
  });
});
