import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Stream } from '../../../contracts/streaming';
import { streams } from '../../db/schema/streaming';
import { ticketTypes } from '../../db/schema/tickets';
import { must } from '../../platform/must';
import { createEvent, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { useStreamingApp } from './streaming.test-kit';

// Setting up a stream, who may watch it, its signed URLs, the activation checkout, a server
// without ffmpeg and the reader's language. Going live is in going-live.int.test.ts.

const CARD = { name: 'Ada Obi', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' };

const { app, cookies, call, inHours, newStream, newStreamEvent, register, watchUrl, until } =
  useStreamingApp();
let t: TestApp;
beforeAll(() => ({ t } = app));

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
