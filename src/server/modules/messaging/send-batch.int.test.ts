import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../contracts/messaging';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { directKey } from './chats.queries';
import { insertMessages, type MessageRow, type NewMessage } from './messaging.queries';
import { sendBatcherFor } from './send-batcher';

// Message sends go in batches (send-batcher.ts): one statement, insertMessages, sends a whole
// batch. These tests hand it batches directly, and check each message keeps the effects it had
// when sent alone: order, the chat's last message, read state, access, dedupe, notifications.

let t: TestApp;
const cookies = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function person(fullName: string): Promise<CreatedUser> {
  const user = await createUser(t.db, { fullName });
  cookies.set(user.id, await t.sessionCookie(user));
  return user;
}

/** Requests as a person, named by their id (their cookie is kept under it). */
const call = requestAs(
  () => t,
  () => Object.fromEntries(cookies),
);

async function directChat(a: CreatedUser, b: CreatedUser): Promise<string> {
  const result = await t.db.execute<{ id: string }>(sql`
    insert into chats (direct_key, created_by) values (${directKey(a.id, b.id)}, ${a.id})
    returning id`);
  const chatId = result.rows[0]?.id ?? '';
  await join(chatId, [a, b]);
  return chatId;
}

async function groupChat(title: string, members: CreatedUser[]): Promise<string> {
  const organizer = members[0];
  if (!organizer) throw new Error('a group needs an organizer');
  const event = await createEvent(t.db, { userId: organizer.id, title });
  const result = await t.db.execute<{ id: string }>(sql`
    insert into chats (is_group, event_id, title, created_by)
    values (true, ${event.id}, ${title}, ${organizer.id}) returning id`);
  const chatId = result.rows[0]?.id ?? '';
  await join(chatId, members);
  return chatId;
}

async function join(chatId: string, members: CreatedUser[]) {
  for (const member of members) {
    await t.db.execute(sql`
      insert into chat_participants (chat_id, user_id, name)
      values (${chatId}, ${member.id}, ${member.profile.fullName})`);
  }
}

const message = (
  chatId: string,
  sender: CreatedUser,
  body: string,
  options: { clientId?: string; preview?: string } = {},
): NewMessage => ({
  chatId,
  senderId: sender.id,
  body,
  clientId: options.clientId ?? null,
  image: null,
  preview: options.preview ?? body,
});

/** A person's notifications about a chat, oldest first. */
async function notesOf(user: CreatedUser, chatId: string) {
  const result = await t.db.execute<{
    type: string;
    title: string;
    message: string;
    read: boolean;
  }>(sql`
    select type, title, message, read from notifications
    where user_id = ${user.id} and related_id = ${chatId} order by seq`);
  return result.rows;
}
const notedBodies = async (user: CreatedUser, chatId: string) =>
  (await notesOf(user, chatId)).map((note) => note.message);

/** The chat's messages in history order (oldest first), as stored. */
async function stored(chatId: string) {
  const result = await t.db.execute<{
    id: string;
    sender_id: string;
    body: string;
    client_id: string | null;
    seq: number;
    created_at: string;
  }>(sql`
    select id, sender_id, body, client_id, seq::float8 as seq, created_at::text as created_at
    from messages where chat_id = ${chatId} order by created_at, id`);
  return result.rows;
}

async function chatRow(chatId: string) {
  const result = await t.db.execute<{
    last_message: string | null;
    last_sender_id: string | null;
    last_message_id: string | null;
  }>(sql`
    select c.last_message, c.last_sender_id,
      (select m.id from messages m where m.chat_id = c.id and m.created_at = c.last_message_at)
        as last_message_id
    from chats c where c.id = ${chatId}`);
  return result.rows[0];
}

/** The message whose time a participant's last_read_at holds (null when unset or no match). */
async function readUpTo(chatId: string, user: CreatedUser) {
  const result = await t.db.execute<{ read_at: string | null; message_id: string | null }>(sql`
    select cp.last_read_at::text as read_at,
      (select m.id from messages m where m.chat_id = cp.chat_id and m.created_at = cp.last_read_at)
        as message_id
    from chat_participants cp where cp.chat_id = ${chatId} and cp.user_id = ${user.id}`);
  return result.rows[0];
}

async function setLastRead(chatId: string, user: CreatedUser, secondsAgo: number) {
  await t.db.execute(sql`
    update chat_participants set last_read_at = now() - ${`${secondsAgo} seconds`}::interval
    where chat_id = ${chatId} and user_id = ${user.id}`);
}

async function history(user: CreatedUser, chatId: string): Promise<Message[]> {
  const response = await call(user.id, 'GET', `/api/chats/${chatId}/messages?limit=100`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Message[] }>().items;
}

async function unreadIn(user: CreatedUser, chatId: string): Promise<number> {
  const response = await call(user.id, 'GET', '/api/chats');
  expect(response.statusCode, response.body).toBe(200);
  const chat = response
    .json<{ items: { id: string; unreadCount: number }[] }>()
    .items.find((c) => c.id === chatId);
  if (!chat) throw new Error(`chat ${chatId} not in the list`);
  return chat.unreadCount;
}

const present = (rows: (MessageRow | null)[]) => rows.map((row) => row !== null);

describe('a batch of sends', () => {
  it('keeps input order within each chat and moves each chat to its newest message', async () => {
    const ana = await person('Ana Ade');
    const ben = await person('Ben Bello');
    const cat = await person('Cat Chukwu');
    const withBen = await directChat(ana, ben);
    const withCat = await directChat(ana, cat);
    // 40 messages in one chat, both writing in turn, with another chat's interleaved.
    const batch: NewMessage[] = [];
    for (let i = 1; i <= 40; i++) {
      batch.push(message(withBen, i % 3 === 0 ? ana : ben, `to ben ${i}`));
      if (i % 4 === 0) batch.push(message(withCat, i % 8 === 0 ? ana : cat, `to cat ${i}`));
    }
    // The newest of each chat is not the batch's last, and carries its own preview.
    batch.push(message(withBen, ana, 'ben newest', { preview: 'preview: ben newest' }));
    batch.push(message(withCat, cat, 'cat newest', { preview: 'preview: cat newest' }));

    const rows = await insertMessages(t.db, { messages: batch });

    expect(rows).toHaveLength(batch.length);
    rows.forEach((row, i) => {
      const input = batch[i];
      expect(row).toMatchObject({
        chatId: input?.chatId,
        senderId: input?.senderId,
        body: input?.body,
        deletedAt: null,
      });
    });
    const sent = rows as MessageRow[];
    const names = new Map([ana, ben, cat].map((p) => [p.id, p.profile.fullName]));
    expect(sent.map((row) => row.senderName)).toEqual(batch.map((m) => names.get(m.senderId)));
    // Realtime sequence and time both follow input order, across the whole batch.
    const seqs = sent.map((row) => Number(row.seq));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    for (const chatId of [withBen, withCat]) {
      const inputBodies = batch.filter((m) => m.chatId === chatId).map((m) => m.body);
      // The history endpoint (newest first) is the batch in reverse.
      const page = await history(ana, chatId);
      expect(page.map((m) => m.body).reverse()).toEqual(inputBodies);
      // Distinct times: the order does not rest on the id tie-break.
      const rowsOfChat = await stored(chatId);
      expect(new Set(rowsOfChat.map((m) => m.created_at)).size).toBe(rowsOfChat.length);
      expect(rowsOfChat.map((m) => m.seq)).toEqual(
        rowsOfChat.map((m) => m.seq).sort((a, b) => a - b),
      );
    }

    const newestToBen = sent.filter((row) => row.chatId === withBen).at(-1);
    const newestToCat = sent.filter((row) => row.chatId === withCat).at(-1);
    expect(await chatRow(withBen)).toEqual({
      last_message: 'preview: ben newest',
      last_sender_id: ana.id,
      last_message_id: newestToBen?.id,
    });
    expect(await chatRow(withCat)).toEqual({
      last_message: 'preview: cat newest',
      last_sender_id: cat.id,
      last_message_id: newestToCat?.id,
    });

    // Each sender has read their chat up to their own newest message of the batch.
    const newestOf = (chatId: string, sender: CreatedUser) =>
      sent.filter((row) => row.chatId === chatId && row.senderId === sender.id).at(-1)?.id;
    for (const [chatId, sender] of [
      [withBen, ana],
      [withBen, ben],
      [withCat, ana],
      [withCat, cat],
    ] as const) {
      expect((await readUpTo(chatId, sender))?.message_id).toBe(newestOf(chatId, sender));
    }
    // So Ben's unread count is what Ana wrote after his last message, and Ana's is zero.
    const toBen = sent.filter((row) => row.chatId === withBen);
    const bensLast = toBen.map((row) => row.senderId).lastIndexOf(ben.id);
    expect(await unreadIn(ben, withBen)).toBe(toBen.slice(bensLast + 1).length);
    expect(await unreadIn(ben, withBen)).toBeGreaterThan(0);
    expect(await unreadIn(ana, withBen)).toBe(0);
    const toCat = sent.filter((row) => row.chatId === withCat);
    const anasLastToCat = toCat.map((row) => row.senderId).lastIndexOf(ana.id);
    expect(await unreadIn(ana, withCat)).toBe(toCat.slice(anasLastToCat + 1).length);
    expect(await unreadIn(cat, withCat)).toBe(0);
  });

  it('answers null for a non-participant, a blocked pair and an unknown chat, and sends the rest', async () => {
    const ana = await person('Ana Ade');
    const ben = await person('Ben Bello');
    const cat = await person('Cat Chukwu');
    const dee = await person('Dee Dike');
    const eli = await person('Eli Eze');
    const chat = await directChat(ana, ben);
    const blockedChat = await directChat(dee, eli);
    const group = await groupChat('Block Party', [ana, dee, eli]);
    await t.db.execute(
      sql`insert into user_blocks (blocker_id, blocked_id) values (${eli.id}, ${dee.id})`,
    );

    const rows = await insertMessages(t.db, {
      messages: [
        message(chat, ana, 'hello'),
        message(chat, cat, 'not my chat'),
        message(blockedChat, dee, 'from the blocked one'),
        message(blockedChat, eli, 'from the one who blocked'),
        message(randomUUID(), ana, 'no such chat'),
        // Blocks are for direct chats: in a group both still talk.
        message(group, dee, 'in the group'),
        message(group, eli, 'me too'),
        message(chat, ben, 'reply'),
      ],
    });

    expect(present(rows)).toEqual([true, false, false, false, false, true, true, true]);
    expect(rows.map((row) => row?.body ?? null)).toEqual([
      'hello',
      null,
      null,
      null,
      null,
      'in the group',
      'me too',
      'reply',
    ]);
    expect((await stored(chat)).map((m) => m.body)).toEqual(['hello', 'reply']);
    expect(await stored(blockedChat)).toEqual([]);
    expect((await stored(group)).map((m) => m.body)).toEqual(['in the group', 'me too']);
    // Refused messages leave no trace: the chat, read state and notifications are untouched.
    expect(await chatRow(blockedChat)).toEqual({
      last_message: null,
      last_sender_id: null,
      last_message_id: null,
    });
    expect(await readUpTo(blockedChat, dee)).toEqual({ read_at: null, message_id: null });
    expect(await readUpTo(blockedChat, eli)).toEqual({ read_at: null, message_id: null });
    expect(await notesOf(eli, blockedChat)).toEqual([]);
    expect(await notesOf(dee, blockedChat)).toEqual([]);
    expect(await chatRow(chat)).toMatchObject({ last_message: 'reply', last_sender_id: ben.id });
    expect(await notedBodies(ben, chat)).toEqual(['hello']);
    expect(await notedBodies(ana, chat)).toEqual([]);
  });

  it('sends one message per client id, even when it comes twice in one batch', async () => {
    const ana = await person('Ana Ade');
    const ben = await person('Ben Bello');
    const cat = await person('Cat Chukwu');
    const chat = await directChat(ana, ben);
    const other = await directChat(ana, cat);

    const rows = await insertMessages(t.db, {
      messages: [
        message(chat, ana, 'first', { clientId: 'k1' }),
        // The same client id from someone else, or in another chat, is another message.
        message(chat, ben, 'from ben', { clientId: 'k1' }),
        message(other, ana, 'other chat', { clientId: 'k1' }),
        message(chat, ana, 'first, again', { clientId: 'k1' }),
      ],
    });

    expect(present(rows)).toEqual([true, true, true, false]);
    expect((await stored(chat)).map((m) => [m.body, m.client_id])).toEqual([
      ['first', 'k1'],
      ['from ben', 'k1'],
    ]);
    // The dropped repeat neither moved the chat nor notified anyone.
    expect(await chatRow(chat)).toMatchObject({ last_message: 'from ben', last_sender_id: ben.id });
    expect(await notedBodies(ben, chat)).toEqual(['first']);
    expect((await readUpTo(chat, ana))?.message_id).toBe(rows[0]?.id);

    // A later batch repeating it is refused too.
    expect(
      present(
        await insertMessages(t.db, { messages: [message(chat, ana, 'third', { clientId: 'k1' })] }),
      ),
    ).toEqual([false]);
    expect(await stored(chat)).toHaveLength(2);
  });

  it('answers a send repeated within one batch with the first message (201, then 200)', async () => {
    const ana = await person('Ana Ade');
    const ben = await person('Ben Bello');
    const chat = await directChat(ana, ben);
    const plugChat = await directChat(await person('Plug Sender'), ana);
    const url = `/api/chats/${chat}/messages`;
    // Warm Ana's session, so both sends reach the batcher quickly.
    expect((await call(ana.id, 'GET', '/api/chats')).statusCode).toBe(200);

    // Hold the batcher busy: a send to a locked chat waits in the database, so both repeats
    // arrive while a batch is in flight and go together in the next one.
    const batcher = sendBatcherFor(t.db);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from chats where id = ${plugChat} for update`);
      locked();
      await released;
    });
    await isLocked;
    const plug = batcher.submit(message(plugChat, ana, 'plug'));
    const sends = [1, 2].map(() =>
      call(ana.id, 'POST', url, { body: 'Same again', clientId: 'c-1' }),
    );
    try {
      await expect.poll(() => batcher.pending, { timeout: 10_000, interval: 5 }).toBe(2);
    } finally {
      release();
    }
    await holder;
    expect(await plug).not.toBeNull();
    const responses = await Promise.all(sends);

    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const [a, b] = responses.map((r) => r.json<Message>());
    expect(a?.id).toBe(b?.id);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ body: 'Same again', clientId: 'c-1', senderId: ana.id });
    expect(await stored(chat)).toHaveLength(1);
    expect(await notedBodies(ben, chat)).toEqual(['Same again']);

    // A retry after the fact gets the same answer.
    const retry = await call(ana.id, 'POST', url, { body: 'Same again', clientId: 'c-1' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<Message>().id).toBe(a?.id);
  });
});

describe('notifications of a batch', () => {
  it('in a direct chat: one per message for the other person, none for the sender', async () => {
    const ana = await person('Ana Ade');
    const ben = await person('Ben Bello');
    const chat = await directChat(ana, ben);

    await insertMessages(t.db, {
      messages: [
        message(chat, ana, 'one'),
        message(chat, ana, 'two'),
        message(chat, ana, 'three', { preview: 'three (preview)' }),
      ],
    });

    const notes = await notesOf(ben, chat);
    expect(notes).toEqual(
      ['one', 'two', 'three (preview)'].map((text) => ({
        type: 'message',
        title: 'New message from Ana Ade',
        message: text,
        read: false,
      })),
    );
    expect(await notesOf(ana, chat)).toEqual([]);
  });

  it('is born dispatched unless a browser is subscribed or message mail is on', async () => {
    const ana = await person('Ana Ade');
    const [plain, subscribed, mailed] = await Promise.all([
      person('Ben Bello'),
      person('Cy Cole'),
      person('Di Dada'),
    ]);
    await t.db.execute(sql`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth)
      values (${subscribed.id}, 'https://push.example/one', 'key', 'auth')`);
    await t.db.execute(sql`
      insert into notification_settings (user_id, settings)
      values (${mailed.id}, ${JSON.stringify({ groups: { messages: { inApp: true, email: true, push: true } } })}::jsonb)`);
    const chats = await Promise.all([plain, subscribed, mailed].map((p) => directChat(ana, p)));

    await insertMessages(t.db, { messages: chats.map((chat) => message(chat, ana, 'hello')) });

    // Born dispatched: set in the sending transaction, so equal to its creation time. The others
    // are left to the dispatcher (which may have claimed them since, at a later time).
    const bornDispatched = async (user: CreatedUser, chatId: string) => {
      const result = await t.db.execute<{ born: boolean }>(sql`
        select dispatched_at is not distinct from created_at as born from notifications
        where user_id = ${user.id} and related_id = ${chatId}`);
      return result.rows.map((row) => row.born);
    };
    expect(await bornDispatched(plain, chats[0] ?? '')).toEqual([true]);
    expect(await bornDispatched(subscribed, chats[1] ?? '')).toEqual([false]);
    expect(await bornDispatched(mailed, chats[2] ?? '')).toEqual([false]);
  });

  it('skips someone who wrote in that chat earlier in the same batch (they are looking)', async () => {
    const ana = await person('Ana Ade');
    const ben = await person('Ben Bello');
    const cat = await person('Cat Chukwu');
    const anaBen = await directChat(ana, ben);
    const benCat = await directChat(ben, cat);

    await insertMessages(t.db, {
      messages: [
        message(anaBen, ben, 'b1'),
        // Ben wrote in the other chat, not this one: he hears about Cat's message.
        message(benCat, cat, 'c1'),
        // Ben wrote b1 before this: no notification for him.
        message(anaBen, ana, 'a1'),
        // Ana wrote a1 before this: none for her.
        message(anaBen, ben, 'b2'),
        message(anaBen, ana, 'a2'),
      ],
    });

    expect(await notedBodies(ana, anaBen)).toEqual(['b1']);
    expect(await notedBodies(ben, anaBen)).toEqual([]);
    expect(await notedBodies(ben, benCat)).toEqual(['c1']);
    expect(await notedBodies(cat, benCat)).toEqual([]);
  });

  it('skips someone looking at the chat (read within the window), not someone who looked away', async () => {
    const ana = await person('Ana Ade');
    const ben = await person('Ben Bello');
    const cat = await person('Cat Chukwu');
    const withBen = await directChat(ana, ben);
    const withCat = await directChat(ana, cat);
    await setLastRead(withBen, ben, 5);
    await setLastRead(withCat, cat, 60);

    await insertMessages(t.db, {
      messages: [message(withBen, ana, 'seen live'), message(withCat, ana, 'ping')],
    });

    expect(await notesOf(ben, withBen)).toEqual([]);
    expect(await notedBodies(cat, withCat)).toEqual(['ping']);
  });

  it('in a group chat: at most one per member per batch, and none over an unread one', async () => {
    const ore = await person('Ore Organizer');
    const hana = await person('Hana Holder');
    const vic = await person('Vic Vendor');
    const sam = await person('Sam Seer');
    const group = await groupChat('Harbor Jazz Night', [ore, hana, vic, sam]);
    const small = await groupChat('Quiet Brunch', [ore, hana]);
    const groupNote = (text: string, title = 'Harbor Jazz Night') => ({
      type: 'event_chat_message',
      title: `New messages in ${title}`,
      message: text,
      read: false,
    });

    await insertMessages(t.db, {
      messages: [
        message(group, hana, 'g1'),
        message(group, vic, 'g2'),
        message(small, hana, 'k1'),
        message(group, hana, 'g3'),
      ],
    });
    // One each, about the newest; Vic wrote earlier in the batch and Hana sent the newest.
    expect(await notesOf(ore, group)).toEqual([groupNote('Hana Holder: g3')]);
    expect(await notesOf(sam, group)).toEqual([groupNote('Hana Holder: g3')]);
    expect(await notesOf(vic, group)).toEqual([]);
    expect(await notesOf(hana, group)).toEqual([]);
    // The other group of the same batch counts for itself.
    expect(await notesOf(ore, small)).toEqual([groupNote('Hana Holder: k1', 'Quiet Brunch')]);

    // Hana looked away. Ore and Sam still have their unread one: nothing new for them.
    await setLastRead(group, hana, 60);
    await insertMessages(t.db, {
      messages: [message(group, vic, 'g4'), message(group, sam, 'g5')],
    });
    expect(await notesOf(hana, group)).toEqual([groupNote('Sam Seer: g5')]);
    expect(await notesOf(ore, group)).toHaveLength(1);
    expect(await notesOf(sam, group)).toHaveLength(1);
    expect(await notesOf(vic, group)).toEqual([]);

    // Ore reads his; Vic looks away. The next batch notifies both, and not Sam (unread).
    await t.db.execute(sql`
      update notifications set read = true where user_id = ${ore.id} and related_id = ${group}`);
    await setLastRead(group, vic, 60);
    await insertMessages(t.db, {
      messages: [message(group, hana, 'g6'), message(group, hana, 'g7')],
    });
    expect(await notesOf(ore, group)).toEqual([
      { ...groupNote('Hana Holder: g3'), read: true },
      groupNote('Hana Holder: g7'),
    ]);
    expect(await notesOf(vic, group)).toEqual([groupNote('Hana Holder: g7')]);
    expect(await notesOf(sam, group)).toHaveLength(1);
    expect(await notesOf(hana, group)).toHaveLength(1);
  });
});

describe('sends at the same moment through the API', () => {
  it('all succeed, in one consistent order per chat, with distinct seqs and right unread counts', async () => {
    const pairs = [
      [await person('Pia Paul'), await person('Quin Quadri')],
      [await person('Rae Rufai'), await person('Sol Sani')],
    ] as const;
    const chats = await Promise.all(pairs.map(([a, b]) => directChat(a, b)));
    const PER_PERSON = 15;
    const posts: Promise<{ status: number; message: Message }>[] = [];
    for (let i = 0; i < PER_PERSON; i++) {
      pairs.forEach((pair, c) => {
        for (const sender of pair) {
          const body = `${sender.profile.fullName} #${i}`;
          posts.push(
            call(sender.id, 'POST', `/api/chats/${chats[c]}/messages`, { body }).then((r) => ({
              status: r.statusCode,
              message: r.json<Message>(),
            })),
          );
        }
      });
    }

    const results = await Promise.all(posts);

    expect(results.map((r) => r.status)).toEqual(results.map(() => 201));
    const seqs = results.map((r) => r.message.seq);
    expect(new Set(seqs).size).toBe(results.length);
    // They did share statements (one transaction per batch).
    const transactions = await t.db.execute<{ n: number }>(sql`
      select count(distinct xmin::text)::int as n from messages
      where chat_id = any(${`{${chats.join(',')}}`}::uuid[])`);
    expect(transactions.rows[0]?.n).toBeLessThan(results.length);

    for (const [c, chatId] of chats.entries()) {
      const pair = pairs[c];
      if (!pair) continue;
      const rows = await stored(chatId);
      expect(rows).toHaveLength(2 * PER_PERSON);
      // Time order and sequence order agree.
      expect(rows.map((m) => m.seq)).toEqual(rows.map((m) => m.seq).sort((a, b) => a - b));
      expect(new Set(rows.map((m) => m.created_at)).size).toBe(rows.length);
      // The history endpoint shows every message once, in that order.
      const page = await history(pair[0], chatId);
      expect(page.map((m) => m.id)).toEqual(rows.map((m) => m.id).reverse());
      const newest = rows.at(-1);
      expect(await chatRow(chatId)).toEqual({
        last_message: newest?.body,
        last_sender_id: newest?.sender_id,
        last_message_id: newest?.id,
      });
      for (const [me, other] of [pair, [pair[1], pair[0]]] as const) {
        const mine = rows.map((m) => m.sender_id).lastIndexOf(me.id);
        const expected = rows.slice(mine + 1).filter((m) => m.sender_id === other.id).length;
        expect((await readUpTo(chatId, me))?.message_id).toBe(rows[mine]?.id);
        expect(await unreadIn(me, chatId)).toBe(expected);
      }
    }
  });
});
