import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  REALTIME_CATCH_UP_MAX,
  REALTIME_HEARTBEAT_MS,
  type ServerFrame,
} from '../../../contracts/realtime';
import type { Database } from '../../db/client';
import type { RealtimeHub } from '../../platform/realtime/hub';
import { notificationChangesSince, streamChangesSince } from './notifications.queries';
import { notificationFrame, streamNotificationFrame } from './realtime-sources';

export const CLOSE_SIGNED_OUT = 4401;
export const CLOSE_FORBIDDEN_ORIGIN = 4403;

interface RealtimeDeps {
  db: Database;
  hub: RealtimeHub;
  config: { PUBLIC_URL: string };
}

/** Live sockets and whether each answered the last ping. */
const alive = new WeakMap<WebSocket, boolean>();

/**
 * GET /api/realtime (WebSocket): the signed-in user's notification inserts and updates, stream
 * notifications, and (later) other per-user changes. `?since=<seq>` replays what was missed.
 */
export function realtimeRoutes(deps: RealtimeDeps): FastifyPluginAsync {
  return async (app) => {
    const sockets = new Set<WebSocket>();
    // One timer for every socket (not one each): ping, drop the silent, send the heartbeat frame.
    const heartbeat = setInterval(() => {
      const frame = JSON.stringify({
        type: 'heartbeat',
        seq: deps.hub.position(),
      } satisfies ServerFrame);
      for (const socket of sockets) {
        if (alive.get(socket) === false) {
          socket.terminate();
          continue;
        }
        alive.set(socket, false);
        socket.ping();
        socket.send(frame);
      }
    }, REALTIME_HEARTBEAT_MS);
    heartbeat.unref();
    app.addHook('onClose', async () => clearInterval(heartbeat));

    app.get('/realtime', { websocket: true, schema: { hide: true } }, async (socket, request) => {
      // A page on another site must not read our users' notifications through their cookies.
      if (!sameOrigin(request, deps.config.PUBLIC_URL)) {
        socket.close(CLOSE_FORBIDDEN_ORIGIN, 'Origin not allowed');
        return;
      }
      const user = await request.getUser();
      if (!user) {
        socket.close(CLOSE_SIGNED_OUT, 'Sign in to receive live updates');
        return;
      }
      if (socket.readyState !== socket.OPEN) return;
      const detach = deps.hub.attach(user.id, socket);
      sockets.add(socket);
      alive.set(socket, true);
      socket.on('pong', () => alive.set(socket, true));
      socket.on('close', () => {
        detach();
        sockets.delete(socket);
      });
      // Clients have nothing to say yet; anything they send is ignored.
      socket.on('message', () => {});

      const since = Number((request.query as { since?: string }).since);
      const position = deps.hub.position();
      if (Number.isSafeInteger(since) && since >= 0 && since < position) {
        await catchUp(deps, socket, user.id, since);
      }
      send(socket, { type: 'ready', seq: Math.max(position, deps.hub.position()) });
    });
  };
}

function send(socket: WebSocket, frame: ServerFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

async function catchUp(deps: RealtimeDeps, socket: WebSocket, userId: string, since: number) {
  const limit = REALTIME_CATCH_UP_MAX + 1;
  const [rows, streamRows] = await Promise.all([
    notificationChangesSince(deps.db, { userId, since, limit }),
    streamChangesSince(deps.db, { userId, since, limit }),
  ]);
  if (rows.length + streamRows.length > REALTIME_CATCH_UP_MAX) {
    send(socket, { type: 'resync' });
    return;
  }
  if (rows.length) send(socket, notificationFrame(rows));
  if (streamRows.length) send(socket, streamNotificationFrame(streamRows));
}

function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser (browsers always send Origin on WebSocket)
  return origin === new URL(publicUrl).origin || origin === `${request.protocol}://${request.host}`;
}
