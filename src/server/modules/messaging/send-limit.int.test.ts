import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGE_RATE_LIMIT,
  MESSAGING_MESSAGES,
  type ChatDetail,
} from '../../../contracts/messaging';
import { createUser, type CreatedUser } from '../../test/factories';
import { sendMessages } from './messaging.queries';
import { createTestApp, type TestApp } from '../../test/test-app';

// The per-person send limit holds across server processes (docs/decisions/013): two
// apps on one database play two processes, and sends split over both hit the limit at the same
// total as on one.
let a: TestApp;
let b: TestApp;
const cookies = new Map<string, string>();

beforeAll(async () => {
  // The real limit (multiplier 1) on both.
  a = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1' } });
  b = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1' }, shareDatabaseOf: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function pair(first: string, second: string) {
  const people = [
    await createUser(a.db, { fullName: first }),
    await createUser(a.db, { fullName: second }),
  ] as const;
  for (const person of people) cookies.set(person.id, await a.sessionCookie(person));
  const opened = await a.app.inject({
    method: 'POST',
    url: '/api/chats/open',
    headers: { cookie: cookies.get(people[0].id) },
    payload: { ref: people[1].id },
  });
  expect(opened.statusCode, opened.body).toBe(200);
  return [...people, opened.json<ChatDetail>()] as const;
}

const send = (app: TestApp, user: CreatedUser, chatId: string, body: string) =>
  app.app.inject({
    method: 'POST',
    url: `/api/chats/${chatId}/messages`,
    headers: { cookie: cookies.get(user.id) },
    payload: { body },
  });

function expectLimited(response: Awaited<ReturnType<typeof send>>) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().error.code).toBe('RATE_LIMITED');
  expect(response.json().error.message).toBe(MESSAGING_MESSAGES.rateLimited);
  // One token comes back every window/max (10 s / 30 → within 1 s), as on one process.
  expect(response.headers['retry-after']).toBe('1');
}

describe('the send limit across two processes', () => {
  it('on one process: max sends, then 429 (the reference)', async () => {
    const [hal, ivy, chat] = await pair('Hal Haruna', 'Ivy Iro');
    for (let i = 0; i < MESSAGE_RATE_LIMIT.max; i++) {
      const response = await send(a, hal, chat.id, `one ${i}`);
      expect(response.statusCode, response.body).toBe(201);
    }
    expectLimited(await send(a, hal, chat.id, 'more'));
    expect((await send(a, ivy, chat.id, 'slow down!')).statusCode).toBe(201);
  });

  it('sends alternating between the processes hit the limit at the same total', async () => {
    const [jo, kay, chat] = await pair('Jo Jaja', 'Kay Kalu');
    for (let i = 0; i < MESSAGE_RATE_LIMIT.max; i++) {
      const response = await send(i % 2 ? b : a, jo, chat.id, `split ${i}`);
      expect(response.statusCode, response.body).toBe(201);
    }
    // Each process has seen only half the limit in its own bucket; the shared one is empty.
    expectLimited(await send(a, jo, chat.id, 'more on a'));
    expectLimited(await send(b, jo, chat.id, 'more on b'));
    // Someone else's budget is their own, on either process.
    expect((await send(b, kay, chat.id, 'slow down!')).statusCode).toBe(201);

    // A token comes back every window/max, whichever process it is spent on.
    a.clock.advance(MESSAGE_RATE_LIMIT.windowMs / MESSAGE_RATE_LIMIT.max + 1);
    b.clock.advance(MESSAGE_RATE_LIMIT.windowMs / MESSAGE_RATE_LIMIT.max + 1);
    expect((await send(b, jo, chat.id, 'one more')).statusCode).toBe(201);
    expectLimited(await send(a, jo, chat.id, 'and another'));
  });

  it('concurrent sends over both processes: exactly max go through', async () => {
    const [lu, mo, chat] = await pair('Lu Lawal', 'Mo Musa');
    const responses = await Promise.all(
      Array.from({ length: MESSAGE_RATE_LIMIT.max * 2 }, (_, i) =>
        send(i % 2 ? b : a, lu, chat.id, `burst ${i}`),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(MESSAGE_RATE_LIMIT.max);
    for (const response of responses.filter((r) => r.statusCode !== 201)) expectLimited(response);
    expect((await send(a, mo, chat.id, 'wow')).statusCode).toBe(201);
  });
});

describe('the count inside the send statement', () => {
  it('grants a sender at most max of one batch and says when the next token comes', async () => {
    const [nia, oz, chat] = await pair('Nia Nwosu', 'Oz Orji');
    const at = a.clock.now().getTime();
    const quota = { ...MESSAGE_RATE_LIMIT, at };
    const message = (senderId: string, body: string) => ({
      chatId: chat.id,
      senderId,
      body,
      clientId: null,
      image: null,
      preview: body,
      quota,
    });
    const batch = [
      ...Array.from({ length: MESSAGE_RATE_LIMIT.max + 3 }, (_, i) => message(nia.id, `n${i}`)),
      message(oz.id, 'mine'),
    ];
    const outcomes = await sendMessages(a.db, { messages: batch });
    const inserted = outcomes.filter((o) => o && 'id' in o);
    const limited = outcomes.filter((o) => o && 'retryAfterMs' in o);
    expect(inserted).toHaveLength(MESSAGE_RATE_LIMIT.max + 1);
    expect(limited).toHaveLength(3);
    // The first max of the sender's go in order; the last three are refused.
    expect(outcomes.slice(MESSAGE_RATE_LIMIT.max, MESSAGE_RATE_LIMIT.max + 3)).toEqual(
      Array.from({ length: 3 }, () => ({ retryAfterMs: 334 })),
    );
    expect(outcomes.at(-1)).toMatchObject({ body: 'mine' });
    // Without a quota (other callers of the statement) nothing is counted.
    const free = await sendMessages(a.db, {
      messages: [{ ...message(nia.id, 'uncounted'), quota: undefined }],
    });
    expect(free[0]).toMatchObject({ body: 'uncounted' });
  });
});
