import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { SESSION_COOKIE } from '../../../contracts/auth';
import {
  MEETING_CLOSE,
  MEETING_FRAME_MAX,
  MEETING_MAX_PARTICIPANTS,
  MEETING_MESSAGES,
  MEETING_SIGNAL_PATH,
  MeetingClientFrameSchema,
  type IceServer,
  type MeetingServerFrame,
  type Peer,
} from '../../../contracts/meetings';
import type { Config } from '../../config';
import { findSessionUser, liveSessionIds } from '../../platform/auth/sessions';
import type { ModuleContext } from '../module';
import * as q from './meetings.queries';
import { MeetingRelay, publish, type Envelope } from './meetings.relay';
import { isUuid } from '../../../contracts/ids';

const HEARTBEAT_MS = 20_000;

interface Local {
  ws: WebSocket;
  peerId: string;
  userId: string;
  /** The session the socket was opened with: when it ends (sign-out), the socket closes. */
  sessionId: string;
  meetingId: string;
  isHost: boolean;
  alive: boolean;
}

/**
 * The ICE servers a browser gets (decision 031): STUN/TURN URLs from config; with a coturn
 * `static-auth-secret`, short-lived credentials per person (coturn's REST API scheme), so no
 * long-lived TURN password reaches a browser.
 */
export function iceServersFor(
  config: Pick<Config, 'MEETING_STUN_URLS' | 'MEETING_TURN_URLS' | 'MEETING_TURN_SECRET'>,
  userId: string,
  nowMs: number,
): IceServer[] {
  const servers: IceServer[] = [];
  if (config.MEETING_STUN_URLS.length) servers.push({ urls: config.MEETING_STUN_URLS });
  if (config.MEETING_TURN_URLS.length && config.MEETING_TURN_SECRET) {
    const username = `${Math.floor(nowMs / 1000) + 12 * 3600}:${userId}`;
    const credential = createHmac('sha1', config.MEETING_TURN_SECRET)
      .update(username)
      .digest('base64');
    servers.push({ urls: config.MEETING_TURN_URLS, username, credential });
  }
  return servers;
}

/**
 * WS /api/meetings/:id/signal: a room's signalling (SDP offers and answers, ICE candidates),
 * peer state, in-room chat and host actions. Its own socket rather than new frames on
 * /api/realtime: that one caps client frames at 4 KB for 10,000 idle sockets, and an SDP offer is
 * larger. Authenticated with the session cookie and origin-checked like the realtime socket;
 * only people admitted to the room get in, up to MEETING_MAX_PARTICIPANTS sockets.
 */
export async function registerMeetingSocket(app: FastifyInstance, ctx: ModuleContext) {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MEETING_FRAME_MAX,
    perMessageDeflate: false,
    clientTracking: false,
  });
  const allowedOrigin = new URL(ctx.config.PUBLIC_URL).origin;
  /** This process's sockets, by meeting. */
  const rooms = new Map<string, Set<Local>>();

  const send = (ws: WebSocket, frame: MeetingServerFrame) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
  };

  const deliver = (envelope: Envelope) => {
    for (const local of rooms.get(envelope.m) ?? []) {
      if (envelope.to && local.peerId !== envelope.to) continue;
      if (envelope.user && local.userId !== envelope.user) continue;
      if (envelope.host && !local.isHost) continue;
      if (envelope.except && local.peerId === envelope.except) continue;
      if (envelope.frame) send(local.ws, envelope.frame);
      if (envelope.close) local.ws.close(envelope.close.code, envelope.close.reason);
    }
  };
  const relay = new MeetingRelay({
    databaseUrl: ctx.databaseUrl,
    db: ctx.db,
    deliver,
    onError: ctx.logError,
  });
  await relay.start();

  // A session that ends in any process (sign-out, password reset or change) closes the meeting
  // sockets opened with it, as it closes the realtime socket: the others see the person leave.
  let changesHeard = 0;
  async function recheck(userIds: Set<string> | null) {
    const open: Local[] = [];
    for (const room of rooms.values())
      for (const local of room) if (!userIds || userIds.has(local.userId)) open.push(local);
    if (!open.length) return;
    const live = await liveSessionIds(ctx.db, {
      ids: [...new Set(open.map((local) => local.sessionId))],
      now: ctx.clock.now(),
    });
    for (const local of open)
      if (!live.has(local.sessionId)) local.ws.close(MEETING_CLOSE.signedOut, 'Signed out');
  }
  const recheckFailed = (error: unknown) => ctx.logError(error, 'meeting session check');
  const offChange = ctx.sessionEvents.onChange((change) => {
    changesHeard++;
    recheck(new Set([change.userId])).catch(recheckFailed);
  });
  // Changes made while this process could not hear them: every socket's session is checked.
  const offResync = ctx.sessionEvents.onResync(() => {
    changesHeard++;
    recheck(null).catch(recheckFailed);
  });

  const heartbeat = setInterval(() => {
    const ids: string[] = [];
    for (const room of rooms.values())
      for (const local of room) {
        if (!local.alive) {
          local.ws.terminate();
          continue;
        }
        local.alive = false;
        local.ws.ping();
        ids.push(local.peerId);
      }
    q.touchConnections(ctx.db, { ids }).catch((e: unknown) => ctx.logError(e, 'meeting heartbeat'));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const match = MEETING_SIGNAL_PATH.exec(url.pathname);
    if (!match) return;
    wss.handleUpgrade(request, socket, head, (ws) => {
      accept(ws, match[1] ?? '', request).catch((error: unknown) => {
        ctx.logError(error, 'meeting socket');
        ws.close(1011, 'Server error');
      });
    });
  };

  async function accept(ws: WebSocket, meetingId: string, request: IncomingMessage) {
    const { origin, cookie, host } = request.headers;
    const sameHost = host && origin?.replace(/^https?:\/\//, '') === host;
    if (origin && origin !== allowedOrigin && !sameHost) {
      ws.close(MEETING_CLOSE.origin, 'Origin not allowed');
      return;
    }
    const token = cookie ? app.parseCookie(cookie)[SESSION_COOKIE] : undefined;
    const heardBefore = changesHeard;
    const user = token ? await findSessionUser(ctx.db, { token, now: ctx.clock.now() }) : null;
    if (!user) {
      ws.close(MEETING_CLOSE.signedOut, 'Please sign in to join the meeting');
      return;
    }
    if (!isUuid(meetingId)) {
      ws.close(MEETING_CLOSE.notFound, MEETING_MESSAGES.notFound);
      return;
    }
    const opened = await ctx.db.transaction((tx) =>
      q.openConnection(tx, { meetingId, userId: user.id, max: MEETING_MAX_PARTICIPANTS }),
    );
    if (!opened.ok) {
      const [code, reason] = {
        gone: [MEETING_CLOSE.notFound, MEETING_MESSAGES.notFound],
        ended: [MEETING_CLOSE.ended, MEETING_MESSAGES.ended],
        full: [MEETING_CLOSE.full, MEETING_MESSAGES.full],
        'not-admitted': [MEETING_CLOSE.notAdmitted, 'Join from the meeting page first'],
      }[opened.reason] as [number, string];
      ws.close(code, reason);
      return;
    }
    const peerId = opened.id;
    const peers = await q.listPeers(ctx.db, { meetingId });
    const self = peers.find((p) => p.peerId === peerId);
    if (!self || ws.readyState !== ws.OPEN) {
      await q.closeConnection(ctx.db, { id: peerId });
      return;
    }
    const local: Local = {
      ws,
      peerId,
      userId: user.id,
      sessionId: user.sessionId,
      meetingId,
      isHost: self.isHost,
      alive: true,
    };
    let room = rooms.get(meetingId);
    if (!room) rooms.set(meetingId, (room = new Set()));
    room.add(local);
    ws.on('pong', () => (local.alive = true));

    // Frames from one socket are handled in order, so an offer's NOTIFY precedes its candidates'.
    let chain: Promise<void> = Promise.resolve();
    ws.on('message', (data) => {
      local.alive = true;
      chain = chain
        .then(() => onFrame(local, String(data)))
        .catch((error: unknown) => ctx.logError(error, 'meeting frame'));
    });
    ws.on('close', () => {
      room.delete(local);
      if (room.size === 0) rooms.delete(meetingId);
      chain = chain
        .then(async () => {
          await q.closeConnection(ctx.db, { id: peerId });
          await publish(ctx.db, { m: meetingId, frame: { type: 'peer-left', peerId } });
        })
        .catch((error: unknown) => ctx.logError(error, 'meeting leave'));
    });
    // A change heard while the session was being looked up may have ended it.
    if (changesHeard !== heardBefore) await recheck(new Set([user.id]));
    if (ws.readyState !== ws.OPEN) return;

    send(ws, {
      type: 'welcome',
      peerId,
      peers: peers.filter((p) => p.peerId !== peerId),
      iceServers: iceServersFor(ctx.config, user.id, Date.now()),
      isHost: self.isHost,
    });
    const peer: Peer = self;
    await publish(ctx.db, { m: meetingId, except: peerId, frame: { type: 'peer-joined', peer } });
  }

  async function onFrame(local: Local, text: string) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      send(local.ws, { type: 'error', message: 'Frames must be JSON' });
      return;
    }
    const parsed = MeetingClientFrameSchema.safeParse(json);
    if (!parsed.success) {
      send(local.ws, { type: 'error', message: parsed.error.issues[0]?.message ?? 'Bad frame' });
      return;
    }
    const frame = parsed.data;
    const m = local.meetingId;
    switch (frame.type) {
      case 'signal':
        // Relayed only within the room: `to` is matched against this meeting's sockets.
        await publish(ctx.db, {
          m,
          to: frame.to,
          frame: { type: 'signal', from: local.peerId, data: frame.data },
        });
        return;
      case 'state':
        await q.setConnectionState(ctx.db, { id: local.peerId, state: frame.state });
        await publish(ctx.db, {
          m,
          frame: { type: 'peer-state', peerId: local.peerId, state: frame.state },
        });
        return;
      case 'chat': {
        const [me] = (await q.listPeers(ctx.db, { meetingId: m })).filter(
          (p) => p.peerId === local.peerId,
        );
        await publish(ctx.db, {
          m,
          frame: {
            type: 'chat',
            from: local.peerId,
            name: me?.name ?? 'Someone',
            text: frame.text,
            at: new Date().toISOString(),
          },
        });
        return;
      }
    }
  }

  app.server.on('upgrade', onUpgrade);
  app.addHook('onClose', async () => {
    offChange();
    offResync();
    clearInterval(heartbeat);
    app.server.off('upgrade', onUpgrade);
    const ids: string[] = [];
    for (const room of rooms.values())
      for (const local of room) {
        ids.push(local.peerId);
        local.ws.terminate();
      }
    rooms.clear();
    wss.close();
    await relay.close();
    for (const id of ids) await q.closeConnection(ctx.db, { id }).catch(() => {});
  });
}
