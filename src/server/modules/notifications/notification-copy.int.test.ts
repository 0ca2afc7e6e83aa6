import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { notificationCopy } from './notification-copy';
import { sqlCopy } from './notifications.queries';

// The copy functions rendered by PostgreSQL (as messaging's send statement does) give exactly
// the text TypeScript gives, whatever the values hold.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const awkward = [
  'Ana Ade',
  "O'Brien; drop table users --",
  '50% off {sender} $1 \\ “quoted”',
  'Ünïcødé Ζήτα 東京 محمد',
  '',
];

it('renders every copy in SQL exactly as in TypeScript', async () => {
  for (const a of awkward) {
    for (const b of awkward) {
      const copy = notificationCopy;
      const cases: [string, ReturnType<typeof sqlCopy>][] = [
        [
          copy.message.title({ sender: a }),
          sqlCopy(copy.message.title, { sender: sql`${a}::text` }),
        ],
        [
          copy.eventChatMessage.title({ event: a }),
          sqlCopy(copy.eventChatMessage.title, { event: sql`${a}::text` }),
        ],
        [
          copy.eventChatMessage.message({ sender: a, preview: b }),
          sqlCopy(copy.eventChatMessage.message, {
            sender: sql`${a}::text`,
            preview: sql`${b}::text`,
          }),
        ],
        [
          copy.message.message({ preview: b }),
          sqlCopy(copy.message.message, { preview: sql`${b}::text` }),
        ],
      ];
      for (const [expected, expression] of cases) {
        const result = await t.db.execute<{ text: string }>(sql`select ${expression} as text`);
        expect(result.rows[0]?.text).toBe(expected);
      }
    }
  }
});
