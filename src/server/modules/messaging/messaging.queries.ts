import { pruneNow } from '../../platform/http/rate-limits';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { CHAT_LOOKING_WINDOW_MS } from '../../../contracts/messaging';
import { DEFAULT_CHANNELS } from '../../../contracts/notification-types';
import { compiledStatement, prepared, type DbExecutor } from '../../db/client';
import { MEDIA_PREFIX } from '../../platform/storage/storage';
import { notificationCopy, sqlCopy } from '../notifications/notifications.service';
import { teamChatIdsOf, teamReadersOf } from './team-chats.queries';

// Messaging's SQL. Every read and write names the person acting and checks, inside the same
// statement, that they take part in the chat (docs/architecture.md: access inside queries).

export interface MessageRow {
  id: string;
  chatId: string;
  senderId: string | null;
  senderName: string | null;
  senderAvatarUrl: string | null;
  /** A team member who wrote it for the sender's account (decision 073), and their name. */
  writtenBy: string | null;
  writerName: string | null;
  body: string;
  clientId: string | null;
  imageKey: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  createdAt: Date;
  deletedAt: Date | null;
  removedByModerator: boolean;
  updatedAt: Date | null;
  seq: number;
}

/** A message row plus the people it goes to on the socket. */
export interface MessageChange extends MessageRow {
  recipients: string[];
}

const MESSAGE_COLUMNS = sql`m.id, m.chat_id as "chatId", m.sender_id as "senderId",
  sp.full_name as "senderName", sp.avatar_url as "senderAvatarUrl", m.written_by as "writtenBy",
  (select wp.full_name from profiles wp where wp.id = m.written_by) as "writerName", m.body,
  m.client_id as "clientId", m.image_key as "imageKey", m.image_width as "imageWidth",
  m.image_height as "imageHeight", m.created_at as "createdAt", m.deleted_at as "deletedAt",
  m.removed_by_moderator as "removedByModerator", m.updated_at as "updatedAt", m.seq::float8 as seq`;

// node-postgres returns timestamps of raw queries as Date already; seq comes back as a number.
export const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];
/** Every statement here is prepared once per connection (docs/decisions/010). */
export const run = async (db: DbExecutor, query: SQL) => ({
  rows: await prepared<unknown>(db, query),
});

/** Is this person in this chat? */
export async function isParticipant(
  db: DbExecutor,
  params: { chatId: string; userId: string },
): Promise<boolean> {
  const result = await run(
    db,
    sql`
    select 1 from chat_participants where chat_id = ${params.chatId} and user_id = ${params.userId}`,
  );
  return result.rows.length > 0;
}

/** Everyone in the chat. */
export async function listParticipantIds(
  db: DbExecutor,
  params: { chatId: string },
): Promise<string[]> {
  const result = await run(
    db,
    sql`select user_id from chat_participants where chat_id = ${params.chatId}`,
  );
  return rowsOf<{ user_id: string }>(result).map((row) => row.user_id);
}

export interface NewMessage {
  chatId: string;
  senderId: string;
  /** A team member writing for the sender's account (decision 073). */
  writtenBy?: string | null;
  body: string;
  clientId: string | null;
  image: { key: string; width: number; height: number } | null;
  preview: string;
  /**
   * The sender's share of the send limit, counted in the same statement as the insert so the
   * limit holds across server processes without a second round trip (docs/decisions/013).
   * Every message of a process carries the same max and window.
   */
  quota?: { max: number; windowMs: number; at: number };
}

/** A send the shared limit refused: the next token comes in `retryAfterMs`. */
export interface SendLimited {
  retryAfterMs: number;
}

/** A batch's message rows in input order; null when not inserted (see sendMessages). */
export async function insertMessages(
  db: DbExecutor,
  params: { messages: NewMessage[] },
): Promise<(MessageRow | null)[]> {
  const outcomes = await sendMessages(db, params);
  return outcomes.map((outcome) => (outcome && 'retryAfterMs' in outcome ? null : outcome));
}

/**
 * The send statement (sendMessages): the same text for every batch, so it is built and compiled
 * once; a batch brings only its values. Its notification words in every language are part of
 * the text's parameters, which made building it per batch cost more CPU than the send itself.
 */
const sendStatement = compiledStatement(['input', 'max', 'now', 'tolerance', 'step'], (v) => {
  const tokensFree = sql`greatest(0, floor((${v.now}::float8 + ${v.tolerance}::float8
      - greatest(extract(epoch from c.reset_at)::float8 * 1000, ${v.now}::float8))
      / ${v.step}::float8 + 0.001) + 1)`;
  const lookingSince = sql`now() - ${`${CHAT_LOOKING_WINDOW_MS} milliseconds`}::interval`;
  // The notifications' words come from notifications' copy, as parameters.
  const copy = notificationCopy;
  const sender = sql`coalesce(s.full_name, ${copy.deletedAccount}::text)`;
  // Each recipient reads them in their own language (users.language; null is English).
  const language = sql`ru.language`;
  const groupTitle = sqlCopy(
    copy.eventChatMessage.title,
    { event: sql`coalesce(t.event_title, ${copy.eventChatMessage.unnamedChat}::text)` },
    language,
  );
  const directTitle = sqlCopy(copy.message.title, { sender }, language);
  const groupMessage = sqlCopy(
    copy.eventChatMessage.message,
    { sender, preview: sql`t.preview` },
    language,
  );
  const directMessage = sqlCopy(copy.message.message, { preview: sql`t.preview` }, language);
  return sql`
      with input as (
        select *, row_number() over (partition by quota_key order by ord) as quota_rank
        from jsonb_to_recordset(${v.input}::jsonb) as i(ord int, id uuid,
          chat_id uuid, sender_id uuid, written_by uuid, body text, client_id text, image_key text, image_width int,
          image_height int, preview text, quota_key text)
      ),
      -- Each sender's tokens for this batch, taken under the row lock of the upsert (keys sorted,
      -- so batches of two processes cannot deadlock); the first \`count\` of their sends go ahead.
      quota as (
        insert into rate_limit_counters as c (key, count, reset_at)
        select quota_key, least(count(*), ${v.max})::int,
          to_timestamp((${v.now}::float8 + least(count(*), ${v.max}) * ${v.step}::float8) / 1000)
        from input where quota_key is not null group by quota_key order by quota_key
        on conflict (key) do update set
          count = least(excluded.count, ${tokensFree})::int,
          reset_at = to_timestamp((greatest(extract(epoch from c.reset_at)::float8 * 1000, ${v.now}::float8)
            + least(excluded.count, ${tokensFree}) * ${v.step}::float8) / 1000)
        returning key, count, reset_at
      ),
      allowed as (
        select i.* from input i left join quota q on q.key = i.quota_key
        where i.quota_key is null or i.quota_rank <= q.count
      ),
      target as (
        select i.*, c.is_group, c.event_id, e.title as event_title
        from allowed i
        join chats c on c.id = i.chat_id
        join chat_participants me on me.chat_id = c.id and me.user_id = i.sender_id
        left join events e on e.id = c.event_id
        where c.is_group or not exists (
          select 1 from chat_participants o
          join user_blocks b on (b.blocker_id = o.user_id and b.blocked_id = i.sender_id)
            or (b.blocker_id = i.sender_id and b.blocked_id = o.user_id)
          where o.chat_id = c.id and o.user_id <> i.sender_id)
      ),
      ins as (
        -- clock_timestamp(), not now(): a batch shares one transaction, and its messages keep
        -- their order in the history, which is ordered by time.
        insert into messages (id, chat_id, sender_id, written_by, body, client_id, image_key,
          image_width, image_height, created_at)
        select id, chat_id, sender_id, written_by, body, client_id, image_key, image_width,
          image_height, clock_timestamp()
        from target order by ord
        on conflict (chat_id, sender_id, client_id) where client_id is not null do nothing
        returning *
      ),
      moved as (
        update chats set last_message = n.preview, last_message_at = n.created_at,
          last_sender_id = n.sender_id
        from (select distinct on (ins.chat_id) ins.chat_id, ins.created_at, ins.sender_id, t.preview
          from ins join target t on t.id = ins.id order by ins.chat_id, ins.seq desc) n
        where chats.id = n.chat_id
      ),
      seen as (
        update chat_participants set last_read_at = n.created_at
        from (select distinct on (chat_id, sender_id) chat_id, sender_id, created_at
          from ins order by chat_id, sender_id, seq desc) n
        where chat_participants.chat_id = n.chat_id and chat_participants.user_id = n.sender_id
      ),
      noted as (
        insert into notifications (user_id, type, title, message, related_id, related_type, metadata,
          dispatched_at)
        select p.user_id,
          case when t.is_group then 'event_chat_message' else 'message' end,
          case when t.is_group then ${groupTitle} else ${directTitle} end,
          case when t.is_group then ${groupMessage} else ${directMessage} end,
          ins.chat_id::text, 'messages',
          jsonb_build_object('sender_id', ins.sender_id, 'sender_name', s.full_name,
            'chat_id', ins.chat_id, 'event_id', t.event_id, 'event_title', t.event_title),
          -- Nothing to send by push or email (no browser subscribed, message mail off): the row
          -- is born dispatched, sparing the dispatcher a claim and PostgreSQL a second row version.
          case when exists (select 1 from push_subscriptions ps where ps.user_id = p.user_id)
            or coalesce((select (ns.settings->'groups'->'messages'->>'email')::boolean
              from notification_settings ns where ns.user_id = p.user_id), ${DEFAULT_CHANNELS.messages.email})
            then null else now() end
        from ins
        join target t on t.id = ins.id
        left join profiles s on s.id = ins.sender_id
        join chat_participants p on p.chat_id = ins.chat_id and p.user_id <> ins.sender_id
          and (p.last_read_at is null or p.last_read_at < ${lookingSince})
        join users ru on ru.id = p.user_id
        where not exists (select 1 from ins r
            where r.chat_id = ins.chat_id and r.sender_id = p.user_id and r.seq < ins.seq)
          and (not t.is_group or (
            ins.seq = (select max(r.seq) from ins r where r.chat_id = ins.chat_id)
            and not exists (select 1 from notifications n where n.user_id = p.user_id
              and n.read = false and n.type = 'event_chat_message'
              and n.related_id = ins.chat_id::text)))
      )
      select i.ord, ins.id, ins.chat_id as "chatId", ins.sender_id as "senderId",
        s.full_name as "senderName", s.avatar_url as "senderAvatarUrl",
        ins.written_by as "writtenBy",
        (select wp.full_name from profiles wp where wp.id = ins.written_by) as "writerName", ins.body,
        ins.client_id as "clientId", ins.image_key as "imageKey", ins.image_width as "imageWidth",
        ins.image_height as "imageHeight", ins.created_at as "createdAt",
        ins.deleted_at as "deletedAt", ins.removed_by_moderator as "removedByModerator",
        ins.updated_at as "updatedAt", ins.seq::float8 as seq,
        case when i.quota_rank > q.count
          then extract(epoch from q.reset_at)::float8 * 1000 end as "quotaFullAt"
      from input i
      left join ins on ins.id = i.id
      left join profiles s on s.id = ins.sender_id
      left join quota q on q.key = i.quota_key
      where ins.id is not null or i.quota_rank > q.count`;
});

/**
 * Sends messages, one statement for a whole batch (platform/batcher.ts): for each message it
 * checks the sender takes part (and, in a direct chat, that neither person blocked the other),
 * inserts it (a repeated client id is the same message), moves the chat's last message, counts
 * the sender as having read their own chat, and notifies the others who are not looking at the
 * chat (spec §3 message / event_chat_message; a group chat keeps at most one unread notification
 * per person, so a busy chat does not bury the rest). Someone who wrote in the chat earlier in
 * the same batch is looking at it. Answers each message's row in input order, or null when it
 * was not inserted (not a participant, blocked, or an earlier send with the same client id).
 */
export async function sendMessages(
  db: DbExecutor,
  params: { messages: NewMessage[] },
): Promise<(MessageRow | SendLimited | null)[]> {
  const batch = params.messages;
  // One JSON parameter carries the batch; ids are chosen here so rows map back to their senders.
  const input = batch.map((m, ord) => ({
    ord,
    id: randomUUID(),
    chat_id: m.chatId,
    sender_id: m.senderId,
    written_by: m.writtenBy ?? null,
    body: m.body,
    client_id: m.clientId,
    image_key: m.image?.key ?? null,
    image_width: m.image?.width ?? null,
    image_height: m.image?.height ?? null,
    preview: m.preview,
    quota_key: m.quota ? `msg:${m.senderId}` : null,
  }));
  // The shared buckets of platform/http/rate-limits.ts (GCRA): `max` tokens per sender refilled
  // evenly over the window; reset_at is when the bucket is full again.
  const quota = batch.find((m) => m.quota)?.quota ?? { max: 1, windowMs: 1, at: 0 };
  const now = Math.max(...batch.map((m) => m.quota?.at ?? 0));
  const step = quota.windowMs / quota.max;
  const tolerance = quota.windowMs - step;
  const rows = await sendStatement<MessageRow & { ord: number; quotaFullAt: number | null }>(db, {
    input: JSON.stringify(input),
    max: quota.max,
    now,
    tolerance,
    step,
  });
  if (now > 0) pruneNow(db, new Date(now));
  const sent: (MessageRow | SendLimited | null)[] = batch.map(() => null);
  for (const { ord, quotaFullAt, ...row } of rows) {
    sent[ord] =
      quotaFullAt === null
        ? row
        : { retryAfterMs: Math.max(0, Math.ceil(quotaFullAt - tolerance - now)) };
  }
  return sent;
}

/** The message this sender already sent with this client id (a retried send). */
export async function findMessageByClientId(
  db: DbExecutor,
  params: { chatId: string; senderId: string; clientId: string },
): Promise<MessageRow | null> {
  const result = await run(
    db,
    sql`
    select ${MESSAGE_COLUMNS} from messages m left join profiles sp on sp.id = m.sender_id
    where m.chat_id = ${params.chatId} and m.sender_id = ${params.senderId}
      and m.client_id = ${params.clientId}`,
  );
  return rowsOf<MessageRow>(result)[0] ?? null;
}

/**
 * A message's fields under the API's names, as a row `msg` of the page (see pageStatement): the
 * same shape as `presentMessage` (a test holds them equal). History pages are the hottest read;
 * building their JSON in the database spares the server parsing, presenting and re-serialising
 * 50 rows per request. The row becomes JSON as a whole record (json_agg of `msg`): a
 * json_build_object of 13 pairs per message made the page's execution a quarter slower.
 */
const MESSAGE_FIELDS = sql`m.id as "id", m.chat_id as "chatId", m.sender_id as "senderId",
  coalesce(sp.full_name, 'Deleted account') as "senderName", sp.avatar_url as "senderAvatarUrl",
  case when m.written_by is not null then json_build_object('id', m.written_by,
    'name', coalesce((select wp.full_name from profiles wp where wp.id = m.written_by),
      'Deleted account')) end as "writtenBy",
  case when m.deleted_at is null then m.body else '' end as "body",
  case when m.deleted_at is null and m.image_key is not null then json_build_object(
    'url', ${MEDIA_PREFIX}::text || m.image_key,
    'width', coalesce(m.image_width, 0), 'height', coalesce(m.image_height, 0)) end as "image",
  m.client_id as "clientId",
  to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  m.deleted_at is not null as "deleted", m.removed_by_moderator as "removedByModerator",
  m.seq as "seq"`;

export interface MessagePageJson {
  /** Whether the person takes part: an empty page of someone else's chat is a 404. */
  member: boolean;
  /** `{ items, nextCursor }` as JSON text (contracts MessagePageSchema). */
  json: string;
}

const PAGE_KEYS = ['chatId', 'userId', 'limit', 'beforeId'] as const;

/**
 * A page of history, newest first, only for a participant, with or without a cursor. Its text
 * never changes, only its values, so it is compiled once per process: building it per request
 * was a tenth of the server's CPU on the older pages.
 */
const pageStatement = (older: boolean) =>
  compiledStatement(PAGE_KEYS, (v) => {
    const before = older
      ? sql`and (m.created_at, m.id) < (select b.created_at, b.id from messages b
        where b.id = ${v.beforeId}::uuid and b.chat_id = ${v.chatId}::uuid)`
      : sql``;
    // One more row than asked says whether an older page exists. The page is limited before the
    // sender join, so only its rows look up their sender.
    // The order spells out the index's `nulls last` (both columns are not null, so the rows are
    // the same): with the default `desc nulls first` PostgreSQL cannot walk
    // messages_chat_created_idx in order, and collected and sorted every older message of the
    // chat for each page.
    return sql`
    with member as (
      select exists (select 1 from chat_participants
        where chat_id = ${v.chatId}::uuid and user_id = ${v.userId}::uuid) as ok),
    page as (
      select m.id, row_number() over (order by m.created_at desc nulls last, m.id desc nulls last) as n,
        msg
      from (select * from messages m
        where m.chat_id = ${v.chatId}::uuid and (select ok from member) ${before}
        order by m.created_at desc nulls last, m.id desc nulls last
        limit ${v.limit}::int + 1) m
      left join lateral (select full_name, avatar_url from profiles where id = m.sender_id) sp on true
      cross join lateral (select ${MESSAGE_FIELDS}) msg)
    select (select ok from member) as member, json_build_object(
      'items', (select coalesce(json_agg(msg order by n), '[]'::json) from page
        where n <= ${v.limit}::int),
      'nextCursor', (select id from page where n = ${v.limit}::int
        and exists (select 1 from page where n > ${v.limit}::int)))::text as json`;
  });
const newestPage = pageStatement(false);
const olderPage = pageStatement(true);

/** A page of history, newest first, only for a participant, as ready-to-send JSON. */
export async function findMessagePage(
  db: DbExecutor,
  params: {
    chatId: string;
    userId: string;
    limit: number;
    /** The oldest message of the previous page (exact to the microsecond, unlike a date). */
    beforeId: string | null;
  },
): Promise<MessagePageJson> {
  const statement = params.beforeId ? olderPage : newestPage;
  const [row] = await statement<MessagePageJson>(db, params);
  return { member: row?.member ?? false, json: row?.json ?? '{"items":[],"nextCursor":null}' };
}

export async function findMessageById(
  db: DbExecutor,
  params: { chatId: string; messageId: string },
): Promise<MessageRow | null> {
  const result = await run(
    db,
    sql`
    select ${MESSAGE_COLUMNS} from messages m left join profiles sp on sp.id = m.sender_id
    where m.chat_id = ${params.chatId} and m.id = ${params.messageId}`,
  );
  return rowsOf<MessageRow>(result)[0] ?? null;
}

/** Removes a message if the actor sent it or moderates the chat; null when neither. */
export async function removeMessage(
  db: DbExecutor,
  params: { chatId: string; messageId: string; userId: string; moderator: boolean },
): Promise<MessageRow | null> {
  const result = await run(
    db,
    sql`
    with removed as (
      update messages m set deleted_at = coalesce(m.deleted_at, now()), body = '', image_key = null
      where m.chat_id = ${params.chatId} and m.id = ${params.messageId}
        and (m.sender_id = ${params.userId} or ${params.moderator})
        and exists (select 1 from chat_participants where chat_id = ${params.chatId} and user_id = ${params.userId})
      returning m.*
    )
    select ${MESSAGE_COLUMNS} from removed m left join profiles sp on sp.id = m.sender_id`,
  );
  return rowsOf<MessageRow>(result)[0] ?? null;
}

/**
 * A moderator's removal from the reports queue: the console has decided, so no participant
 * check. The content goes, the message says a moderator removed it, and the chat list's preview
 * goes too when this was the chat's last message. Null when no message has this id;
 * `changed: false` when it was already removed.
 */
export async function removeMessageByModerator(
  db: DbExecutor,
  params: { messageId: string; notice: string },
): Promise<{ chatId: string; changed: boolean } | null> {
  const result = await run(
    db,
    sql`
    with removed as (
      update messages m set deleted_at = now(), body = '', image_key = null,
        removed_by_moderator = true
      where m.id = ${params.messageId} and m.deleted_at is null
      returning m.chat_id, m.created_at, m.sender_id
    ), preview as (
      update chats c set last_message = ${params.notice}
      from removed r where c.id = r.chat_id and c.last_message_at = r.created_at
        and c.last_sender_id is not distinct from r.sender_id
      returning c.id
    )
    select chat_id as "chatId", true as changed from removed
    union all
    select chat_id as "chatId", false as changed from messages
    where id = ${params.messageId} and not exists (select 1 from removed)`,
  );
  return rowsOf<{ chatId: string; changed: boolean }>(result)[0] ?? null;
}

/** New and changed messages by realtime sequence, with who receives each. */
export async function listMessageChanges(
  db: DbExecutor,
  params: { after: number; gaps: number[]; limit: number },
): Promise<MessageChange[]> {
  // Late arrivals are a second branch, not `or seq = any(gaps)`: with the OR the planner leaves
  // the seq index and reads the whole table (30 ms a read under load). The gaps are one array
  // literal (drizzle would spread a JS array into a parameter per element).
  const gaps = params.gaps.length
    ? sql`union all (select * from messages
        where seq = any(${`{${params.gaps.join(',')}}`}::bigint[]) and seq <= ${params.after})`
    : sql``;
  const result = await run(
    db,
    sql`
    select ${MESSAGE_COLUMNS},
      array(select cp.user_id::text from chat_participants cp where cp.chat_id = m.chat_id
        union ${teamReadersOf(sql`m.chat_id`)}) as recipients
    from ((select * from messages where seq > ${params.after} order by seq limit ${params.limit})
      ${gaps}) m
    left join profiles sp on sp.id = m.sender_id
    order by m.seq`,
  );
  return rowsOf<MessageChange>(result);
}

/** What a reconnecting person missed in their chats. */
export async function listMessageChangesFor(
  db: DbExecutor,
  params: { userId: string; since: number; limit: number },
): Promise<MessageChange[]> {
  const result = await run(
    db,
    sql`
    select ${MESSAGE_COLUMNS}, array[${params.userId}::text] as recipients
    from messages m
    left join profiles sp on sp.id = m.sender_id
    where m.seq > ${params.since} and m.chat_id in (
      select me.chat_id from chat_participants me where me.user_id = ${params.userId}
      union all ${teamChatIdsOf(params.userId)})
    order by m.seq
    limit ${params.limit}`,
  );
  return rowsOf<MessageChange>(result);
}

/** The newest message's realtime sequence (0 with none). */
export async function findMaxMessageSeq(db: DbExecutor): Promise<number> {
  const result = await run(db, sql`select coalesce(max(seq), 0)::float8 as max from messages`);
  return Number(rowsOf<{ max: number }>(result)[0]?.max ?? 0);
}
