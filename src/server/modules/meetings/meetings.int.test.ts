import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MEETING_CLOSE,
  MEETING_MAX_PARTICIPANTS,
  meetingSignalPath,
  type Meeting,
  type MeetingServerFrame,
  type Participant,
} from '../../../contracts/meetings';
import { PlanInputSchema } from '../../../contracts/subscriptions';
import { meetings } from '../../db/schema/meetings';
import { must } from '../../platform/must';
import { createEvent, createUser } from '../../test/factories';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createPlan } from '../subscriptions/subscriptions.service';
import { touchConnections } from './meetings.queries';

let t: TestApp;
/** A second server process on the same database (behind a load balancer). */
let t2: TestApp;
let hostCookie: string;
let hostId: string;
let freeCookie: string;
const open: MeetClient[] = [];

/** A signalling socket that keeps every frame and can wait for the one a test expects. */
class MeetClient {
  frames: MeetingServerFrame[] = [];
  closed: { code: number; reason: string } | undefined;
  readonly socket: WebSocket;
  constructor(app: TestApp, meetingId: string, cookie?: string, origin?: string) {
    const { port } = app.app.server.address() as AddressInfo;
    this.socket = new WebSocket(`ws://127.0.0.1:${port}${meetingSignalPath(meetingId)}`, {
      headers: { ...(cookie ? { cookie } : {}), origin: origin ?? app.config.PUBLIC_URL },
    });
    this.socket.on('message', (data) => this.frames.push(JSON.parse(String(data))));
    this.socket.on('close', (code, reason) => (this.closed = { code, reason: String(reason) }));
    open.push(this);
  }
  waitFor<T>(find: (c: MeetClient) => T | undefined, ms = 5000): Promise<T> {
    return vi.waitFor(
      () => {
        const found = find(this);
        if (found === undefined)
          throw new Error(
            `timed out; frames ${JSON.stringify(this.frames)} ${JSON.stringify(this.closed)}`,
          );
        return found;
      },
      { timeout: ms, interval: 20 },
    );
  }
  frame<K extends MeetingServerFrame['type']>(
    type: K,
    match: (f: Extract<MeetingServerFrame, { type: K }>) => boolean = () => true,
  ) {
    return this.waitFor((c) =>
      c.frames.find(
        (f): f is Extract<MeetingServerFrame, { type: K }> =>
          f.type === type && match(f as Extract<MeetingServerFrame, { type: K }>),
      ),
    );
  }
  welcome() {
    return this.frame('welcome');
  }
  closedWith() {
    return this.waitFor((c) => c.closed);
  }
  send(frame: object) {
    this.socket.send(JSON.stringify(frame));
  }
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  t2 = await createTestApp({ shareDatabaseOf: t, env: { RATE_LIMIT_MULTIPLIER: '100' } });
  for (const app of [t, t2]) await app.app.listen({ port: 0, host: '127.0.0.1' });
  // The cheapest paid plan, with none of the flagged features: meetings need only a subscription.
  const starter = await createPlan(
    t,
    PlanInputSchema.parse({ name: 'Starter', priceMonthly: 999, description: 'Small' }),
  );
  // The host subscribes through the real checkout and the local payment page.
  const host = await createUser(t.db, { fullName: 'Hana Host' });
  hostId = host.id;
  hostCookie = await t.sessionCookie(host);
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/payments/create-checkout',
    headers: { cookie: hostCookie },
    payload: {
      planId: starter.id,
      quantity: 1,
      isVendorFee: false,
    },
  });
  const { sessionId } = started.json<{ sessionId: string }>();
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/local/sessions/${sessionId}/pay`,
    payload: { name: 'Hana Host', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
  });
  expect(paid.json().status).toBe('succeeded');
  freeCookie = await t.sessionCookie(await createUser(t.db, { fullName: 'Fred Free' }));
}, 60_000);
afterAll(async () => {
  for (const client of open) client.socket.terminate();
  await t2?.close();
  await t?.close();
});

const call = requestAs(
  () => t,
  () => ({ host: hostCookie, free: freeCookie }),
);

async function newRoom(input: object = {}) {
  const res = await call('host', 'POST', '/api/meetings', { title: 'Planning call', ...input });
  expect(res.statusCode).toBe(201);
  return res.json<Meeting>();
}
async function guest(name: string) {
  const user = await createUser(t.db, { fullName: name });
  return { user, cookie: await t.sessionCookie(user) };
}
const join = (cookie: string, id: string, passcode?: string) =>
  call({ cookie }, 'POST', `/api/meetings/${id}/join`, passcode === undefined ? {} : { passcode });

describe('creating a room', () => {
  it('is for subscribers: signed out 401, a free user 403 naming /pricing, a subscriber 201', async () => {
    const body = { title: 'Stand-up' };
    expect((await call('signedOut', 'POST', '/api/meetings', body)).statusCode).toBe(401);
    const free = await call('free', 'POST', '/api/meetings', body);
    expect(free.statusCode).toBe(403);
    expect(free.json().error.message).toMatch(/Meetings needs .*\/pricing/);
    const made = await call('host', 'POST', '/api/meetings', body);
    expect(made.statusCode).toBe(201);
    expect(made.json<Meeting>()).toMatchObject({
      title: 'Stand-up',
      isHost: true,
      status: 'admitted',
      lobby: false,
      hasPasscode: false,
      host: { id: hostId, name: 'Hana Host' },
    });
    const mine = (await call('host', 'GET', '/api/meetings')).json<{ items: Meeting[] }>();
    expect(mine.items.map((m) => m.id)).toContain(made.json<Meeting>().id);
  });

  it('names the field on bad input, and only from an event the host organizes', async () => {
    const empty = await call('host', 'POST', '/api/meetings', { title: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('title');
    const short = await call('host', 'POST', '/api/meetings', { title: 'x', passcode: '12' });
    expect(JSON.stringify(short.json())).toContain('passcode');
    const stranger = await createUser(t.db, { userType: 'organizer' });
    const theirs = await createEvent(t.db, { userId: stranger.id, isFree: true });
    const res = await call('host', 'POST', '/api/meetings', { title: 'x', eventId: theirs.id });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('eventId');
    const inFrench = await t.app.inject({
      method: 'POST',
      url: '/api/meetings',
      headers: { cookie: hostCookie, 'accept-language': 'fr' },
      payload: { title: 'x', eventId: theirs.id },
    });
    const room = await newRoom();
    const nobody = await t.app.inject({
      method: 'POST',
      url: `/api/meetings/${room.id}/participants/${stranger.id}/admit`,
      headers: { cookie: hostCookie, 'accept-language': 'es' },
    });
    expect(nobody.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Esta persona no ha pedido unirse' },
    });
    expect(inFrench.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Événement introuvable',
        details: { fields: [{ field: 'eventId', message: 'Événement introuvable' }] },
      },
    });
    const mine = await createEvent(t.db, { userId: hostId, isFree: true });
    const ok = await call('host', 'POST', '/api/meetings', { title: 'x', eventId: mine.id });
    expect(ok.json<Meeting>().eventId).toBe(mine.id);
  });
});

describe('getting in', () => {
  it('a passcode is stored hashed and checked: missing and wrong refused on the field', async () => {
    const room = await newRoom({ passcode: 'open-sesame' });
    expect(room.hasPasscode).toBe(true);
    const [row] = await t.db.select().from(meetings).where(eq(meetings.id, room.id));
    expect(must(row, 'meeting').passcodeHash).toMatch(/^\$argon2id\$/);
    const g = await guest('Pat Passcode');
    for (const passcode of [undefined, 'wrong-one']) {
      const res = await join(g.cookie, room.id, passcode);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields[0].field).toBe('passcode');
    }
    // Not admitted: the socket is refused.
    const early = new MeetClient(t, room.id, g.cookie);
    expect((await early.closedWith()).code).toBe(MEETING_CLOSE.notAdmitted);
    const ok = await join(g.cookie, room.id, 'open-sesame');
    expect(ok.json<Meeting>().status).toBe('admitted');
    // Once in, no passcode is asked again (a reconnect).
    expect((await join(g.cookie, room.id)).json<Meeting>().status).toBe('admitted');
  });

  it('signed out and other sites are refused on the socket', async () => {
    const room = await newRoom();
    expect((await new MeetClient(t, room.id).closedWith()).code).toBe(MEETING_CLOSE.signedOut);
    const foreign = new MeetClient(t, room.id, hostCookie, 'https://evil.example');
    expect((await foreign.closedWith()).code).toBe(MEETING_CLOSE.origin);
    expect((await call('signedOut', 'GET', `/api/meetings/${room.id}`)).statusCode).toBe(401);
  });

  it('with a lobby the host admits or denies; the host hears of each knock live', async () => {
    const room = await newRoom({ lobby: true });
    const host = new MeetClient(t, room.id, hostCookie);
    await host.welcome();
    const a = await guest('Ann Waiting');
    const b = await guest('Ben Denied');
    expect((await join(a.cookie, room.id)).json<Meeting>().status).toBe('waiting');
    await host.frame('lobby');
    expect((await join(b.cookie, room.id)).json<Meeting>().status).toBe('waiting');
    expect((await new MeetClient(t, room.id, a.cookie).closedWith()).code).toBe(
      MEETING_CLOSE.notAdmitted,
    );
    const list = await call('host', 'GET', `/api/meetings/${room.id}/participants`);
    expect(
      list.json<{ items: Participant[] }>().items.map((p) => [p.name, p.status, p.connected]),
    ).toEqual([
      ['Hana Host', 'admitted', true],
      ['Ann Waiting', 'waiting', false],
      ['Ben Denied', 'waiting', false],
    ]);
    // Only the host sees the list and acts.
    expect(
      (await call({ cookie: a.cookie }, 'GET', `/api/meetings/${room.id}/participants`)).statusCode,
    ).toBe(403);
    const url = (who: string, action: string) =>
      `/api/meetings/${room.id}/participants/${who}/${action}`;
    expect((await call({ cookie: a.cookie }, 'POST', url(b.user.id, 'admit'))).statusCode).toBe(
      403,
    );
    expect((await call('host', 'POST', url(a.user.id, 'admit'))).statusCode).toBe(200);
    expect((await call('host', 'POST', url(b.user.id, 'deny'))).statusCode).toBe(200);
    expect((await join(a.cookie, room.id)).json<Meeting>().status).toBe('admitted');
    const denied = await join(b.cookie, room.id);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toMatch(/did not let you in/);
    const inside = new MeetClient(t, room.id, a.cookie);
    expect((await inside.welcome()).peers.map((p) => p.name)).toEqual(['Hana Host']);
  });
});

describe('in the room', () => {
  it('relays offers, answers and candidates between two instances, with state and chat', async () => {
    const room = await newRoom();
    const g = await guest('Gus Guest');
    expect((await join(g.cookie, room.id)).statusCode).toBe(200);
    const host = new MeetClient(t, room.id, hostCookie);
    const hostWelcome = await host.welcome();
    expect(hostWelcome).toMatchObject({ peers: [], isHost: true, iceServers: [] });
    // The guest is on the other server process.
    const other = new MeetClient(t2, room.id, g.cookie);
    const welcome = await other.welcome();
    expect(welcome.peers).toMatchObject([
      { peerId: hostWelcome.peerId, name: 'Hana Host', isHost: true },
    ]);
    const joined = await host.frame('peer-joined');
    expect(joined.peer).toMatchObject({ peerId: welcome.peerId, name: 'Gus Guest', isHost: false });

    // An SDP larger than a NOTIFY payload goes through the stored-body path.
    const sdp = `v=0\r\n${'a=candidate:1 1 udp 2122260223 192.0.2.1 5000 typ host\r\n'.repeat(200)}`;
    expect(sdp.length).toBeGreaterThan(8000);
    other.send({
      type: 'signal',
      to: hostWelcome.peerId,
      data: { description: { type: 'offer', sdp } },
    });
    other.send({
      type: 'signal',
      to: hostWelcome.peerId,
      data: {
        candidate: {
          candidate: 'candidate:2 1 udp 1 192.0.2.2 6000 typ host',
          sdpMid: '0',
          sdpMLineIndex: 0,
        },
      },
    });
    const offer = await host.frame('signal', (f) => 'description' in f.data);
    expect(offer).toEqual({
      type: 'signal',
      from: welcome.peerId,
      data: { description: { type: 'offer', sdp } },
    });
    await host.frame('signal', (f) => 'candidate' in f.data);
    // The candidate never overtakes its (larger, stored) offer.
    const signals = host.frames.filter((f) => f.type === 'signal');
    expect(signals.map((f) => ('description' in f.data ? 'offer' : 'candidate'))).toEqual([
      'offer',
      'candidate',
    ]);

    host.send({
      type: 'signal',
      to: welcome.peerId,
      data: { description: { type: 'answer', sdp: 'v=0\r\n' } },
    });
    expect((await other.frame('signal')).from).toBe(hostWelcome.peerId);

    other.send({
      type: 'state',
      state: { muted: true, cameraOff: false, handRaised: true, sharing: false },
    });
    const state = await host.frame('peer-state');
    expect(state).toMatchObject({
      peerId: welcome.peerId,
      state: { muted: true, handRaised: true },
    });
    host.send({ type: 'chat', text: 'Hello from the host' });
    for (const client of [host, other])
      expect(await client.frame('chat')).toMatchObject({
        name: 'Hana Host',
        text: 'Hello from the host',
      });

    // A late joiner sees the state as it is now.
    const late = await guest('Lia Late');
    await join(late.cookie, room.id);
    const lateClient = new MeetClient(t, room.id, late.cookie);
    const lateWelcome = await lateClient.welcome();
    expect(lateWelcome.peers.find((p) => p.peerId === welcome.peerId)).toMatchObject({
      muted: true,
      handRaised: true,
    });

    // A malformed frame is answered, not fatal; a signal to a peer elsewhere is not delivered.
    other.send({ type: 'signal', to: 'nobody', data: {} });
    await other.frame('error');
    other.socket.close();
    expect((await host.frame('peer-left')).peerId).toBe(welcome.peerId);
  });

  it('the host mutes someone (they are told), removes someone (out until re-admitted), and ends for all', async () => {
    const room = await newRoom();
    const m = await guest('Max Muted');
    const r = await guest('Rae Removed');
    for (const g of [m, r]) await join(g.cookie, room.id);
    const host = new MeetClient(t, room.id, hostCookie);
    const mc = new MeetClient(t2, room.id, m.cookie);
    const rc = new MeetClient(t, room.id, r.cookie);
    for (const c of [host, mc, rc]) await c.welcome();
    const url = (who: string, action: string) =>
      `/api/meetings/${room.id}/participants/${who}/${action}`;

    expect((await call('host', 'POST', url(m.user.id, 'mute'))).statusCode).toBe(200);
    await mc.frame('force-mute');
    expect(rc.frames.some((f) => f.type === 'force-mute')).toBe(false);

    expect((await call('host', 'POST', url(r.user.id, 'remove'))).statusCode).toBe(200);
    expect(await rc.closedWith()).toMatchObject({ code: MEETING_CLOSE.removed });
    await host.frame('peer-left');
    const again = await join(r.cookie, room.id);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toMatch(/removed you/);
    expect((await new MeetClient(t, room.id, r.cookie).closedWith()).code).toBe(
      MEETING_CLOSE.notAdmitted,
    );
    expect((await call('host', 'POST', url(r.user.id, 'admit'))).statusCode).toBe(200);
    expect((await join(r.cookie, room.id)).json<Meeting>().status).toBe('admitted');

    // A guest cannot end the room; the host can, for everyone on both instances.
    expect(
      (await call({ cookie: m.cookie }, 'POST', `/api/meetings/${room.id}/end`)).statusCode,
    ).toBe(403);
    expect((await call('host', 'POST', `/api/meetings/${room.id}/end`)).statusCode).toBe(200);
    for (const c of [host, mc]) expect((await c.closedWith()).code).toBe(MEETING_CLOSE.ended);
    const after = await join(m.cookie, room.id);
    expect(after.statusCode).toBe(409);
    expect(after.json().error.message).toMatch(/ended/);
    expect((await new MeetClient(t, room.id, hostCookie).closedWith()).code).toBe(
      MEETING_CLOSE.ended,
    );
  });

  it('the heartbeat keeps everyone present: someone joining a room after a minute sees the others', async () => {
    const room = await newRoom();
    const g = await guest('Gil Early');
    await join(g.cookie, room.id);
    const host = new MeetClient(t, room.id, hostCookie);
    const early = new MeetClient(t2, room.id, g.cookie);
    const ids = [(await host.welcome()).peerId, (await early.welcome()).peerId];
    const age = (seconds: number) =>
      t.db.execute(
        sql`update meeting_connections set seen_at = seen_at - make_interval(secs => ${seconds})
            where meeting_id = ${room.id}`,
      );
    // Fifty-five seconds in, a heartbeat touches both (several ids: one statement)…
    await age(55);
    await touchConnections(t.db, { ids });
    // …so ten seconds later they are still there for a newcomer, whose join would otherwise
    // have found them stale and cleared them.
    await age(10);
    const late = await guest('Lou Late');
    await join(late.cookie, room.id);
    const welcome = await new MeetClient(t, room.id, late.cookie).welcome();
    expect(welcome.peers.map((p) => p.peerId).sort()).toEqual([...ids].sort());
  });

  it('signing out on another instance closes that session’s sockets; the others see the person leave', async () => {
    const room = await newRoom();
    const s = await guest('Sid Signout');
    const other = await t.sessionCookie(s.user);
    await join(s.cookie, room.id);
    const host = new MeetClient(t, room.id, hostCookie);
    const sc = new MeetClient(t, room.id, s.cookie);
    // The same person in a second tab with another session stays in.
    const kept = new MeetClient(t2, room.id, other);
    for (const c of [host, sc, kept]) await c.welcome();
    const { peerId } = await sc.welcome();

    const out = await t2.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: s.cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(await sc.closedWith()).toMatchObject({ code: MEETING_CLOSE.signedOut });
    await host.frame('peer-left', (f) => f.peerId === peerId);
    expect(kept.closed).toBeUndefined();
    expect(kept.socket.readyState).toBe(WebSocket.OPEN);
  });

  it(`holds at most ${MEETING_MAX_PARTICIPANTS} people and says so to the next`, async () => {
    const room = await newRoom();
    const inside = [new MeetClient(t, room.id, hostCookie)];
    for (let i = 1; i < MEETING_MAX_PARTICIPANTS; i++) {
      const g = await guest(`Guest ${i}`);
      await join(g.cookie, room.id);
      inside.push(new MeetClient(i % 2 ? t2 : t, room.id, g.cookie));
    }
    for (const c of inside) await c.welcome();
    const extra = await guest('One Too Many');
    const res = await join(extra.cookie, room.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/full/);
    const refused = new MeetClient(t2, room.id, extra.cookie);
    expect(await refused.closedWith()).toMatchObject({ code: MEETING_CLOSE.full });
    // A place frees up when someone leaves.
    must(inside[1], 'guest').socket.close();
    await must(inside[0], 'host').frame('peer-left');
    expect((await new MeetClient(t, room.id, extra.cookie).welcome()).peers).toHaveLength(
      MEETING_MAX_PARTICIPANTS - 1,
    );
  });
});
