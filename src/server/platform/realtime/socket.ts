import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { SESSION_COOKIE } from '../../../contracts/auth';
import {
  REALTIME_CATCH_UP_MAX,
  REALTIME_HEARTBEAT_MS,
  REALTIME_PATH,
  type ServerFrame,
} from '../../../contracts/realtime';
import { MEETING_SIGNAL_PATH } from '../../../contracts/meetings';
import { STREAM_BROADCAST_PATH } from '../../../contracts/streaming';
import type { Database } from '../../db/client';
import type { SessionEvents } from '../auth/session-events';
import { findSessionUser, liveSessionIds } from '../auth/sessions';
import type { Clock } from '../clock';
import type { RealtimeHub } from './hub';
import type { SocketMessages } from './socket-messages';
import { SlicedRound } from './sliced-round';
import { directSocket, PING_FRAME, textFrame, writeFrames } from './text-frame';

// Ticks per heartbeat period (one every 500 ms); at 10,000 sockets a tick pings 200 of them.
const HEARTBEAT_SLICES = 50;

/** Upgrades on these paths belong to another listener on the HTTP server. */
const OTHER_SOCKET_PATHS: RegExp[] = [MEETING_SIGNAL_PATH, STREAM_BROADCAST_PATH];

export const CLOSE_SIGNED_OUT = 4401;
export const CLOSE_FORBIDDEN_ORIGIN = 4403;
/** The person's roles or account changed: the client reconnects and is authorised afresh. */
export const CLOSE_ACCESS_CHANGED = 4409;

interface RealtimeDeps {
  db: Database;
  clock: Clock;
  hub: RealtimeHub;
  sessionEvents: SessionEvents;
  config: { PUBLIC_URL: string; TRUST_PROXY: boolean };
  /** What clients may send up the socket, by type (modules register theirs). */
  messages?: SocketMessages;
}

/**
 * GET /api/realtime (WebSocket): the signed-in user's notification inserts and updates, stream
 * notifications, messages in their chats, vendor requests, and unstored chat signals (typing,
 * read receipts). `?since=<seq>` replays what was missed.
 *
 * The upgrade is taken straight from the HTTP server, not through a Fastify route: a socket then
 * keeps nothing of the request alive, which is most of what 10,000 connections cost
 * (bench/realtime.ts measures it).
 */
export function registerRealtimeSocket(app: FastifyInstance, deps: RealtimeDeps): void {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 4096,
    perMessageDeflate: false,
    clientTracking: false,
  });
  // Each socket comes round once per heartbeat period, a slice of them per tick.
  const sockets = new SlicedRound<WebSocket>(HEARTBEAT_SLICES);
  const alive = new WeakMap<WebSocket, boolean>();
  const allowedOrigin = new URL(deps.config.PUBLIC_URL).origin;

  // Each open socket's session, by person: a session that ends (sign-out, password reset or
  // change, in any process) closes its sockets, and a change of roles makes them reconnect.
  const byUser = new Map<string, Map<WebSocket, string>>();
  /** Counts changes heard, so a socket accepted while one arrived is checked again. */
  let changesHeard = 0;

  async function recheck(userIds: Iterable<string>, accessChanged: boolean): Promise<void> {
    const open: [WebSocket, string][] = [];
    for (const userId of userIds) for (const entry of byUser.get(userId) ?? []) open.push(entry);
    if (!open.length) return;
    const live = await liveSessionIds(deps.db, {
      ids: [...new Set(open.map(([, sessionId]) => sessionId))],
      now: deps.clock.now(),
    });
    for (const [ws, sessionId] of open) {
      if (!live.has(sessionId)) ws.close(CLOSE_SIGNED_OUT, 'Signed out');
      else if (accessChanged) ws.close(CLOSE_ACCESS_CHANGED, 'Access changed');
    }
  }
  const recheckFailed = (error: unknown) =>
    app.log.error({ err: error }, 'realtime session check failed');
  const offChange = deps.sessionEvents.onChange((change) => {
    changesHeard++;
    recheck([change.userId], change.accessChanged).catch(recheckFailed);
  });
  // Changes made while this process could not hear them: every socket's session is checked.
  const offResync = deps.sessionEvents.onResync(() => {
    changesHeard++;
    recheck([...byUser.keys()], false).catch(recheckFailed);
  });

  // One timer for every socket (not one each): ping, drop the silent, send the heartbeat frame
  // (the ping and the frame in one write, the same bytes for every socket due).
  const heartbeat = setInterval(() => {
    const due = sockets.tick();
    if (!due.length) return;
    const text = JSON.stringify({
      type: 'heartbeat',
      seq: deps.hub.position(),
    } satisfies ServerFrame);
    const frames = Buffer.concat([PING_FRAME, textFrame(text)]);
    for (const socket of due) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      if (writeFrames(socket, frames)) continue;
      socket.ping();
      socket.send(text);
    }
  }, REALTIME_HEARTBEAT_MS / HEARTBEAT_SLICES);
  heartbeat.unref();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== REALTIME_PATH) {
      // A meeting's signalling socket and a stream's broadcast socket are answered by their own
      // listeners (modules/meetings, modules/streaming).
      if (!OTHER_SOCKET_PATHS.some((path) => path.test(url.pathname))) socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const since = Number(url.searchParams.get('since') ?? NaN);
      const origin = request.headers.origin;
      const cookie = request.headers.cookie;
      const host = request.headers.host;
      accept(ws, { origin, cookie, host, since }).catch((error: unknown) => {
        app.log.error({ err: error }, 'realtime connection failed');
        ws.close(1011, 'Server error');
      });
    });
  };

  async function accept(
    ws: WebSocket,
    params: { origin?: string; cookie?: string; host?: string; since: number },
  ) {
    // A page on another site must not read our users' notifications through their cookies;
    // browsers always send Origin on a WebSocket, other clients may leave it out.
    const sameHost = params.host && params.origin?.replace(/^https?:\/\//, '') === params.host;
    if (params.origin && params.origin !== allowedOrigin && !sameHost) {
      ws.close(CLOSE_FORBIDDEN_ORIGIN, 'Origin not allowed');
      return;
    }
    const token = params.cookie ? app.parseCookie(params.cookie)[SESSION_COOKIE] : undefined;
    const heardBefore = changesHeard;
    const user = token ? await findSessionUser(deps.db, { token, now: deps.clock.now() }) : null;
    if (!user) {
      ws.close(CLOSE_SIGNED_OUT, 'Sign in to receive live updates');
      return;
    }
    if (ws.readyState !== ws.OPEN) return;
    const detach = deps.hub.attach(user.id, directSocket(ws));
    sockets.add(ws);
    alive.set(ws, true);
    ws.on('pong', () => alive.set(ws, true));
    let sessions = byUser.get(user.id);
    if (!sessions) byUser.set(user.id, (sessions = new Map()));
    sessions.set(ws, user.sessionId);
    ws.on('close', () => {
      detach();
      sockets.delete(ws);
      const current = byUser.get(user.id);
      current?.delete(ws);
      if (current?.size === 0) byUser.delete(user.id);
    });
    // A change heard while the session was being looked up may have ended it.
    if (changesHeard !== heardBefore) await recheck([user.id], false);
    // What the client sends goes to the module that handles its type (a driver's live position);
    // anything else is ignored.
    const peer = {
      user,
      send: (frame: ServerFrame) => send(ws, frame),
      onClose: (listener: () => void) => void ws.once('close', listener),
    };
    const messageFailed = (error: unknown) =>
      app.log.error({ err: error }, 'realtime client message failed');
    ws.on('message', (data, isBinary) => {
      if (!isBinary && deps.messages) deps.messages.dispatch(String(data), peer, messageFailed);
    });

    const position = deps.hub.position();
    if (Number.isSafeInteger(params.since) && params.since >= 0 && params.since < position) {
      await catchUp(deps, ws, user.id, params.since);
    }
    send(ws, { type: 'ready', seq: Math.max(position, deps.hub.position()) });
  }

  app.server.on('upgrade', onUpgrade);
  app.addHook('onClose', async () => {
    offChange();
    offResync();
    clearInterval(heartbeat);
    app.server.off('upgrade', onUpgrade);
    for (const socket of [...sockets.all()]) socket.terminate();
    wss.close();
  });
}

function send(socket: WebSocket, frame: ServerFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

async function catchUp(deps: RealtimeDeps, socket: WebSocket, userId: string, since: number) {
  const frames = await deps.hub.catchUp(userId, since, REALTIME_CATCH_UP_MAX);
  if (!frames) send(socket, { type: 'resync' });
  else for (const frame of frames) send(socket, frame);
}
