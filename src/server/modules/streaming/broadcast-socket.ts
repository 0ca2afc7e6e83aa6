import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { msg } from '@lingui/core/macro';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { SESSION_COOKIE } from '../../../contracts/auth';
import { LANGUAGE_COOKIE, type Locale } from '../../../contracts/locales';
import { STREAM_BROADCAST_PATH, type BroadcastServerFrame } from '../../../contracts/streaming';
import type { SessionEvents } from '../../platform/auth/session-events';
import { findSessionUser, liveSessionIds } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { chooseLocale } from '../../platform/i18n/request-locale';
import { translate } from '../../platform/i18n/translate';
import type { IngestSession } from './ingest';
import * as goingLive from './going-live.service';
import type { StreamingDeps } from './stream-rows';

const CLOSE_REFUSED = 4403;
/** The session the socket was opened with ended (sign-out, password change): final. */
const CLOSE_SIGNED_OUT = 4401;
// The socket's words are in the broadcaster's language (account, picker cookie, browser).
const SIGNED_OUT = msg`You signed out, so the broadcast stopped. Sign in again to go live.`;
const COULD_NOT_START = msg`The broadcast could not start`;
const SIGN_IN = msg`Sign in to go live`;
/** MediaRecorder chunks (1 s at a few Mbit/s) fit well under this. */
const MAX_CHUNK = 8 * 1024 * 1024;

const send = (ws: WebSocket, frame: BroadcastServerFrame) => {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
};

interface Open {
  ws: WebSocket;
  userId: string;
  sessionId: string;
  locale: Locale;
}

/**
 * WS /api/streams/:id/broadcast: the organizer's browser sends MediaRecorder chunks (webm) as
 * binary messages; they go straight into the stream's ffmpeg. Same origin and session rules as
 * the realtime socket; taken from the HTTP server's upgrade like it.
 */
export function registerBroadcastSocket(
  app: FastifyInstance,
  server: Server,
  deps: StreamingDeps,
  sessionEvents: SessionEvents,
): void {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_CHUNK,
    perMessageDeflate: false,
  });
  const allowedOrigin = new URL(deps.config.PUBLIC_URL).origin;
  /** This process's signed-in broadcast sockets. */
  const open = new Set<Open>();

  // A session that ends in any process (sign-out, password reset or change) closes the broadcast
  // opened with it, as it closes the realtime and meeting sockets: a signed-out browser must not
  // keep publishing. The input then drops as on a network blip (the grace period applies), so
  // the organizer signing in again within it continues the same stream.
  let changesHeard = 0;
  async function recheck(userIds: Set<string> | null) {
    const held = [...open].filter((o) => !userIds || userIds.has(o.userId));
    if (!held.length) return;
    const live = await liveSessionIds(deps.db, {
      ids: [...new Set(held.map((o) => o.sessionId))],
      now: deps.clock.now(),
    });
    for (const o of held)
      if (!live.has(o.sessionId)) {
        send(o.ws, { type: 'error', message: translate(o.locale, SIGNED_OUT) });
        o.ws.close(CLOSE_SIGNED_OUT, 'Signed out');
      }
  }
  const recheckFailed = (error: unknown) => deps.logError(error, 'broadcast session check');
  const offChange = sessionEvents.onChange((change) => {
    changesHeard++;
    recheck(new Set([change.userId])).catch(recheckFailed);
  });
  // Changes made while this process could not hear them: every socket's session is checked.
  const offResync = sessionEvents.onResync(() => {
    changesHeard++;
    recheck(null).catch(recheckFailed);
  });

  const localeOf = (request: IncomingMessage, account?: string | null) =>
    chooseLocale({
      account,
      cookie: request.headers.cookie
        ? app.parseCookie(request.headers.cookie)[LANGUAGE_COOKIE]
        : undefined,
      acceptLanguage: request.headers['accept-language'],
    });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (!STREAM_BROADCAST_PATH.test(url.pathname)) return;
    const streamId = url.pathname.split('/')[3] ?? '';
    wss.handleUpgrade(request, socket, head, (ws) => {
      accept(ws, streamId, request).catch((error: unknown) => {
        deps.logError(error, 'stream broadcast');
        send(ws, { type: 'error', message: translate(localeOf(request), COULD_NOT_START) });
        ws.close(1011, 'Server error');
      });
    });
  };

  async function accept(ws: WebSocket, streamId: string, request: IncomingMessage) {
    const origin = request.headers.origin;
    const host = request.headers.host;
    const sameHost = host && origin?.replace(/^https?:\/\//, '') === host;
    if (origin && origin !== allowedOrigin && !sameHost) {
      ws.close(CLOSE_REFUSED, 'Origin not allowed');
      return;
    }
    // Chunks that arrive while the transcoder starts are kept, in order.
    const early: Buffer[] = [];
    let session: IngestSession | null = null;
    let stopping = false;
    let closed = false;
    ws.on('message', (data, isBinary) => {
      if (!isBinary) {
        let frame: unknown;
        try {
          frame = JSON.parse(String(data));
        } catch {
          return;
        }
        if ((frame as { type?: unknown })?.type === 'stop') {
          stopping = true;
          if (session) void stop();
        }
        return;
      }
      const chunk = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
      if (!session) early.push(chunk);
      else if (!session.write(chunk)) {
        // Back-pressure: the encoder is behind; stop reading the socket until it catches up.
        ws.pause();
        session.onDrain(() => ws.resume());
      }
    });
    ws.on('close', () => {
      closed = true;
      // Dropped without a stop: ffmpeg finishes, and the grace period waits for a reconnect.
      if (session && !stopping) session.endInput();
    });

    const cookie = request.headers.cookie;
    const token = cookie ? app.parseCookie(cookie)[SESSION_COOKIE] : undefined;
    const heardBefore = changesHeard;
    const user = token ? await findSessionUser(deps.db, { token, now: deps.clock.now() }) : null;
    if (!user) {
      send(ws, { type: 'error', message: translate(localeOf(request), SIGN_IN) });
      ws.close(CLOSE_REFUSED, 'Signed out');
      return;
    }
    const locale = localeOf(request, user.language);
    const entry: Open = { ws, userId: user.id, sessionId: user.sessionId, locale };
    if (!closed) {
      open.add(entry);
      ws.on('close', () => open.delete(entry));
    }
    // A change heard while the session was being looked up may have ended it.
    if (changesHeard !== heardBefore) await recheck(new Set([user.id]));
    if (closed || ws.readyState !== ws.OPEN) return;
    try {
      const started = await goingLive.beginIngest(deps, { user, streamId }, { kind: 'pipe' }, () =>
        send(ws, { type: 'live' }),
      );
      session = started.session;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      send(ws, { type: 'error', message: translate(locale, error.descriptor ?? error.message) });
      ws.close(CLOSE_REFUSED, error.code);
      return;
    }
    if (closed) {
      session.endInput();
      return;
    }
    for (const chunk of early.splice(0)) session.write(chunk);
    send(ws, { type: 'ready' });
    if (stopping) void stop();

    async function stop() {
      await deps.live.stop(streamId);
      send(ws, { type: 'ended' });
      ws.close(1000, 'Stream ended');
    }
  }

  server.on('upgrade', onUpgrade);
  app.addHook('onClose', async () => {
    offChange();
    offResync();
    server.off('upgrade', onUpgrade);
    for (const client of wss.clients) client.terminate();
    wss.close();
  });
}
