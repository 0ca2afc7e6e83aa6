import { describe, expect, it } from 'vitest';
import { notificationLink } from './notification-links';

describe('notificationLink for subscription notices', () => {
  it('opens the page a payments notice without an order names, never another site', () => {
    const notice = (link: unknown) =>
      notificationLink({
        type: 'payment_success',
        relatedId: null,
        relatedType: 'payments',
        metadata: { link },
      });
    expect(notice('/subscription')).toBe('/subscription');
    expect(notice('//evil.example/x')).toBeNull();
    expect(notice('https://evil.example/x')).toBeNull();
    expect(notice(undefined)).toBeNull();
  });
});
