import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { Stream } from '../../../contracts/streaming';
import { notifications } from '../../db/schema/notifications';
import { streams } from '../../db/schema/streaming';
import { must } from '../../platform/must';
import { createTestApp, type TestApp } from '../../test/test-app';
import { run, useStreamingApp } from './streaming.test-kit';

// Going live (real ffmpeg): from the browser's recorder over the broadcast socket and from OBS
// over RTMP, the viewers' signed segments, the notices, the replay.

const { app, people, cookies, call, newStream, register, activate, watchUrl, until, noticesOf } =
  useStreamingApp({ clip: true });
let t: TestApp;
let base: string;
let tmp: string;
let webm: string;
let rtmpPort: number;
beforeAll(() => ({ t, base, tmp, webm, rtmpPort } = app));

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
