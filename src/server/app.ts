import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { devMailboxEnabled, devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes';
import { registerSessionResolver } from './platform/auth/guards';
import { SessionEvents } from './platform/auth/session-events';
import { CacheListener } from './platform/cache/cache-listener';
import { registerOriginCheck } from './platform/http/csrf';
import { sharedRateLimitStore } from './platform/http/rate-limits';
import { registerInputCheck } from './platform/http/input-check';
import { AppError, registerErrorHandling } from './platform/http/errors';
import { loggingOptions } from './platform/http/logging';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerJsonCompression } from './platform/http/compress-json';
import { registerSpa } from './platform/http/spa';
import { recordAudit } from './modules/admin/admin.service';
import { createTicketing } from './modules/payments/ticketing';
import { WEB_DIST_DIR } from './platform/paths';
import { registerMediaRoute } from './platform/storage/media-route';
import { registerRealtimeSocket } from './platform/realtime/socket';
import { startRealtime } from './platform/realtime/start';
import { SocketMessages } from './platform/realtime/socket-messages';
import type { RealtimeHub } from './platform/realtime/hub';
import { commerceHooks, serverModules } from './modules/registry';
import { mapTileSource } from '../contracts/rides';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live delivery to this process's sockets (tests wait for it to settle). */
    realtime: RealtimeHub;
  }
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    ...loggingOptions(config, deps.logFormat ?? 'json'),
    // Accept a caller's request id (a proxy's) when it looks sane, else make one.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Registering every module's routes and the OpenAPI document takes a few seconds on a busy
    // two-core machine (a test suite running beside a build); Fastify's default 10 s gave up there.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app, config.PUBLIC_URL, {
    imgSources: [mapTileSource(config.MAP_TILE_URL)],
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });
  registerJsonCompression(app);

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 },
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in PostgreSQL: limits hold across every server process instead of multiplying.
    store: sharedRateLimitStore(deps.db),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
  });
  registerOriginCheck(app, config.PUBLIC_URL);
  registerInputCheck(app);
  // Session ends and role changes in any process reach this one's session cache and sockets.
  const sessionEvents = new SessionEvents({
    databaseUrl: deps.databaseUrl,
    onError: (error, context) => app.log.error({ err: error }, context),
  });
  await sessionEvents.start();
  app.addHook('onClose', async () => sessionEvents.close());
  registerSessionResolver(app, { ...deps, sessionEvents });
  // Invalidations in other processes reach this app's caches (platform/cache).
  const cacheListener = new CacheListener({
    databaseUrl: deps.databaseUrl,
    db: deps.db,
    onError: (error, context) => app.log.error({ err: error }, context),
  });
  await cacheListener.start();
  app.addHook('onClose', async () => cacheListener.close());

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.APP_NAME} API`, version: config.version },
      servers: [{ url: config.PUBLIC_URL }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'mea_session' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key from Developer settings (mea_…)',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Same framing rule as every page; no upgrade-insecure-requests, which breaks plain-http localhost.
    transformStaticCSP: (header) =>
      header
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(/upgrade-insecure-requests;?/, ''),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // The realtime socket serves every module's sources (notifications, messages, vendor requests…).
  const onRealtimeError = (error: unknown, context: string) =>
    app.log.error({ err: error }, context);
  const afterRealtime: (() => Promise<void>)[] = [];
  const realtimeScope = {
    onError: onRealtimeError,
    onClose: (close: () => Promise<void>) => void afterRealtime.push(close),
  };
  const sources = [];
  for (const module of serverModules)
    if (module.realtimeSources)
      sources.push(...(await module.realtimeSources(deps, realtimeScope)));
  const hub = await startRealtime(deps, sources, onRealtimeError);
  app.decorate('realtime', hub);
  app.addHook('onClose', async () => {
    await hub.close();
    for (const close of afterRealtime) await close();
  });
  const socketMessages = new SocketMessages();
  registerRealtimeSocket(app, { ...deps, hub, sessionEvents, messages: socketMessages });

  const ticketing = createTicketing(deps, commerceHooks());
  const logError = (err: unknown, context: string) => app.log.error({ err }, context);
  const moduleContext = {
    ...deps,
    realtime: hub,
    ticketing,
    logError,
    sessionEvents,
    socketMessages,
    recordAudit,
  };
  await app.register(
    async (api) => {
      for (const module of serverModules) {
        if (module.routes)
          await api.register(module.routes(moduleContext), { prefix: module.prefix });
      }
    },
    { prefix: '/api' },
  );
  if (devMailboxEnabled(config)) await app.register(devMailboxRoutes(deps));

  registerMediaRoute(app, deps.files);

  for (const module of serverModules) {
    if (module.rootRoutes) await app.register(module.rootRoutes(moduleContext));
  }
  const pageHeads = serverModules.flatMap((m) => (m.pageHead ? [m.pageHead(moduleContext)] : []));
  const pageBodies = serverModules.flatMap((m) => (m.pageBody ? [m.pageBody(moduleContext)] : []));
  await registerSpa(app, deps.webDir ?? WEB_DIST_DIR, {
    publicUrl: config.PUBLIC_URL,
    pageHead: async (path, locale, search) => {
      for (const head of pageHeads) {
        const html = await head(path, locale, search);
        if (html !== null) return html;
      }
      return null;
    },
    pageBody: async (url, locale) => {
      for (const body of pageBodies) {
        const html = await body(url, locale);
        if (html !== null) return html;
      }
      return null;
    },
  });
  return app;
}
