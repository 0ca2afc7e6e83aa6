import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  InviteResultSchema,
  RedeemInputSchema,
  StreamInputSchema,
  StreamingCheckoutSchema,
  StreamListQuerySchema,
  StreamListSchema,
  StreamSchema,
  StreamUpdateSchema,
  WatchGrantSchema,
} from '../../../contracts/streaming';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { actorFor } from '../teams/teams.service';
import { registerBackgroundWork } from '../../platform/background-work';
import type { ModuleContext } from '../module';
import { registerBroadcastSocket } from './broadcast-socket';
import { LiveStreams } from './live';
import { startRtmpIngest } from './rtmp';
import * as goingLive from './going-live.service';
import * as recordings from './recordings.service';
import * as streaming from './streaming.service';
import * as watching from './watching.service';
import { errorResponses } from '../../platform/http/error-responses';
import { idParams } from '../../../contracts/ids';

const errors = errorResponses(400, 401, 403, 404, 409, 503);
// Ids are UUIDs: anything else is a 400 here rather than a failed uuid cast in a query (a 500).
const EventParams = z.object({ eventId: z.uuid({ error: 'Event not found' }) });
const StreamParams = idParams('Stream not found');
const HlsParams = z.object({
  id: z.uuid({ error: 'Stream not found' }),
  file: z
    .string()
    .max(64)
    .regex(/^[a-z0-9]+\.(m3u8|ts)$/, { error: 'Not a stream file' }),
});
const HlsQuery = z.object({ token: z.string().max(400).optional() });

/** Live streaming (the route list is in src/contracts/streaming.ts). */
export const streamingRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: streaming.StreamingDeps = {
      db: ctx.db,
      clock: ctx.clock,
      config: ctx.config,
      files: ctx.files,
      ticketing: ctx.ticketing,
      realtime: ctx.realtime,
      logError: ctx.logError,
      live: undefined as unknown as LiveStreams,
    };
    deps.live = new LiveStreams(
      {
        ffmpegPath: ctx.config.FFMPEG_PATH,
        liveRoot: `${ctx.config.DATA_DIR}/live`,
        log: ctx.logError,
        graceMs: ctx.config.STREAM_END_GRACE_MS,
        segmentSeconds: ctx.config.STREAM_SEGMENT_SECONDS,
        maxWidth: ctx.config.STREAM_MAX_WIDTH,
      },
      {
        onSegment: (streamId) => goingLive.onSegment(deps, streamId),
        onEnd: (streamId) => goingLive.finishStream(deps, streamId),
      },
    );
    // A dropped input's grace period and the viewers' batch are work this process still holds.
    registerBackgroundWork(ctx.db, {
      name: 'stream ends',
      busy: () => deps.live.hasPendingEnds(),
      drain: () => deps.live.endsInProgress(),
    });
    registerBackgroundWork(ctx.db, {
      name: 'stream viewers batch',
      busy: () => false,
      drain: () => watching.flushViewers(deps),
    });
    // The root app owns the HTTP server the sockets upgrade on.
    const root = app.server;
    registerBroadcastSocket(app, root, deps, ctx.sessionEvents);
    const rtmp = await startRtmpIngest(deps, ctx.config.RTMP_PORT);
    // Streams left live by a process that died end after their grace period.
    const sweep = setInterval(
      () =>
        void goingLive
          .endSilentStreams(deps, ctx.config.STREAM_END_GRACE_MS)
          .catch((error: unknown) => ctx.logError(error, 'ending silent streams')),
      60_000,
    );
    sweep.unref();
    // Demo replays are made after start, like the demo covers, so a first start is not held up.
    const stopDemoReplays = new AbortController();
    let demoReplays: Promise<void> = Promise.resolve();
    if (ctx.config.SEED_DEMO)
      app.addHook('onReady', async () => {
        demoReplays = recordings
          .seedDemoReplays(deps, stopDemoReplays.signal)
          .catch((error: unknown) => {
            if (!stopDemoReplays.signal.aborted) ctx.logError(error, 'making demo stream replays');
          });
      });
    app.addHook('onClose', async () => {
      stopDemoReplays.abort();
      await demoReplays;
      clearInterval(sweep);
      await rtmp?.close();
      deps.live.close();
      // Viewers seen in the last second are written before the database goes away.
      await watching.flushViewers(deps);
    });

    const signedIn = { preHandler: requireAuth };
    const tags = ['streaming'];

    app.post(
      '/events/:eventId/streams',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Set up the live stream of an event (its organizer)',
          params: EventParams,
          body: StreamInputSchema,
          response: { 201: StreamSchema, ...errors },
        },
      },
      async (request, reply) => {
        const created = await streaming.createStream(
          deps,
          await currentUser(request),
          request.params.eventId,
          request.body,
        );
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/events/:eventId/stream',
      {
        schema: {
          tags,
          summary: "An event's live stream",
          params: EventParams,
          response: { 200: StreamSchema, ...errors },
        },
      },
      async (request) =>
        streaming.getStreamOfEvent(deps, await request.getUser(), request.params.eventId),
    );

    app.post(
      '/events/:eventId/streaming/checkout',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Pay the streaming add-on of an event (plans with a subscription include it)',
          params: EventParams,
          response: { 200: StreamingCheckoutSchema, ...errors },
        },
      },
      async (request) =>
        streaming.startStreamingCheckout(deps, await currentUser(request), request.params.eventId),
    );

    app.get(
      '/streams',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'My streams (as organizer) or the streams I may watch',
          querystring: StreamListQuerySchema,
          response: { 200: StreamListSchema, ...errors },
        },
      },
      async (request) =>
        streaming.listStreams(
          deps,
          // The streams of the team a member switched to; the ones to watch are the person's own.
          request.query.scope === 'mine'
            ? await actorFor(ctx.db, request, { permission: 'event.edit' })
            : await currentUser(request),
          request.query.scope,
        ),
    );

    app.get(
      '/streams/:id',
      {
        schema: {
          tags,
          summary: 'A live stream as the caller may see it',
          params: StreamParams,
          response: { 200: StreamSchema, ...errors },
        },
      },
      async (request) => streaming.getStream(deps, await request.getUser(), request.params.id),
    );

    app.patch(
      '/streams/:id',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Change a stream (its organizer)',
          params: StreamParams,
          body: StreamUpdateSchema,
          response: { 200: StreamSchema, ...errors },
        },
      },
      async (request) =>
        streaming.updateStream(deps, await currentUser(request), request.params.id, request.body),
    );

    const ownerAction = (
      url: string,
      summary: string,
      run: (user: Awaited<ReturnType<typeof currentUser>>, id: string) => Promise<unknown>,
      response: z.ZodType = StreamSchema,
      method: 'post' | 'delete' = 'post',
    ) =>
      app[method](
        url,
        {
          ...signedIn,
          schema: { tags, summary, params: StreamParams, response: { 200: response, ...errors } },
        },
        async (request) => run(await currentUser(request), request.params.id),
      );

    ownerAction('/streams/:id/key', 'Rotate the stream key (the old one stops working)', (u, id) =>
      streaming.rotateKey(deps, u, id),
    );
    ownerAction(
      '/streams/:id/invite',
      "Invite the event's ticket holders (once each)",
      (u, id) => streaming.inviteHolders(deps, u, id),
      InviteResultSchema,
    );
    ownerAction('/streams/:id/end', 'End the stream', (u, id) => streaming.endStream(deps, u, id));
    ownerAction(
      '/streams/:id/recording',
      'Delete the replay',
      (u, id) => recordings.deleteRecording(deps, u, id),
      StreamSchema,
      'delete',
    );

    app.post(
      '/streams/:id/redeem',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Enter the access code of a stream',
          params: StreamParams,
          body: RedeemInputSchema,
          response: { 200: StreamSchema, ...errors },
        },
      },
      async (request) =>
        watching.redeemCode(deps, await currentUser(request), request.params.id, request.body.code),
    );

    app.post(
      '/streams/:id/watch',
      {
        schema: {
          tags,
          summary: 'A short-lived signed playlist URL for a viewer who may watch',
          params: StreamParams,
          response: { 200: WatchGrantSchema, ...errors },
        },
      },
      async (request) => watching.watch(deps, await request.getUser(), request.params.id),
    );

    app.get(
      '/streams/:id/hls/:file',
      {
        schema: {
          tags,
          summary: 'HLS playlist or segment (signed token required)',
          params: HlsParams,
          querystring: HlsQuery,
          // A playlist (text) or a segment (a file stream): sent as they are, never serialized.
          response: { 200: z.unknown(), ...errors },
        },
      },
      async (request, reply) => {
        const file = await watching.serveHls(
          deps,
          await request.getUser(),
          request.params.id,
          request.params.file,
          request.query.token,
        );
        if (file.kind === 'playlist')
          return reply
            .header('cache-control', 'no-store')
            .type('application/vnd.apple.mpegurl')
            .send(file.body);
        return reply
          .header('cache-control', 'private, max-age=60')
          .header('content-length', file.size)
          .type('video/mp2t')
          .send(file.body);
      },
    );
  };
