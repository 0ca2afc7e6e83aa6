import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_CHAT_REASONS,
  MESSAGE_MAX_LENGTH,
  MESSAGE_RATE_LIMIT,
  MESSAGING_MESSAGES,
  type ChatDetail,
  MessagePageSchema,
  type Message,
} from '../../../contracts/messaging';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { acceptLanguage, requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart, png } from '../../test/uploads';
import { presentMessage } from './messaging.presenter';
import { findMessageById } from './messaging.queries';

let t: TestApp;
let ana: CreatedUser;
let ben: CreatedUser;
let cat: CreatedUser;
let admin: CreatedUser;
const cookies = new Map<string, string>();

beforeAll(async () => {
  // The real per-person send limit (multiplier 1), so the limit itself can be tested.
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1' } });
  ana = await createUser(t.db, { fullName: 'Ana Ade' });
  ben = await createUser(t.db, { fullName: 'Ben Bello' });
  cat = await createUser(t.db, { fullName: 'Cat Chukwu' });
  admin = await createUser(t.db, { fullName: 'Ada Admin', roles: ['admin'] });
  for (const user of [ana, ben, cat, admin]) cookies.set(user.id, await t.sessionCookie(user));
});
afterAll(() => t.close());

/** Requests as a person, named by their id (their cookie is kept under it). */
const call = requestAs(
  () => t,
  () => Object.fromEntries(cookies),
);

async function open(user: CreatedUser, ref: string): Promise<ChatDetail> {
  const response = await call(user.id, 'POST', '/api/chats/open', { ref });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function send(user: CreatedUser, chatId: string, body: string, clientId?: string) {
  const response = await call(user.id, 'POST', `/api/chats/${chatId}/messages`, { body, clientId });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Message>();
}

const unreadMessages = async (user: CreatedUser) =>
  (await call(user.id, 'GET', '/api/notifications/unread-count?type=message')).json<{
    count: number;
  }>().count;

/** Fresh people for a test that must not share a send budget or chats with the others. */
async function pair(a: string, b: string) {
  const first = await createUser(t.db, { fullName: a });
  const second = await createUser(t.db, { fullName: b });
  cookies.set(first.id, await t.sessionCookie(first));
  cookies.set(second.id, await t.sessionCookie(second));
  return [first, second] as const;
}

describe('direct chats', () => {
  it('are one per pair, even when both open it at the same moment', async () => {
    const [dee, eli] = await pair('Dee Dike', 'Eli Eze');
    const opened = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? open(dee, eli.id) : open(eli, dee.id))),
    );
    expect(new Set(opened.map((chat) => chat.id)).size).toBe(1);
    const chat = opened[0];
    expect(chat?.kind).toBe('direct');
    expect(opened.find((c) => c.other?.id === eli.id)?.title).toBe('Eli Eze');
    expect(chat?.participants.map((p) => p.name).sort()).toEqual(['Dee Dike', 'Eli Eze']);
    // Opening by the chat's own id finds it too.
    expect((await open(dee, chat?.id ?? '')).id).toBe(chat?.id);
  });

  it('refuses yourself, unknown people, and the signed out', async () => {
    const self = await call(ana.id, 'POST', '/api/chats/open', { ref: ana.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(MESSAGING_MESSAGES.selfChat);
    const unknown = await call(ana.id, 'POST', '/api/chats/open', {
      ref: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call('signedOut', 'POST', '/api/chats/open', { ref: ben.id })).statusCode).toBe(
      401,
    );
    const invalid = await call(ana.id, 'POST', '/api/chats/open', { ref: 'not-an-id' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details.fields[0].field).toBe('body.ref');
  });

  it('are private to their two people, admins included (access matrix)', async () => {
    const chat = await open(ana, ben.id);
    const message = await send(ana, chat.id, 'Just between us');
    const urls = [
      ['GET', `/api/chats/${chat.id}`],
      ['GET', `/api/chats/${chat.id}/messages`],
      ['POST', `/api/chats/${chat.id}/read`],
      ['POST', `/api/chats/${chat.id}/typing`],
      ['DELETE', `/api/chats/${chat.id}/messages/${message.id}`],
    ] as const;
    // Ana's read keeps the newest page in this process, and that she is in the chat: the
    // others are still refused.
    expect((await call(ana.id, 'GET', `/api/chats/${chat.id}/messages`)).statusCode).toBe(200);
    for (const [method, url] of urls) {
      expect((await call('signedOut', method, url)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(cat.id, method, url)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(admin.id, method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
    const posted = await call(cat.id, 'POST', `/api/chats/${chat.id}/messages`, { body: 'hi' });
    expect(posted.statusCode).toBe(404);
    // Opening someone else's chat by its id is not a way in either.
    expect((await call(cat.id, 'POST', '/api/chats/open', { ref: chat.id })).statusCode).toBe(404);
    const history = await call(ben.id, 'GET', `/api/chats/${chat.id}/messages`);
    expect(history.json().items.map((m: Message) => m.body)).toContain('Just between us');
  });
});

describe('sending', () => {
  it('validates the body and names the field', async () => {
    const chat = await open(ana, cat.id);
    const empty = await call(ana.id, 'POST', `/api/chats/${chat.id}/messages`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details.fields).toEqual([
      { field: 'body.body', message: MESSAGING_MESSAGES.emptyMessage },
    ]);
    const long = await call(ana.id, 'POST', `/api/chats/${chat.id}/messages`, {
      body: 'x'.repeat(MESSAGE_MAX_LENGTH + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details.fields[0]).toEqual({
      field: 'body.body',
      message: MESSAGING_MESSAGES.tooLong,
    });
  });

  it('has one effect per client id, and moves the conversation list', async () => {
    const [fay, gus] = await pair('Fay Fola', 'Gus Gana');
    const chat = await open(fay, gus.id);
    const first = await send(fay, chat.id, 'Are you coming tonight?', 'client-1');
    const again = await call(fay.id, 'POST', `/api/chats/${chat.id}/messages`, {
      body: 'Are you coming tonight?',
      clientId: 'client-1',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.id);
    const history = (await call(gus.id, 'GET', `/api/chats/${chat.id}/messages`)).json();
    expect(history.items).toHaveLength(1);
    const list = (await call(gus.id, 'GET', '/api/chats')).json();
    expect(list.items[0]).toMatchObject({
      id: chat.id,
      title: 'Fay Fola',
      lastMessage: 'Are you coming tonight?',
      lastSenderId: fay.id,
      unreadCount: 1,
    });
    expect((await call(fay.id, 'GET', '/api/chats')).json().items[0].unreadCount).toBe(0);
  });

  it('holds each person to the send limit', async () => {
    const [hal, ivy] = await pair('Hal Haruna', 'Ivy Iro');
    const chat = await open(hal, ivy.id);
    for (let i = 0; i < MESSAGE_RATE_LIMIT.max; i++) await send(hal, chat.id, `message ${i}`);
    const limited = await call(hal.id, 'POST', `/api/chats/${chat.id}/messages`, { body: 'more' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(MESSAGING_MESSAGES.rateLimited);
    // When to try again: one token comes back every window/max (10 s / 30 → within 1 s).
    expect(limited.headers['retry-after']).toBe('1');
    // Someone else's budget is their own.
    await send(ivy, chat.id, 'slow down!');
  });

  it('attaches resized images and refuses what is not an image', async () => {
    const chat = await open(ana, ben.id);
    const upload = (data: Buffer, type: string) => {
      const body = multipart('image', 'photo', type, data);
      return call(ana.id, 'POST', `/api/chats/${chat.id}/attachments`, body.payload, body.headers);
    };
    const uploaded = await upload(await png(3200, 1600), 'image/png');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const image = uploaded.json();
    expect([image.width, image.height]).toEqual([1600, 800]);
    const message = (
      await call(ana.id, 'POST', `/api/chats/${chat.id}/messages`, { imageKey: image.imageKey })
    ).json<Message>();
    expect(message.image).toEqual({ url: image.url, width: 1600, height: 800 });
    expect((await t.app.inject({ url: image.url })).statusCode).toBe(200);
    const list = (await call(ben.id, 'GET', '/api/chats')).json();
    expect(list.items.find((c: { id: string }) => c.id === chat.id).lastMessage).toBe(
      'Sent a photo',
    );
    const text = await upload(Buffer.from('not an image'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json().error.details.fields[0]).toEqual({
      field: 'image',
      message: MESSAGING_MESSAGES.imageInvalid,
    });
    // Only people in the chat may upload to it.
    const body = multipart('image', 'photo', 'image/png', await png(10, 10));
    const foreign = await call(
      cat.id,
      'POST',
      `/api/chats/${chat.id}/attachments`,
      body.payload,
      body.headers,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('history', () => {
  it('pages newest first without gaps or repeats, even for messages sent in the same instant', async () => {
    const [jo, kai] = await pair('Jo Jaja', 'Kai Kalu');
    const chat = await open(jo, kai.id);
    // 120 messages; every 10 share one timestamp, so only the id orders them.
    await t.db.execute(sql`
      insert into messages (chat_id, sender_id, body, created_at)
      select ${chat.id}::uuid, case when i % 2 = 0 then ${jo.id}::uuid else ${kai.id}::uuid end,
        'message ' || i, timestamptz '2026-11-01 12:00:00+00' + ((i / 10) * interval '1 second')
      from generate_series(1, 120) i`);
    const seen: Message[] = [];
    let before: string | null = null;
    for (let page = 0; page < 5; page++) {
      const query: string = before ? `?before=${before}` : '';
      const response = await call(jo.id, 'GET', `/api/chats/${chat.id}/messages${query}`);
      const body: { items: Message[]; nextCursor: string | null } = response.json();
      seen.push(...body.items);
      before = body.nextCursor;
      if (!before) break;
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen.map((m) => m.id)).size).toBe(120);
    const times = seen.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const limited = (await call(jo.id, 'GET', `/api/chats/${chat.id}/messages?limit=20`)).json();
    expect(limited.items).toHaveLength(20);
  });

  it('builds each message exactly as the socket presents it (image, removed, deleted account)', async () => {
    const [pia, quin] = await pair('Pia Paul', 'Quin Quadri');
    const chat = await open(pia, quin.id);
    const gone = await createUser(t.db, { fullName: 'Gone Soon' });
    await t.db.execute(sql`
      insert into chat_participants (chat_id, user_id, name) values (${chat.id}, ${gone.id}, 'Gone')`);
    await t.db.execute(sql`
      insert into messages (chat_id, sender_id, body, image_key, image_width, image_height, client_id, created_at, deleted_at)
      values
        (${chat.id}, ${pia.id}, 'With a photo', 'chat/${sql.raw('a'.repeat(32))}-640x480.webp', 640, 480,
          'client-1', timestamptz '2026-11-01 12:00:00.123456+00', null),
        (${chat.id}, ${quin.id}, 'Taken back', null, null, null, null,
          timestamptz '2026-11-01 12:00:01.999999+00', now()),
        (${chat.id}, ${gone.id}, 'From someone who left', null, null, null, null,
          timestamptz '2026-11-01 12:00:02+00', null)`);
    await t.db.execute(sql`delete from users where id = ${gone.id}`);
    const page = MessagePageSchema.parse(
      (await call(pia.id, 'GET', `/api/chats/${chat.id}/messages`)).json(),
    );
    const presented = await Promise.all(
      page.items.map(async (item) => {
        const row = await findMessageById(t.db, { chatId: chat.id, messageId: item.id });
        return row && presentMessage(row);
      }),
    );
    expect(page.items).toEqual(presented);
    expect(
      page.items.map((m) => [m.senderName, m.body, m.deleted, m.image?.width ?? null]),
    ).toEqual([
      ['Deleted account', 'From someone who left', false, null],
      ['Quin Quadri', '', true, null],
      ['Pia Paul', 'With a photo', false, 640],
    ]);
    expect(page.items[2]?.createdAt).toBe('2026-11-01T12:00:00.123Z');
    expect(page.nextCursor).toBeNull();
  });
});

describe('reading and notifications', () => {
  it('notifies the other person, and opening the chat clears the badge', async () => {
    const [lu, mo] = await pair('Lu Lawal', 'Mo Musa');
    const chat = await open(lu, mo.id);
    await send(lu, chat.id, 'First');
    await send(lu, chat.id, 'Second');
    expect(await unreadMessages(mo)).toBe(2);
    const listed = (await call(mo.id, 'GET', '/api/notifications?limit=5')).json().items;
    expect(listed[0]).toMatchObject({
      type: 'message',
      title: 'New message from Lu Lawal',
      message: 'Second',
      relatedId: chat.id,
      relatedType: 'messages',
      // spec §2: /messages?chat={sender id}&name=… (opening it finds the one direct chat)
      link: `/messages?chat=${lu.id}&name=Lu%20Lawal`,
    });
    expect(listed[0].metadata).toMatchObject({ sender_id: lu.id, sender_name: 'Lu Lawal' });
    const read = await call(mo.id, 'POST', `/api/chats/${chat.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(await unreadMessages(mo)).toBe(0);
    const detail: ChatDetail = (await call(lu.id, 'GET', `/api/chats/${chat.id}`)).json();
    expect(detail.participants.find((p) => p.id === mo.id)?.lastReadAt).toBe(read.json().readAt);
    // Mo is looking at the chat now: new messages arrive without notifications.
    await send(lu, chat.id, 'Third');
    expect(await unreadMessages(mo)).toBe(0);
    // Half a minute later (everything so far moved 31 s back) Mo has looked away.
    await t.db.execute(sql`
      update chat_participants set last_read_at = last_read_at - interval '31 seconds'
      where chat_id = ${chat.id}`);
    await t.db.execute(sql`
      update messages set created_at = created_at - interval '31 seconds' where chat_id = ${chat.id}`);
    await send(lu, chat.id, 'Fourth');
    expect(await unreadMessages(mo)).toBe(1);
    // Unread in the list: what came after Mo's read (Third, while looking, and Fourth).
    expect((await call(mo.id, 'GET', '/api/chats')).json().items[0].unreadCount).toBe(2);
  });

  it("writes each recipient's notification in their own language", async () => {
    const [lu, sol] = await pair('Lu Lawal', 'Sol Soto');
    await t.db.execute(sql`update users set language = 'es' where id = ${sol.id}`);
    const chat = await open(lu, sol.id);
    await send(lu, chat.id, 'Hola');
    const listed = (await call(sol.id, 'GET', '/api/notifications?limit=5')).json().items;
    // (The English reader is the test above.)
    expect(listed[0]).toMatchObject({ title: 'Nuevo mensaje de Lu Lawal', message: 'Hola' });
  });
});

describe('blocking', () => {
  it('stops a blocked person from starting or continuing a chat, until unblocked', async () => {
    const [ned, ola] = await pair('Ned Nwosu', 'Ola Obi');
    const chat = await open(ned, ola.id);
    expect((await call(ola.id, 'PUT', `/api/blocks/${ned.id}`)).statusCode).toBe(204);
    const blocked = await call(ned.id, 'POST', `/api/chats/${chat.id}/messages`, { body: 'hey' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.message).toBe(MESSAGING_MESSAGES.blocked);
    const reopen = await call(ned.id, 'POST', '/api/chats/open', { ref: ola.id });
    expect(reopen.statusCode).toBe(403);
    // The one who blocked can still read the chat and sees that they blocked.
    expect((await open(ola, ned.id)).blocked).toBe(true);
    const list = (await call(ola.id, 'GET', '/api/blocks')).json();
    expect(list.items.map((p: { id: string }) => p.id)).toEqual([ned.id]);
    expect((await call(ola.id, 'DELETE', `/api/blocks/${ned.id}`)).statusCode).toBe(204);
    await send(ned, chat.id, 'Sorry about that');
    expect((await call(ola.id, 'PUT', `/api/blocks/${ola.id}`)).statusCode).toBe(400);
    const inFrench = await call(
      ola.id,
      'PUT',
      `/api/blocks/${ola.id}`,
      undefined,
      acceptLanguage('fr'),
    );
    expect(inFrench.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Vous ne pouvez pas vous bloquer vous-même.' },
    });
  });
});

describe('event group chat', () => {
  let organizer: CreatedUser;
  let holder: CreatedUser;
  let vendor: CreatedUser;
  let stranger: CreatedUser;
  let eventId: string;

  beforeAll(async () => {
    [organizer, holder] = await pair('Ore Organizer', 'Hana Holder');
    [vendor, stranger] = await pair('Vic Vendor', 'Sam Stranger');
    const event = await createEvent(t.db, { userId: organizer.id, title: 'Lagos Jazz Night' });
    eventId = event.id;
    await createTicketType(t.db, { eventId, priceCents: 0, name: 'Free entry' });
    const registered = await call(holder.id, 'POST', `/api/events/${eventId}/register`, {});
    expect(registered.statusCode, registered.body).toBe(201);
    await t.db.execute(sql`
      insert into event_participants (event_id, user_id, role, can_access_chat)
      values (${eventId}, ${vendor.id}, 'vendor', false)`);
  });

  const status = (user: CreatedUser | null) =>
    call(user?.id ?? 'signedOut', 'GET', `/api/events/${eventId}/chat`);
  const join = (user: CreatedUser) => call(user.id, 'POST', `/api/events/${eventId}/chat/join`);

  it('tells each person whether they may enter and why not', async () => {
    expect((await status(null)).json()).toMatchObject({
      access: 'signed_out',
      chatId: null,
      reason: EVENT_CHAT_REASONS.signed_out,
      eventTitle: 'Lagos Jazz Night',
    });
    expect((await status(stranger)).json()).toMatchObject({
      access: 'needs_ticket',
      reason: EVENT_CHAT_REASONS.needs_ticket,
    });
    expect((await status(vendor)).json()).toMatchObject({
      access: 'vendor_fee_due',
      reason: EVENT_CHAT_REASONS.vendor_fee_due,
    });
    expect((await status(holder)).json().access).toBe('ticket_holder');
    expect((await status(organizer)).json().access).toBe('organizer');
    const refused = await join(stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(EVENT_CHAT_REASONS.needs_ticket);
    expect((await join(vendor)).statusCode).toBe(403);
  });

  it('admits the organizer, ticket holders and vendors with access into one chat', async () => {
    const holderChat: ChatDetail = (await join(holder)).json();
    expect(holderChat).toMatchObject({
      kind: 'group',
      title: 'Lagos Jazz Night',
      canModerate: false,
    });
    expect(holderChat.event?.id).toBe(eventId);
    const organizerChat: ChatDetail = (await join(organizer)).json();
    expect(organizerChat.id).toBe(holderChat.id);
    expect(organizerChat.canModerate).toBe(true);
    expect(organizerChat.participants[0]).toMatchObject({ id: organizer.id, isOrganizer: true });
    await t.db.execute(sql`
      update event_participants set can_access_chat = true
      where event_id = ${eventId} and user_id = ${vendor.id}`);
    expect((await join(vendor)).json().id).toBe(holderChat.id);
    expect((await status(holder)).json().chatId).toBe(holderChat.id);
    // A stranger still cannot read or post by knowing the id.
    expect(
      (await call(stranger.id, 'GET', `/api/chats/${holderChat.id}/messages`)).statusCode,
    ).toBe(404);
  });

  it('keeps one unread notification per member, and lets the organizer pin and remove', async () => {
    const chatId: string = (await status(holder)).json().chatId;
    const hello = await send(holder, chatId, 'Hello everyone!');
    await send(vendor, chatId, 'DJ set starts at nine');
    const forOrganizer = (await call(organizer.id, 'GET', '/api/notifications?limit=10'))
      .json()
      .items.filter((n: { type: string }) => n.type === 'event_chat_message');
    expect(forOrganizer).toHaveLength(1);
    expect(forOrganizer[0]).toMatchObject({
      title: 'New messages in Lagos Jazz Night',
      message: 'Hana Holder: Hello everyone!',
      relatedId: chatId,
      link: `/event-group-chat?event=${eventId}`,
    });
    const announcement = await send(organizer, chatId, 'Doors open at 8pm');
    const notPinned = await call(holder.id, 'PUT', `/api/chats/${chatId}/pin`, {
      messageId: announcement.id,
    });
    expect(notPinned.statusCode).toBe(403);
    expect(notPinned.json().error.message).toBe(MESSAGING_MESSAGES.notOrganizer);
    const pinned = await call(organizer.id, 'PUT', `/api/chats/${chatId}/pin`, {
      messageId: announcement.id,
    });
    expect(pinned.json().pinned.body).toBe('Doors open at 8pm');
    expect((await call(holder.id, 'GET', `/api/chats/${chatId}`)).json().pinned.id).toBe(
      announcement.id,
    );
    // Members remove only their own messages; the organizer removes anyone's.
    const notTheirs = await call(
      holder.id,
      'DELETE',
      `/api/chats/${chatId}/messages/${announcement.id}`,
    );
    expect(notTheirs.statusCode).toBe(403);
    const removed = await call(organizer.id, 'DELETE', `/api/chats/${chatId}/messages/${hello.id}`);
    expect(removed.json()).toMatchObject({ id: hello.id, deleted: true, body: '' });
    const history = (await call(vendor.id, 'GET', `/api/chats/${chatId}/messages`)).json();
    expect(history.items.find((m: Message) => m.id === hello.id)).toMatchObject({
      deleted: true,
      body: '',
    });
    // Removing the pinned message unpins it.
    await call(organizer.id, 'DELETE', `/api/chats/${chatId}/messages/${announcement.id}`);
    expect((await call(holder.id, 'GET', `/api/chats/${chatId}`)).json().pinned).toBeNull();
  });
});
