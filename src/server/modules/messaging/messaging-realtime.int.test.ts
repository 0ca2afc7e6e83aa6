import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatDetail, ChatSignal, Message } from '../../../contracts/messaging';
import type { RealtimeOp } from '../../../contracts/realtime';
import { createUser, type CreatedUser } from '../../test/factories';
import { RealtimeClient } from '../../test/realtime-client';
import { createTestApp, type TestApp } from '../../test/test-app';

let first: TestApp;
let second: TestApp;
let ana: CreatedUser;
let ben: CreatedUser;
let anaCookie: string;
let benCookie: string;
let chat: ChatDetail;

beforeAll(async () => {
  first = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  // A second server process on the same database.
  second = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' }, shareDatabaseOf: first });
  for (const app of [first, second]) await app.app.listen({ port: 0, host: '127.0.0.1' });
  ana = await createUser(first.db, { fullName: 'Ana Ade' });
  ben = await createUser(first.db, { fullName: 'Ben Bello' });
  anaCookie = await first.sessionCookie(ana);
  benCookie = await first.sessionCookie(ben);
  chat = (
    await first.app.inject({
      method: 'POST',
      url: '/api/chats/open',
      headers: { cookie: anaCookie },
      payload: { ref: ben.id },
    })
  ).json();
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const post = (app: TestApp, cookie: string, url: string, payload?: object) =>
  app.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

const send = async (app: TestApp, cookie: string, body: string) =>
  (await post(app, cookie, `/api/chats/${chat.id}/messages`, { body })).json<Message>();

function message(client: RealtimeClient, id: string, op: RealtimeOp = 'INSERT') {
  return client.waitFor((c) => {
    for (const frame of c.frames) {
      if (frame.type !== 'messages') continue;
      const event = frame.events.find((e) => e.message.id === id && e.op === op);
      if (event) return event.message;
    }
    return undefined;
  });
}

function signal(client: RealtimeClient, kind: ChatSignal['kind']) {
  return client.waitFor((c) => {
    for (const frame of c.frames) {
      if (frame.type === 'chat_signal' && frame.signal.kind === kind) return frame.signal;
    }
    return undefined;
  });
}

describe('messages on the realtime socket', () => {
  it('reach both people at once, across server processes, with typing and read receipts', async () => {
    const anaSocket = new RealtimeClient(first, { cookie: anaCookie });
    const benSocket = new RealtimeClient(second, { cookie: benCookie });
    await Promise.all([anaSocket.ready(), benSocket.ready()]);

    const sent = await send(first, anaCookie, 'See you at the gate at 7?');
    const received = await message(benSocket, sent.id);
    expect(received).toMatchObject({
      body: 'See you at the gate at 7?',
      senderId: ana.id,
      senderName: 'Ana Ade',
      chatId: chat.id,
    });
    // The sender's other tabs get it too.
    await message(anaSocket, sent.id);
    // Ben's badge moves live as well.
    await benSocket.waitFor((c) =>
      c.frames.find(
        (f) =>
          f.type === 'notifications' &&
          f.events.some((e) => e.notification.type === 'message' && e.op === 'INSERT'),
      ),
    );

    expect((await post(first, anaCookie, `/api/chats/${chat.id}/typing`)).statusCode).toBe(204);
    expect(await signal(benSocket, 'typing')).toEqual({
      kind: 'typing',
      chatId: chat.id,
      userId: ana.id,
      name: 'Ana Ade',
    });
    // Nobody is told about their own typing.
    expect(anaSocket.frames.some((f) => f.type === 'chat_signal')).toBe(false);

    const read = (await post(second, benCookie, `/api/chats/${chat.id}/read`)).json();
    expect(await signal(anaSocket, 'read')).toEqual({
      kind: 'read',
      chatId: chat.id,
      userId: ben.id,
      readAt: read.readAt,
    });
    anaSocket.close();
    benSocket.close();
  });

  it('carries removals as updates and replays what a reconnecting client missed', async () => {
    const benSocket = new RealtimeClient(first, { cookie: benCookie });
    const { seq } = await benSocket.ready();
    benSocket.close();

    const missed = await send(second, anaCookie, 'Sent while you were away');
    const removed = await send(second, anaCookie, 'Oops, wrong chat');
    const deleted = await second.app.inject({
      method: 'DELETE',
      url: `/api/chats/${chat.id}/messages/${removed.id}`,
      headers: { cookie: anaCookie },
    });
    expect(deleted.statusCode).toBe(200);

    const back = new RealtimeClient(first, { cookie: benCookie, since: seq });
    expect((await message(back, missed.id)).body).toBe('Sent while you were away');
    expect(await message(back, removed.id, 'UPDATE')).toMatchObject({ deleted: true, body: '' });
    back.close();
  });

  it('never sends a chat to someone outside it', async () => {
    const cat = await createUser(first.db, { fullName: 'Cat Chukwu' });
    const catSocket = new RealtimeClient(first, { cookie: await first.sessionCookie(cat) });
    await catSocket.ready();
    const benSocket = new RealtimeClient(first, { cookie: benCookie });
    await benSocket.ready();
    const sent = await send(first, anaCookie, 'Only for Ben');
    await message(benSocket, sent.id);
    await post(first, anaCookie, `/api/chats/${chat.id}/typing`);
    await signal(benSocket, 'typing');
    expect(catSocket.frames.filter((f) => f.type !== 'ready' && f.type !== 'heartbeat')).toEqual(
      [],
    );
    catSocket.close();
    benSocket.close();
  });

  it("keeps each process's cached newest page in step with sends and removals anywhere", async () => {
    const newest = async (app: TestApp, cookie = benCookie) =>
      app.app.inject({
        method: 'GET',
        url: `/api/chats/${chat.id}/messages?limit=5`,
        headers: { cookie },
      });
    const bodies = async (app: TestApp) =>
      (await newest(app)).json<{ items: Message[] }>().items.map((m) => m.body);
    const benSocket = new RealtimeClient(second, { cookie: benCookie });
    await benSocket.ready();
    await bodies(first);
    await bodies(second); // both processes now hold the page

    // Sent through this process: the next read has it at once.
    await send(first, anaCookie, 'Cached no more');
    expect((await bodies(first))[0]).toBe('Cached no more');
    // Sent through the other: by the time its frame reaches a socket here, so has the page.
    const elsewhere = await send(first, anaCookie, 'From the other process');
    await message(benSocket, elsewhere.id);
    expect((await bodies(second))[0]).toBe('From the other process');
    // A removal, likewise.
    await second.app.inject({
      method: 'DELETE',
      url: `/api/chats/${chat.id}/messages/${elsewhere.id}`,
      headers: { cookie: anaCookie },
    });
    await message(benSocket, elsewhere.id, 'UPDATE');
    expect((await bodies(first))[0]).toBe('');
    // A cached page is still only for the chat's people.
    const cat = await createUser(first.db, { fullName: 'Cat Chukwu' });
    expect((await newest(first, await first.sessionCookie(cat))).statusCode).toBe(404);
    benSocket.close();
  });
});
