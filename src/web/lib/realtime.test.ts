import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../contracts/notifications';
import {
  REALTIME_HEARTBEAT_MS,
  REALTIME_RECONNECT_BASE_MS,
  REALTIME_RECONNECT_MAX_MS,
  type ServerFrame,
} from '../../contracts/realtime';
import {
  backoffDelay,
  createRealtimeClient,
  REALTIME_STALE_MS,
  UNAUTHORIZED_CLOSE_CODE,
  type RealtimeStatus,
  type SocketLike,
} from './realtime';
import { holdRealtime } from './realtime-hold';

class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  isClosed = false;
  constructor(readonly url: string) {}
  close() {
    this.isClosed = true;
  }
  serverSends(frame: ServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** The server (or the network) ends the connection. */
  end(code = 1006) {
    this.isClosed = true;
    this.onclose?.({ code });
  }
}

function note(seq: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: `n${seq}`,
    userId: 'u1',
    type: 'test',
    title: 'Hello',
    message: 'World',
    read: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    relatedId: null,
    relatedType: null,
    metadata: {},
    link: null,
    seq,
    ...overrides,
  };
}

function setup(random = () => 1) {
  const sockets: FakeSocket[] = [];
  const client = createRealtimeClient({
    url: (since) =>
      since === undefined ? 'ws://x/api/realtime' : `ws://x/api/realtime?since=${since}`,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    random,
  });
  const statuses: RealtimeStatus[] = [];
  client.onStatus((s) => statuses.push(s));
  const last = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket opened');
    return socket;
  };
  return { client, sockets, statuses, last };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('backoffDelay (full jitter)', () => {
  it('waits between 0 and base × 2^attempt, capped at the maximum', () => {
    expect(backoffDelay(0, () => 0)).toBe(0);
    expect(backoffDelay(0, () => 0.999999)).toBeLessThan(REALTIME_RECONNECT_BASE_MS);
    expect(backoffDelay(3, () => 0.5)).toBe((REALTIME_RECONNECT_BASE_MS * 8) / 2);
    expect(backoffDelay(30, () => 0.999999)).toBeLessThan(REALTIME_RECONNECT_MAX_MS);
    expect(backoffDelay(30, () => 0.999999)).toBeGreaterThanOrEqual(REALTIME_RECONNECT_MAX_MS - 1);
  });

  it('never exceeds its ceiling for any random draw', () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const ceiling = Math.min(
        REALTIME_RECONNECT_MAX_MS,
        REALTIME_RECONNECT_BASE_MS * 2 ** attempt,
      );
      for (const r of [0, 0.1, 0.5, 0.9, 0.999999]) {
        const delay = backoffDelay(attempt, () => r);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThan(ceiling);
      }
    }
  });
});

describe('realtime client', () => {
  it('opens nothing until someone connects, and one socket however many hold it', () => {
    const { client, sockets } = setup();
    expect(sockets).toHaveLength(0);
    const a = client.connect();
    const b = client.connect();
    expect(sockets).toHaveLength(1);
    a();
    vi.advanceTimersByTime(0);
    expect(sockets[0]?.isClosed).toBe(false);
    b();
    vi.advanceTimersByTime(0);
    expect(sockets[0]?.isClosed).toBe(true);
  });

  it('keeps the socket through a release followed at once by a new hold (remount)', () => {
    const { client, sockets } = setup();
    const release = client.connect();
    release();
    client.connect();
    vi.advanceTimersByTime(0);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.isClosed).toBe(false);
  });

  it('delivers frames to the listeners of their type until they unsubscribe', () => {
    const { client, last } = setup();
    const heard = vi.fn();
    const unsubscribe = client.subscribe('notifications', heard);
    const ready = vi.fn();
    client.subscribe('ready', ready);
    client.connect();
    last().serverSends({ type: 'ready', seq: 5 });
    last().serverSends({
      type: 'notifications',
      events: [{ op: 'INSERT', notification: note(6) }],
    });
    expect(ready).toHaveBeenCalledWith({ type: 'ready', seq: 5 });
    expect(heard).toHaveBeenCalledTimes(1);
    unsubscribe();
    last().serverSends({
      type: 'notifications',
      events: [{ op: 'INSERT', notification: note(7) }],
    });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('ignores frames that are not JSON objects with a type', () => {
    const { client, last } = setup();
    const heard = vi.fn();
    client.subscribe('heartbeat', heard);
    client.connect();
    last().onmessage?.({ data: 'not json' });
    last().onmessage?.({ data: '{"no":"type"}' });
    last().onmessage?.({ data: new ArrayBuffer(2) });
    expect(heard).not.toHaveBeenCalled();
  });

  it('reconnects with backoff growing per failed attempt, and resets it once ready', () => {
    // random() = 1 - ε: each wait is just under its ceiling.
    const { client, sockets, last } = setup(() => 0.999);
    client.connect();
    last().end();
    const wait = (attempt: number) => backoffDelay(attempt, () => 0.999);
    vi.advanceTimersByTime(wait(0) - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().end();
    vi.advanceTimersByTime(wait(1) - 1);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    last().end();
    vi.advanceTimersByTime(wait(2));
    expect(sockets).toHaveLength(4);
    // A connection that became ready starts the backoff over.
    last().serverSends({ type: 'ready', seq: 1 });
    last().end();
    vi.advanceTimersByTime(wait(0));
    expect(sockets).toHaveLength(5);
  });

  it('remembers the highest seq seen and resumes from it with ?since=', () => {
    const { client, sockets, statuses, last } = setup(() => 0);
    client.connect();
    expect(last().url).toBe('ws://x/api/realtime');
    last().serverSends({ type: 'ready', seq: 10 });
    expect(client.lastSeq).toBe(10);
    expect(statuses.at(-1)).toEqual({ status: 'open', resumed: false });
    last().serverSends({
      type: 'notifications',
      events: [
        { op: 'INSERT', notification: note(12) },
        { op: 'UPDATE', notification: note(11) },
      ],
    });
    expect(client.lastSeq).toBe(12);
    // An older event replayed late never moves the cursor back.
    last().serverSends({
      type: 'notifications',
      events: [{ op: 'UPDATE', notification: note(9) }],
    });
    expect(client.lastSeq).toBe(12);
    last().serverSends({ type: 'heartbeat', seq: 15 });
    expect(client.lastSeq).toBe(15);
    last().end();
    vi.advanceTimersByTime(0);
    expect(sockets).toHaveLength(2);
    expect(last().url).toBe('ws://x/api/realtime?since=15');
  });

  it('counts message frames in the cursor too (one sequence for notifications and messages)', () => {
    const { client, last } = setup(() => 0);
    client.connect();
    last().serverSends({ type: 'ready', seq: 10 });
    const message = {
      id: 'm1',
      chatId: 'c1',
      senderId: 'u2',
      senderName: 'Ann',
      senderAvatarUrl: null,
      body: 'Hi',
      image: null,
      clientId: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      deleted: false,
      seq: 14,
    };
    last().serverSends({ type: 'messages', events: [{ op: 'INSERT', message }] });
    expect(client.lastSeq).toBe(14);
    last().serverSends({ type: 'chat_signal', signal: { kind: 'chat_updated', chatId: 'c1' } });
    expect(client.lastSeq).toBe(14);
  });

  it('keeps its cursor through a resumed connection until replayed changes move it', () => {
    const { client, statuses, last } = setup(() => 0);
    client.connect();
    last().serverSends({ type: 'ready', seq: 20 });
    last().end();
    vi.advanceTimersByTime(0);
    // The server is at 30, but the replay of 21..30 is still to come: the cursor stays at 20 so
    // a drop in the middle of the replay asks for it again.
    last().serverSends({ type: 'ready', seq: 30 });
    expect(statuses.at(-1)).toEqual({ status: 'open', resumed: true });
    expect(client.lastSeq).toBe(20);
    last().serverSends({
      type: 'notifications',
      events: [{ op: 'INSERT', notification: note(25) }],
    });
    expect(client.lastSeq).toBe(25);
    last().end();
    vi.advanceTimersByTime(0);
    expect(last().url).toBe('ws://x/api/realtime?since=25');
  });

  it('on resync after ready moves the cursor to the present and tells the listeners', () => {
    const { client, last } = setup(() => 0);
    const resync = vi.fn();
    client.subscribe('resync', resync);
    client.connect();
    last().serverSends({ type: 'ready', seq: 3 });
    last().end();
    vi.advanceTimersByTime(0);
    expect(last().url).toContain('since=3');
    last().serverSends({ type: 'ready', seq: 900 });
    last().serverSends({ type: 'resync' });
    expect(resync).toHaveBeenCalledTimes(1);
    expect(client.lastSeq).toBe(900);
  });

  it('on resync before ready (the server replays, then says ready) also jumps to the present', () => {
    const { client, last } = setup(() => 0);
    const resync = vi.fn();
    client.subscribe('resync', resync);
    client.connect();
    last().serverSends({ type: 'ready', seq: 3 });
    last().end();
    vi.advanceTimersByTime(0);
    last().serverSends({ type: 'resync' });
    expect(client.lastSeq).toBe(3);
    last().serverSends({ type: 'ready', seq: 900 });
    expect(resync).toHaveBeenCalledTimes(1);
    expect(client.lastSeq).toBe(900);
  });

  it('takes replayed changes that come before ready (the server sends ready last)', () => {
    const { client, last } = setup(() => 0);
    client.connect();
    last().serverSends({ type: 'ready', seq: 20 });
    last().end();
    vi.advanceTimersByTime(0);
    last().serverSends({
      type: 'notifications',
      events: [{ op: 'INSERT', notification: note(24) }],
    });
    last().serverSends({ type: 'ready', seq: 30 });
    expect(client.lastSeq).toBe(24);
    last().serverSends({ type: 'heartbeat', seq: 31 });
    expect(client.lastSeq).toBe(31);
  });

  it('reconnects when nothing is heard for 2.5 heartbeats', () => {
    const { client, sockets, last } = setup(() => 0);
    client.connect();
    expect(REALTIME_STALE_MS).toBe(REALTIME_HEARTBEAT_MS * 2.5);
    last().serverSends({ type: 'ready', seq: 1 });
    vi.advanceTimersByTime(REALTIME_STALE_MS - 1000);
    last().serverSends({ type: 'heartbeat', seq: 1 });
    vi.advanceTimersByTime(REALTIME_STALE_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets[0]?.isClosed).toBe(true);
    // (fake timers run a zero wait scheduled inside a timer 1 ms later)
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    expect(last().url).toContain('since=1');
  });

  it('stops on 4401 (signed out) and says so, without reconnecting', () => {
    const { client, sockets, statuses, last } = setup(() => 0);
    client.connect();
    last().end(UNAUTHORIZED_CLOSE_CODE);
    vi.advanceTimersByTime(REALTIME_RECONNECT_MAX_MS * 2);
    expect(sockets).toHaveLength(1);
    expect(statuses.at(-1)).toEqual({ status: 'unauthorized' });
  });

  it('forgets the cursor once nobody holds it (the next account starts fresh)', () => {
    const { client, last } = setup(() => 0);
    const release = client.connect();
    last().serverSends({ type: 'ready', seq: 40 });
    release();
    vi.advanceTimersByTime(0);
    expect(client.lastSeq).toBeUndefined();
    client.connect();
    expect(last().url).toBe('ws://x/api/realtime');
  });

  it('stops retrying when released during a backoff wait', () => {
    const { client, sockets, last } = setup(() => 0.5);
    const release = client.connect();
    last().end();
    release();
    vi.advanceTimersByTime(REALTIME_RECONNECT_MAX_MS);
    expect(sockets).toHaveLength(1);
  });

  it('reconnectNow skips a waiting backoff', () => {
    const { client, sockets, last } = setup(() => 0.999);
    client.connect();
    last().serverSends({ type: 'ready', seq: 1 });
    last().end();
    last().end(); // a second close of a dropped socket changes nothing
    expect(sockets).toHaveLength(1);
    client.reconnectNow();
    expect(sockets).toHaveLength(2);
    expect(last().url).toContain('since=1');
  });
});

describe('holdRealtime', () => {
  it('connects while held, follows opens and drops, and lets go of everything at the end', () => {
    const { client, sockets, last } = setup(() => 0);
    const heard = vi.fn();
    const onOpen = vi.fn();
    const onReopen = vi.fn();
    const onDown = vi.fn();
    const stop = holdRealtime(
      [client.subscribe('heartbeat', heard)],
      { onOpen, onReopen, onDown },
      client,
    );
    expect(sockets).toHaveLength(1);
    expect(onOpen).not.toHaveBeenCalled();
    last().serverSends({ type: 'ready', seq: 1 });
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onReopen).not.toHaveBeenCalled();
    last().end();
    expect(onDown).toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    last().serverSends({ type: 'ready', seq: 1 });
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(onReopen).toHaveBeenCalledTimes(1);
    last().serverSends({ type: 'heartbeat', seq: 1 });
    expect(heard).toHaveBeenCalledTimes(1);
    const downs = onDown.mock.calls.length;
    stop();
    expect(onDown).toHaveBeenCalledTimes(downs + 1);
    last().serverSends({ type: 'heartbeat', seq: 1 });
    expect(heard).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(0);
    expect(last().isClosed).toBe(true);
  });

  it('counts an open socket it joins as its first open', () => {
    const { client, last } = setup(() => 0);
    const other = client.connect();
    last().serverSends({ type: 'ready', seq: 1 });
    const onOpen = vi.fn();
    const onReopen = vi.fn();
    const stop = holdRealtime([], { onOpen, onReopen }, client);
    expect(onOpen).toHaveBeenCalledTimes(1);
    last().end();
    vi.advanceTimersByTime(0);
    last().serverSends({ type: 'ready', seq: 1 });
    expect(onReopen).toHaveBeenCalledTimes(1);
    stop();
    other();
  });
});
