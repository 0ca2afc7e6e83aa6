import {
  REALTIME_HEARTBEAT_MS,
  REALTIME_RECONNECT_BASE_MS,
  REALTIME_RECONNECT_MAX_MS,
  realtimeUrl,
  type ClientFrame,
  type ServerFrame,
} from '../../contracts/realtime';

// The tab's one WebSocket to /api/realtime (docs/architecture.md "realtime hub"). Features listen
// to frame types through `subscribe`; the socket is open only while someone holds `connect()`
// (the live notifications of a signed-in visitor), reconnects with backoff, and resumes with
// `?since=` so nothing that happened while it was down is lost.

export type FrameType = ServerFrame['type'];
export type FrameOf<T extends FrameType> = Extract<ServerFrame, { type: T }>;

export type RealtimeStatus =
  | { status: 'connecting' }
  /** `resumed`: connected with `?since=`, so missed changes are replayed. */
  | { status: 'open'; resumed: boolean }
  | { status: 'closed' }
  /** The server closed with 4401: the session is gone; no reconnect until `connect()` again. */
  | { status: 'unauthorized' };

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number): void;
  send?(data: string): void;
}

export interface RealtimeOptions {
  /** The socket address for a connection resuming after `since` (undefined: from now on). */
  url: (since: number | undefined) => string;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
}

/** The server's close code for a socket without a valid session. */
export const UNAUTHORIZED_CLOSE_CODE = 4401;
/** No frame for this long (2.5 heartbeats) means the connection is dead even if not closed. */
export const REALTIME_STALE_MS = REALTIME_HEARTBEAT_MS * 2.5;

/**
 * Full-jitter exponential backoff: a random wait between 0 and min(max, base × 2^attempt), so
 * a server restart is not met by every tab reconnecting in the same instant.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(REALTIME_RECONNECT_MAX_MS, REALTIME_RECONNECT_BASE_MS * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

function parseFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const frame = JSON.parse(data) as unknown;
    if (
      frame &&
      typeof frame === 'object' &&
      typeof (frame as { type?: unknown }).type === 'string'
    )
      return frame as ServerFrame;
  } catch {
    // not ours: ignored
  }
  return null;
}

/** The highest `seq` a frame tells of, or undefined when it carries none. */
function frameSeq(frame: ServerFrame): number | undefined {
  if (frame.type === 'heartbeat') return frame.seq;
  if (frame.type === 'notifications' || frame.type === 'stream_notifications') {
    let highest: number | undefined;
    for (const { notification } of frame.events) {
      if (
        typeof notification.seq === 'number' &&
        (highest === undefined || notification.seq > highest)
      )
        highest = notification.seq;
    }
    return highest;
  }
  if (frame.type === 'messages') {
    // Messages share the sequence with notifications (one `realtime_seq`): a resume replays them.
    let highest: number | undefined;
    for (const { message } of frame.events) {
      if (typeof message.seq === 'number' && (highest === undefined || message.seq > highest))
        highest = message.seq;
    }
    return highest;
  }
  return undefined;
}

type Listener = (frame: ServerFrame) => void;
type StatusListener = (status: RealtimeStatus) => void;

export interface RealtimeClient {
  /** Opens the socket (if not yet open) and keeps it open until every holder has released it. */
  connect(): () => void;
  subscribe<T extends FrameType>(type: T, listener: (frame: FrameOf<T>) => void): () => void;
  onStatus(listener: StatusListener): () => void;
  /** The highest sequence number seen: the next connection's `?since=`. */
  readonly lastSeq: number | undefined;
  readonly isConnected: boolean;
  /** Drops a waiting backoff and connects now (the browser came back online). */
  reconnectNow(): void;
  /** Sends a message up the open socket; false when it is not open (use the HTTP route then). */
  send(message: ClientFrame): boolean;
}

export function createRealtimeClient({
  url,
  createSocket = (address) => new WebSocket(address) as unknown as SocketLike,
  random = Math.random,
}: RealtimeOptions): RealtimeClient {
  const listeners = new Map<FrameType, Set<Listener>>();
  const statusListeners = new Set<StatusListener>();
  let holders = 0;
  let socket: SocketLike | null = null;
  let isOpen = false;
  let attempt = 0;
  let lastSeq: number | undefined;
  /** The `ready` seq of the current connection: where a `resync` moves the cursor to. */
  let readySeq: number | undefined;
  /** This connection was told to resync (before or after its `ready`). */
  let isResyncing = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let staleTimer: ReturnType<typeof setTimeout> | undefined;
  let releaseTimer: ReturnType<typeof setTimeout> | undefined;

  const emitStatus = (status: RealtimeStatus) => {
    for (const listener of [...statusListeners]) listener(status);
  };
  const emitFrame = (frame: ServerFrame) => {
    for (const listener of [...(listeners.get(frame.type) ?? [])]) listener(frame);
  };

  function advance(seq: number | undefined) {
    if (seq !== undefined && (lastSeq === undefined || seq > lastSeq)) lastSeq = seq;
  }

  function armStaleTimer() {
    clearTimeout(staleTimer);
    staleTimer = setTimeout(() => {
      // Silent for 2.5 heartbeats: the connection is gone even if the browser has not noticed.
      drop();
      scheduleReconnect();
    }, REALTIME_STALE_MS);
  }

  /** Forgets the current socket without reacting to its close event. */
  function drop() {
    clearTimeout(staleTimer);
    const current = socket;
    socket = null;
    isOpen = false;
    if (current) {
      current.onopen = current.onmessage = current.onerror = current.onclose = null;
      current.close();
    }
  }

  function scheduleReconnect() {
    clearTimeout(retryTimer);
    emitStatus({ status: 'closed' });
    if (holders === 0) return;
    retryTimer = setTimeout(open, backoffDelay(attempt, random));
    attempt += 1;
  }

  function open() {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (socket || holders === 0) return;
    const since = lastSeq;
    emitStatus({ status: 'connecting' });
    let current: SocketLike;
    try {
      current = createSocket(url(since));
    } catch {
      scheduleReconnect();
      return;
    }
    socket = current;
    readySeq = undefined;
    isResyncing = false;
    armStaleTimer();
    current.onmessage = (event) => {
      armStaleTimer();
      const frame = parseFrame(event.data);
      if (!frame) return;
      if (frame.type === 'ready') {
        isOpen = true;
        attempt = 0;
        readySeq = frame.seq;
        // A first connection starts from the server's present; a resumed one keeps its cursor
        // until the replayed changes (or the next heartbeat) move it, so a drop in the middle
        // of a replay asks for it again. After a resync there is nothing to replay.
        if (lastSeq === undefined || isResyncing) advance(frame.seq);
        emitStatus({ status: 'open', resumed: since !== undefined });
      } else if (frame.type === 'resync') {
        // Too much was missed to replay: listeners refetch, and the cursor jumps to the present
        // (this connection's `ready`, whichever of the two comes first).
        isResyncing = true;
        advance(readySeq);
      } else {
        advance(frameSeq(frame));
      }
      emitFrame(frame);
    };
    current.onclose = (event) => {
      drop();
      if (event.code === UNAUTHORIZED_CLOSE_CODE) {
        clearTimeout(retryTimer);
        attempt = 0;
        emitStatus({ status: 'unauthorized' });
        return;
      }
      scheduleReconnect();
    };
    // An error is always followed by close, which decides what to do.
    current.onerror = () => undefined;
  }

  function stop() {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    const hadSocket = socket !== null;
    drop();
    attempt = 0;
    // The next holder may be another account: start again from its present.
    lastSeq = undefined;
    if (hadSocket) emitStatus({ status: 'closed' });
  }

  return {
    connect() {
      holders += 1;
      clearTimeout(releaseTimer);
      if (!socket && retryTimer === undefined) open();
      let isReleased = false;
      return () => {
        if (isReleased) return;
        isReleased = true;
        holders -= 1;
        // Closed a moment later, so a remount (React strict mode, a layout switch) keeps it.
        if (holders === 0) releaseTimer = setTimeout(() => holders === 0 && stop(), 0);
      };
    },
    subscribe(type, listener) {
      const set = listeners.get(type) ?? new Set<Listener>();
      listeners.set(type, set);
      const wrapped = listener as Listener;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    get lastSeq() {
      return lastSeq;
    },
    get isConnected() {
      return isOpen;
    },
    reconnectNow() {
      if (holders === 0 || socket) return;
      attempt = 0;
      open();
    },
    send(message) {
      if (!isOpen || !socket?.send) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
  };
}

/** The tab's shared client. Nothing connects until a signed-in view calls `realtime.connect()`. */
export const realtime: RealtimeClient = createRealtimeClient({
  url: (since) => realtimeUrl(window.location.origin, since),
});
