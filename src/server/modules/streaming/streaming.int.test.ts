import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { Stream, WatchGrant } from '../../../contracts/streaming';
import { notifications, streamNotifications } from '../../db/schema/notifications';
import { streams } from '../../db/schema/streaming';
import { subscriptionPlans, subscriptions } from '../../db/schema/subscriptions';
import { ticketTypes } from '../../db/schema/tickets';
import { must } from '../../platform/must';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { LiveStreams } from './live';
import { seedStreaming } from './streaming.seed';
import { seedDemoReplays } from './recordings.service';

const run = promisify(execFile);
const CARD = { name: 'Ada Obi', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' };

let t: TestApp;
let base: string;
const people: Record<string, CreatedUser> = {};
const cookies: Record<string, string> = {};
let webm: string;
let tmp: string;
let rtmpPort: number;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  rtmpPort = await freePort();
  t = await createTestApp({
    env: {
      RATE_LIMIT_MULTIPLIER: '100',
      STREAM_END_GRACE_MS: '1500',
      RTMP_PORT: String(rtmpPort),
      // Long enough that the locked-table check below cannot outlast it on a busy machine.
      STREAM_ROW_CACHE_MS: '5000',
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const name of ['organizer', 'planned', 'holder', 'other', 'coder', 'admin'])
    people[name] = await createUser(t.db, {
      userType: name === 'organizer' || name === 'planned' ? 'organizer' : 'attendee',
      roles: name === 'admin' ? ['admin'] : [],
    });
  for (const [name, user] of Object.entries(people)) cookies[name] = await t.sessionCookie(user);
  // "planned" has a plan with has_recording (spec §6); "organizer" is on the free tier.
  const [plan] = await t.db
    .insert(subscriptionPlans)
    .values({ name: 'Studio', priceMonthly: 2900, hasRecording: true })
    .returning();
  const now = t.clock.now();
  await t.db.insert(subscriptions).values({
    userId: must(people.planned, 'planned').id,
    planId: must(plan, 'plan').id,
    status: 'active',
    provider: 'local',
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
  });
  // A short, small webm like a browser's MediaRecorder makes (VP8 + Opus).
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mea-stream-test-'));
  webm = path.join(tmp, 'clip.webm');
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=15',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '5',
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-b:v',
    '300k',
    '-c:a',
    'libopus',
    '-f',
    'webm',
    webm,
  ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

const call = (
  who: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: who ? { cookie: cookies[who] ?? '' } : {}, payload });

const inHours = (hours: number) =>
  new Date(t.clock.now().getTime() + hours * 3600_000).toISOString();

async function newStream(
  owner: 'organizer' | 'planned',
  input: Record<string, unknown> = {},
): Promise<{ eventId: string; stream: Stream }> {
  const event = await createEvent(t.db, {
    userId: must(people[owner], owner).id,
    createdAt: t.clock.now(),
    eventStatus: 'published',
  });
  const response = await call(owner, 'POST', `/api/events/${event.id}/streams`, {
    title: 'Main stage live',
    scheduledStart: inHours(1),
    access: 'ticket_holders',
    chatEnabled: true,
    recordingEnabled: false,
    ...input,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { eventId: event.id, stream: response.json<Stream>() };
}

async function register(who: string, eventId: string) {
  const response = await call(who, 'POST', `/api/events/${eventId}/register`, {});
  expect(response.statusCode, response.body).toBe(201);
}

const activate = (streamId: string) =>
  t.db.update(streams).set({ activatedAt: t.clock.now() }).where(eq(streams.id, streamId));

async function watchUrl(who: string | null, streamId: string) {
  const response = await call(who, 'POST', `/api/streams/${streamId}/watch`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WatchGrant>();
}

describe('setting up a stream', () => {
  it('lets the organizer create one stream per event; others are refused; fields are named', async () => {
    const { eventId, stream } = await newStream('organizer');
    expect(stream).toMatchObject({
      status: 'scheduled',
      access: 'ticket_holders',
      isOwner: true,
      canWatch: true,
      activated: false,
      canRecord: false,
      hasReplay: false,
    });
    expect(stream.ingest?.streamKey).toMatch(/^live_/);
    expect(stream.ingest?.ffmpegAvailable).toBe(true);
    const again = await call('organizer', 'POST', `/api/events/${eventId}/streams`, {
      title: 'Second',
      scheduledStart: inHours(2),
      access: 'public',
    });
    expect(again.statusCode).toBe(409);
    const foreign = await newStreamEvent();
    const notOwner = await call('other', 'POST', `/api/events/${foreign}/streams`, {
      title: 'Hijack',
      scheduledStart: inHours(2),
      access: 'public',
    });
    expect(notOwner.statusCode).toBe(403);
    const bad = await call('organizer', 'POST', `/api/events/${foreign}/streams`, {
      title: 'x',
      scheduledStart: 'soon',
      access: 'code',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('title');
    expect(bad.body).toContain('scheduledStart');
    const noCode = await call('organizer', 'POST', `/api/events/${foreign}/streams`, {
      title: 'Coded',
      scheduledStart: inHours(2),
      access: 'code',
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.body).toContain('accessCode');
    // Only the owner sees the key.
    const seen = await call('other', 'GET', `/api/streams/${stream.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<Stream>().ingest).toBeUndefined();
    expect(seen.json<Stream>().canWatch).toBe(false);
    const byEvent = await call(null, 'GET', `/api/events/${eventId}/stream`);
    expect(byEvent.json<Stream>().id).toBe(stream.id);
  });

  it('needs a plan with has_recording to record', async () => {
    const event = await newStreamEvent();
    const refused = await call('organizer', 'POST', `/api/events/${event}/streams`, {
      title: 'Recorded show',
      scheduledStart: inHours(1),
      access: 'public',
      recordingEnabled: true,
    });
    expect(refused.statusCode).toBe(403);
    const { stream } = await newStream('organizer');
    const patch = await call('organizer', 'PATCH', `/api/streams/${stream.id}`, {
      recordingEnabled: true,
    });
    expect(patch.statusCode).toBe(403);
    const { stream: recorded } = await newStream('planned', { recordingEnabled: true });
    expect(recorded.recordingEnabled).toBe(true);
    // A paid plan includes streaming: no add-on needed.
    expect(recorded.activated).toBe(true);
    expect(recorded.canRecord).toBe(true);
  });

  it('rotates the key', async () => {
    const { stream } = await newStream('organizer');
    const rotated = await call('organizer', 'POST', `/api/streams/${stream.id}/key`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json<Stream>().ingest?.streamKey).not.toBe(stream.ingest?.streamKey);
    expect((await call('other', 'POST', `/api/streams/${stream.id}/key`)).statusCode).toBe(403);
  });
});

async function newStreamEvent() {
  const event = await createEvent(t.db, {
    userId: must(people.organizer, 'organizer').id,
    createdAt: t.clock.now(),
    eventStatus: 'published',
  });
  return event.id;
}

describe('who may watch', () => {
  it('ticket holders: holder, owner and admin yes; other user and signed out no', async () => {
    const { eventId, stream } = await newStream('organizer');
    await register('holder', eventId);
    for (const who of ['holder', 'organizer', 'admin']) {
      const seen = await call(who, 'GET', `/api/streams/${stream.id}`);
      expect(seen.json<Stream>().canWatch, who).toBe(true);
      await watchUrl(who, stream.id);
    }
    const other = await call('other', 'POST', `/api/streams/${stream.id}/watch`);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.details.reason).toBe('ticket');
    const out = await call(null, 'POST', `/api/streams/${stream.id}/watch`);
    expect(out.statusCode).toBe(401);
    expect(out.json().error.details.reason).toBe('sign_in');
    // The holder joins the event's chat from the stream page.
    const holderView = await call('holder', 'GET', `/api/streams/${stream.id}`);
    expect(holderView.json<Stream>().chatId).toBeTruthy();
  });

  it('stream tickets: buying the stream-only ticket type grants access', async () => {
    const eventId = await newStreamEvent();
    // The event's free registration creates its general ticket type; it plays the stream ticket.
    await register('holder', eventId);
    const [type] = await t.db
      .select({ id: ticketTypes.id })
      .from(ticketTypes)
      .where(eq(ticketTypes.eventId, eventId));
    const created = await call('organizer', 'POST', `/api/events/${eventId}/streams`, {
      title: 'Online only',
      scheduledStart: inHours(1),
      access: 'stream_ticket',
      streamTicketTypeId: must(type, 'type').id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const stream = created.json<Stream>();
    await watchUrl('holder', stream.id);
    const other = await call('other', 'POST', `/api/streams/${stream.id}/watch`);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.details.reason).toBe('stream_ticket');
    const missing = await call(
      'organizer',
      'POST',
      `/api/events/${await newStreamEvent()}/streams`,
      {
        title: 'No type',
        scheduledStart: inHours(1),
        access: 'stream_ticket',
      },
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('streamTicketTypeId');
  });

  it('code: the right code grants access to that person only', async () => {
    const { stream } = await newStream('organizer', { access: 'code', accessCode: 'Sesame42' });
    expect((await call('coder', 'POST', `/api/streams/${stream.id}/watch`)).statusCode).toBe(403);
    const wrong = await call('coder', 'POST', `/api/streams/${stream.id}/redeem`, { code: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('code');
    const right = await call('coder', 'POST', `/api/streams/${stream.id}/redeem`, {
      code: 'sesame42',
    });
    expect(right.statusCode).toBe(200);
    expect(right.json<Stream>().canWatch).toBe(true);
    await watchUrl('coder', stream.id);
    expect((await call('other', 'POST', `/api/streams/${stream.id}/watch`)).statusCode).toBe(403);
    const listed = await call('coder', 'GET', '/api/streams?scope=watchable');
    expect(listed.json<{ items: { id: string }[] }>().items.map((i) => i.id)).toContain(stream.id);
  });

  it('public: anyone, signed out too', async () => {
    const { stream } = await newStream('organizer', { access: 'public' });
    await watchUrl(null, stream.id);
    await watchUrl('other', stream.id);
  });
});

describe('signed playlist and segment URLs', () => {
  it('refuse expired, tampered, other-stream and other-viewer tokens', async () => {
    const { eventId, stream } = await newStream('organizer');
    const { stream: second } = await newStream('organizer');
    await register('holder', eventId);
    const grant = await watchUrl('holder', stream.id);
    const token = must(new URL(grant.playlistUrl, 'http://x').searchParams.get('token'), 'token');
    // Not live yet: the token is good, there is just nothing to play.
    expect((await call('holder', 'GET', grant.playlistUrl)).statusCode).toBe(404);
    const status = async (who: string | null, url: string) =>
      (await call(who, 'GET', url)).statusCode;
    // Another signed-in user with the holder's link, and a signed-out visitor: refused.
    expect(await status('other', grant.playlistUrl)).toBe(403);
    expect(await status(null, grant.playlistUrl)).toBe(403);
    expect(await status('holder', `/api/streams/${stream.id}/hls/seg00001.ts?token=${token}`)).toBe(
      404,
    );
    expect(await status('other', `/api/streams/${stream.id}/hls/seg00001.ts?token=${token}`)).toBe(
      403,
    );
    // Tampered, missing, for another stream.
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}A`;
    expect(
      await status('holder', `/api/streams/${stream.id}/hls/index.m3u8?token=${tampered}`),
    ).toBe(403);
    expect(await status('holder', `/api/streams/${stream.id}/hls/index.m3u8`)).toBe(403);
    expect(await status('holder', `/api/streams/${second.id}/hls/index.m3u8?token=${token}`)).toBe(
      403,
    );
    // Expired.
    t.clock.advance(11 * 60_000);
    expect(await status('holder', grant.playlistUrl)).toBe(403);
    t.clock.advance(-11 * 60_000);
  });
});

// ---- Going live (real ffmpeg) -------------------------------------------------------------

interface Broadcaster {
  frames: { type: string; message?: string }[];
  socket: WebSocket;
  waitFor(type: string, ms?: number): Promise<void>;
}

function broadcaster(streamId: string, who: string): Promise<Broadcaster> {
  const socket = new WebSocket(`ws://${base}/api/streams/${streamId}/broadcast`, {
    headers: { cookie: cookies[who] ?? '', origin: t.config.PUBLIC_URL },
  });
  const frames: { type: string; message?: string }[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as { type: string }));
  const b: Broadcaster = {
    frames,
    socket,
    async waitFor(type, ms = 20_000) {
      await vi.waitFor(
        () => {
          if (frames.some((f) => f.type === 'error')) throw new Error(JSON.stringify(frames));
          if (!frames.some((f) => f.type === type))
            throw new Error(`no ${type}; frames ${JSON.stringify(frames)}`);
        },
        { timeout: ms, interval: 50 },
      );
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(b));
    socket.once('error', reject);
  });
}

async function sendFile(b: Broadcaster, file: string) {
  const data = await fs.readFile(file);
  for (let i = 0; i < data.length; i += 32 * 1024) {
    // One chunk at a time, each on its way before the next, as a browser's recorder sends them.
    await new Promise<void>((resolve, reject) =>
      b.socket.send(data.subarray(i, i + 32 * 1024), (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  }
}

const until = <T>(find: () => Promise<T | undefined | null | false>, ms = 20_000) =>
  vi.waitFor(
    async () => {
      const found = await find();
      if (!found) throw new Error('timed out');
      return found;
    },
    { timeout: ms, interval: 100 },
  );

const noticesOf = (userId: string, streamId: string, type: string) =>
  t.db
    .select()
    .from(streamNotifications)
    .where(
      and(
        eq(streamNotifications.userId, userId),
        eq(streamNotifications.notificationType, type as 'stream_started'),
      ),
    )
    .then((rows) =>
      rows.filter((r) => (r.metadata as { stream_id?: string }).stream_id === streamId),
    );

describe('going live from the browser', () => {
  it('refuses a stream that is not activated, and someone who is not the organizer', async () => {
    const { stream } = await newStream('organizer');
    const b = await broadcaster(stream.id, 'organizer');
    await until(async () => b.frames.find((f) => f.type === 'error'));
    expect(b.frames[0]?.message).toMatch(/Activate streaming/);
    await activate(stream.id);
    const intruder = await broadcaster(stream.id, 'other');
    await until(async () => intruder.frames.find((f) => f.type === 'error'));
  });

  it('webm chunks become HLS; viewers get signed segments; started and ended are told once; no replay without has_recording', async () => {
    const { eventId, stream } = await newStream('organizer', { recordingEnabled: false });
    await activate(stream.id);
    await register('holder', eventId);
    const invited = await call('organizer', 'POST', `/api/streams/${stream.id}/invite`);
    expect(invited.json()).toEqual({ invited: 1 });
    const again = await call('organizer', 'POST', `/api/streams/${stream.id}/invite`);
    expect(again.json()).toEqual({ invited: 0 });

    // First connection drops without a stop (a network blip)…
    const first = await broadcaster(stream.id, 'organizer');
    await first.waitFor('ready');
    await sendFile(first, webm);
    await first.waitFor('live');
    await until(async () => {
      const [row] = await t.db.select().from(streams).where(eq(streams.id, stream.id));
      return row?.status === 'live';
    });
    const grant = await watchUrl('holder', stream.id);
    const playlist = await call('holder', 'GET', grant.playlistUrl);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('mpegurl');
    const segment = must(
      playlist.body.split('\n').find((l) => l.startsWith('seg')),
      'a segment line',
    );
    expect(segment).toContain('?token=');
    const seg = await call('holder', 'GET', `/api/streams/${stream.id}/hls/${segment}`);
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect(seg.rawPayload.length).toBeGreaterThan(1000);
    // The same segment URL for someone else: refused.
    expect(
      (await call('other', 'GET', `/api/streams/${stream.id}/hls/${segment}`)).statusCode,
    ).toBe(403);
    // The viewer is counted after the segment is answered (the write never delays playback).
    await until(async () => {
      const viewed = await call('organizer', 'GET', `/api/streams/${stream.id}`);
      return viewed.json<Stream>().viewerCount === 1;
    });
    first.socket.terminate();

    // …and comes back within the grace period: the same live stream continues.
    const second = await until(async () => {
      const b = await broadcaster(stream.id, 'organizer');
      await until(async () => b.frames.length > 0, 5000);
      if (b.frames[0]?.type === 'ready') return b;
      b.socket.close();
      return undefined;
    });
    await sendFile(second, webm);
    // The second connection's input is transcoded into the same playlist before the stop.
    await second.waitFor('live');
    second.socket.send(JSON.stringify({ type: 'stop' }));
    await second.waitFor('ended', 30_000);

    const [ended] = await t.db.select().from(streams).where(eq(streams.id, stream.id));
    expect(ended?.status).toBe('ended');
    expect(ended?.recordingKey).toBeNull();
    const holderId = must(people.holder, 'holder').id;
    // Every grace period over, every end and notification job done: nothing more comes.
    await t.settle();
    expect(await noticesOf(holderId, stream.id, 'stream_invitation')).toHaveLength(1);
    expect(await noticesOf(holderId, stream.id, 'stream_started')).toHaveLength(1);
    expect(await noticesOf(holderId, stream.id, 'stream_ended')).toHaveLength(1);
    // The regular notification (push and email by settings) went out once too.
    const regular = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, holderId), eq(notifications.type, 'stream_started')));
    expect(regular.filter((n) => n.dedupeKey === `stream_started:${stream.id}`)).toHaveLength(1);
    // Nothing to replay without has_recording.
    const after = await call('holder', 'POST', `/api/streams/${stream.id}/watch`);
    expect(after.statusCode).toBe(409);
  }, 90_000);

  it('signing out in another process closes the broadcast opened with that session; another session goes on', async () => {
    const { stream } = await newStream('organizer');
    await activate(stream.id);
    const organizer = must(people.organizer, 'organizer');
    cookies.leaving = await t.sessionCookie(organizer);
    cookies.staying = await t.sessionCookie(organizer);
    const b = await broadcaster(stream.id, 'leaving');
    await b.waitFor('ready');
    const closed = new Promise<number>((resolve) => b.socket.once('close', resolve));
    // The sign-out happens on a second instance sharing the database (another process).
    const t2 = await createTestApp({
      shareDatabaseOf: t,
      env: { RATE_LIMIT_MULTIPLIER: '100', RTMP_PORT: '0' },
    });
    try {
      const out = await t2.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: cookies.leaving },
        payload: {},
      });
      expect(out.statusCode).toBe(200);
      expect(await closed).toBe(4401);
      expect(b.frames.at(-1)).toMatchObject({ type: 'error', message: /signed out/ });
    } finally {
      await t2.close();
    }
    // The organizer's other session may continue the stream (within the grace period).
    const again = await until(async () => {
      const next = await broadcaster(stream.id, 'staying');
      await until(async () => next.frames.length > 0, 5000);
      if (next.frames[0]?.type === 'ready') return next;
      next.socket.close();
      return undefined;
    });
    again.socket.send(JSON.stringify({ type: 'stop' }));
    await again.waitFor('ended', 30_000);
  }, 60_000);

  it('with recording and a has_recording plan, the replay plays at the same URL and can be deleted', async () => {
    const { stream } = await newStream('planned', { recordingEnabled: true, access: 'public' });
    const b = await broadcaster(stream.id, 'planned');
    await b.waitFor('ready');
    await sendFile(b, webm);
    await b.waitFor('live');
    b.socket.send(JSON.stringify({ type: 'stop' }));
    await b.waitFor('ended', 30_000);
    const view = await until(async () => {
      const r = await call('planned', 'GET', `/api/streams/${stream.id}`);
      return r.json<Stream>().hasReplay ? r.json<Stream>() : undefined;
    });
    expect(view.status).toBe('ended');
    const grant = await watchUrl('other', stream.id);
    expect(grant.replay).toBe(true);
    const playlist = await call('other', 'GET', grant.playlistUrl);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
    expect(playlist.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    const segments = playlist.body
      .split('\n')
      .filter((l) => l.endsWith('.ts') || l.includes('.ts?'));
    expect(segments.length).toBeGreaterThanOrEqual(2);
    const seg = await call('other', 'GET', `/api/streams/${stream.id}/hls/${segments[0]}`);
    expect(seg.statusCode).toBe(200);

    // The viewers' path reads nothing from the database in the steady state: with the streams
    // table locked by another connection, a signed-out viewer's playlist and segment still answer
    // (the token is an HMAC, the row is kept for a second, viewers are written in a batch).
    const anon = await watchUrl(null, stream.id);
    expect((await call(null, 'GET', anon.playlistUrl)).statusCode).toBe(200);
    const anonSegment = must(
      (await call(null, 'GET', anon.playlistUrl)).body.split('\n').find((l) => l.includes('.ts?')),
      'a replay segment',
    );
    const locker = new pg.Client({ connectionString: t.databaseUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table streams in access exclusive mode');
      const answered = await Promise.race([
        Promise.all([
          call(null, 'GET', anon.playlistUrl),
          call(null, 'GET', `/api/streams/${stream.id}/hls/${anonSegment}`),
        ]).then((responses) => responses.map((r) => r.statusCode)),
        new Promise((resolve) => setTimeout(() => resolve('blocked on the database'), 2000)),
      ]);
      expect(answered).toEqual([200, 200]);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    // Both viewers (signed in and signed out) were counted, by the batch written after the lock.
    await until(async () => {
      const viewed = await call('planned', 'GET', `/api/streams/${stream.id}`);
      return viewed.json<Stream>().peakViewers >= 2;
    });
    const removed = await call('planned', 'DELETE', `/api/streams/${stream.id}/recording`);
    expect(removed.json<Stream>().hasReplay).toBe(false);
    expect((await call('other', 'GET', grant.playlistUrl)).statusCode).toBe(404);
  }, 90_000);
});

describe('going live from OBS (RTMP)', () => {
  const push = (key: string, seconds: number) =>
    run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=15',
      '-f',
      'lavfi',
      '-i',
      'sine',
      '-t',
      String(seconds),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      '-f',
      'flv',
      `rtmp://127.0.0.1:${rtmpPort}/live/${key}`,
    ]);

  it('a test pattern pushed with the stream key plays as HLS; a rotated-away key is refused', async () => {
    const { eventId, stream } = await newStream('organizer');
    await activate(stream.id);
    await register('holder', eventId);
    const oldKey = must(stream.ingest?.streamKey, 'key');
    const rotated = await call('organizer', 'POST', `/api/streams/${stream.id}/key`);
    const key = must(rotated.json<Stream>().ingest?.streamKey, 'new key');
    expect(rotated.json<Stream>().ingest?.rtmpUrl).toBe(`rtmp://localhost:${rtmpPort}/live`);

    await expect(push(oldKey, 2)).rejects.toThrow();
    const [untouched] = await t.db.select().from(streams).where(eq(streams.id, stream.id));
    expect(untouched?.status).toBe('scheduled');

    const pushing = push(key, 6);
    await until(async () => {
      const [row] = await t.db.select().from(streams).where(eq(streams.id, stream.id));
      return row?.status === 'live';
    });
    const grant = await watchUrl('holder', stream.id);
    const playlist = await until(async () => {
      const r = await call('holder', 'GET', grant.playlistUrl);
      return r.statusCode === 200 && r.body.includes('seg') ? r.body : undefined;
    });
    const segment = must(
      playlist.split('\n').find((l) => l.startsWith('seg')),
      'segment',
    );
    const seg = await call('holder', 'GET', `/api/streams/${stream.id}/hls/${segment}`);
    expect(seg.statusCode).toBe(200);
    expect(seg.rawPayload.length).toBeGreaterThan(1000);
    // Playable: ffprobe reads H.264 video from the segment.
    const file = path.join(tmp, 'rtmp-seg.ts');
    await fs.writeFile(file, seg.rawPayload);
    const probe = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name',
      '-of',
      'csv=p=0',
      file,
    ]);
    expect(probe.stdout).toContain('h264');
    await pushing;
    // The encoder stopped: after the grace period the stream ends, once.
    await until(async () => {
      const [row] = await t.db.select().from(streams).where(eq(streams.id, stream.id));
      return row?.status === 'ended';
    });
    const holderId = must(people.holder, 'holder').id;
    expect(await noticesOf(holderId, stream.id, 'stream_started')).toHaveLength(1);
    expect(await noticesOf(holderId, stream.id, 'stream_ended')).toHaveLength(1);
  }, 90_000);
});

describe('activation checkout', () => {
  it('sells the add-on through the payment provider; the paid order activates the stream once', async () => {
    const { eventId, stream } = await newStream('organizer');
    const checkout = await call('organizer', 'POST', `/api/events/${eventId}/streaming/checkout`);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const url = checkout.json<{ url: string }>().url;
    expect(url).toContain('/pay/');
    const sessionId = must(url.split('/pay/')[1], 'session').split('?')[0];
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/sessions/${sessionId}/pay`,
      payload: CARD,
    });
    expect(paid.json().status, paid.body).toBe('succeeded');
    const view = await until(async () => {
      const r = await call('organizer', 'GET', `/api/streams/${stream.id}`);
      return r.json<Stream>().activated ? r.json<Stream>() : undefined;
    }, 15_000);
    expect(view.activated).toBe(true);
    const again = await call('organizer', 'POST', `/api/events/${eventId}/streaming/checkout`);
    expect(again.statusCode).toBe(409);
    const other = await call('other', 'POST', `/api/events/${eventId}/streaming/checkout`);
    expect(other.statusCode).toBe(403);
  });
});

describe('demo data', () => {
  it('seeds a scheduled stream and an ended one whose replay is made with ffmpeg, once', async () => {
    const demo = await createUser(t.db, {
      email: getDemoAccount('organizer').email,
      userType: 'organizer',
    });
    // The demo organizer owns no catalogue event: the seed gives them two of their own.
    const now = t.clock.now();
    const params = { now, joinedAt: now };
    await t.db.transaction((tx) => seedStreaming(tx, params));
    await t.db.transaction((tx) => seedStreaming(tx, params));
    const seeded = await t.db.select().from(streams).where(eq(streams.ownerId, demo.id));
    expect(seeded.map((s) => s.status).sort()).toEqual(['ended', 'scheduled']);
    expect(seeded.some((s) => s.status === 'live')).toBe(false);
    const ended = must(
      seeded.find((s) => s.status === 'ended'),
      'ended',
    );
    // What the app runs in the background after start (SEED_DEMO).
    const live = new LiveStreams(
      { ffmpegPath: 'ffmpeg', liveRoot: path.join(tmp, 'live'), log: () => {}, graceMs: 0 },
      { onSegment: () => {}, onEnd: async () => {} },
    );
    const deps = {
      db: t.db,
      clock: t.clock,
      config: t.config,
      files: t.files,
      ticketing: { orders: undefined as never },
      realtime: t.app.realtime,
      live,
      logError: (error: unknown) => {
        throw error;
      },
    };
    // Stopping the server while ffmpeg makes a replay: it is killed and its folder removed,
    // and the stream keeps no replay (the next start makes it).
    const folder = path.join(tmp, 'live', `demo-${ended.id}`);
    const stop = new AbortController();
    const stopped = seedDemoReplays(deps, stop.signal).catch((error: unknown) => error);
    await expect.poll(() => existsSync(folder), { timeout: 30_000, interval: 20 }).toBe(true);
    stop.abort();
    expect(await stopped).toMatchObject({ name: 'AbortError' });
    expect(existsSync(folder)).toBe(false);
    const [aborted] = await t.db.select().from(streams).where(eq(streams.id, ended.id));
    expect(aborted?.recordingKey).toBeNull();

    await seedDemoReplays(deps, new AbortController().signal);
    const [withReplay] = await t.db.select().from(streams).where(eq(streams.id, ended.id));
    expect(withReplay?.recordingKey).toMatch(/^stream-replays\//);
    const grant = await watchUrl(null, ended.id);
    const playlist = await call(null, 'GET', grant.playlistUrl);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
  }, 90_000);
});

describe('without ffmpeg', () => {
  it('says what to install, refuses to go live cleanly, and everything else works', async () => {
    const bare = await createTestApp({
      env: { FFMPEG_PATH: '/nonexistent/ffmpeg', RATE_LIMIT_MULTIPLIER: '100' },
    });
    try {
      await bare.app.listen({ port: 0, host: '127.0.0.1' });
      const owner = await createUser(bare.db, { userType: 'organizer' });
      const cookie = await bare.sessionCookie(owner);
      const event = await createEvent(bare.db, {
        userId: owner.id,
        createdAt: bare.clock.now(),
        eventStatus: 'published',
      });
      const created = await bare.app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/streams`,
        headers: { cookie },
        payload: { title: 'No encoder here', scheduledStart: inHours(1), access: 'public' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const stream = created.json<Stream>();
      expect(stream.ingest).toMatchObject({
        ffmpegAvailable: false,
        ffmpegHint: 'Install ffmpeg: sudo apt install ffmpeg',
      });
      await bare.db
        .update(streams)
        .set({ activatedAt: bare.clock.now() })
        .where(eq(streams.id, stream.id));
      const port = (bare.app.server.address() as AddressInfo).port;
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/streams/${stream.id}/broadcast`, {
        headers: { cookie, origin: bare.config.PUBLIC_URL },
      });
      const frame = await new Promise<{ type: string; message: string }>((resolve, reject) => {
        socket.once('message', (data) => resolve(JSON.parse(String(data))));
        socket.once('error', reject);
      });
      expect(frame.type).toBe('error');
      expect(frame.message).toContain('sudo apt install ffmpeg');
      const watch = await bare.app.inject({
        method: 'POST',
        url: `/api/streams/${stream.id}/watch`,
      });
      expect(watch.statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  }, 60_000);
});

describe('in the reader’s language', () => {
  it('answers a stream not started yet in Spanish and a missing segment in German, the codes unchanged', async () => {
    const { eventId, stream } = await newStream('organizer');
    await register('holder', eventId);
    const grant = await watchUrl('holder', stream.id);
    const token = must(new URL(grant.playlistUrl, 'http://x').searchParams.get('token'), 'token');
    const inLanguage = (url: string, language: string) =>
      t.app.inject({
        url,
        headers: { cookie: cookies.holder ?? '', 'accept-language': language },
      });
    expect((await inLanguage(grant.playlistUrl, 'es')).json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'La transmisión aún no ha comenzado' },
    });
    const segment = `/api/streams/${stream.id}/hls/seg00001.ts?token=${token}`;
    expect((await inLanguage(segment, 'de')).json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'Segment nicht gefunden' },
    });
  });
});
