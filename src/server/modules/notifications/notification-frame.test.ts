import { describe, expect, it } from 'vitest';
import { notificationFrame, notificationFrameJson } from './notification-frame';
import type { NotificationRow } from './notifications.queries';

const row = (overrides: Partial<NotificationRow> = {}): NotificationRow => ({
  id: '6f1c1f3e-8d7a-4c55-9a41-1c9d2b7e4f10',
  userId: '0b4f6a3c-2e1d-4f9a-8c7b-5d6e7f8a9b0c',
  type: 'ticket_sale',
  title: 'Ticket sold',
  message: 'Someone bought a ticket',
  read: false,
  relatedId: null,
  relatedType: null,
  metadata: {},
  dedupeKey: null,
  createdAt: new Date('2026-11-21T14:17:53.606Z'),
  updatedAt: null,
  seq: 1,
  dispatchedAt: null,
  ...overrides,
});

describe('notificationFrameJson', () => {
  it.each([
    ['a plain insert', [row()]],
    ['no rows', []],
    [
      'an update with every optional field and a link',
      [
        row({
          read: true,
          updatedAt: new Date(),
          relatedId: 'b2c3',
          relatedType: 'messages',
          metadata: { sender_id: 'u-1', sender_name: 'Zoë "Z" O\'Neil', nested: { a: [1, null] } },
          seq: 9_007_199_254_740_000,
        }),
      ],
    ],
    [
      'text that JSON must escape',
      [
        row({
          title: 'Line\nbreak\t"quoted" \\ back',
          message: 'Emoji 🎉, control \u0001, separator \u2028, lone surrogate \ud800',
          type: 'event_chat_message',
          metadata: { event_id: 'ev/1?x=y', payment_url: '/pay?a=1&b=2' },
        }),
      ],
    ],
    [
      'several rows for one user',
      [
        row({ seq: 2 }),
        row({ seq: 3, type: 'vendor_payment_required', metadata: { payment_url: '/pay/1' } }),
        row({ seq: 4, relatedType: 'events', relatedId: 'e-1', updatedAt: new Date(0) }),
      ],
    ],
  ])('writes the same text as JSON.stringify of the frame: %s', (_name, rows) => {
    const text = notificationFrameJson(rows);
    expect(text).toBe(JSON.stringify(notificationFrame(rows)));
    expect(JSON.parse(text)).toEqual(notificationFrame(rows));
  });
});
