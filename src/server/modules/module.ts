import type { Locale } from '../../contracts/locales';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app-deps';
import type { Config } from '../config';
import type { Database, DbExecutor } from '../db/client';
import type { SessionEvents } from '../platform/auth/session-events';
import type { Clock } from '../platform/clock';
import type { JobQueue } from '../platform/jobs/jobs';
import type { Mailer } from '../platform/mail/mailer';
import type { PushSender } from '../platform/push/push-sender';
import type { FileStore } from '../platform/storage/storage';
import type { RealtimeHub, RealtimeSource } from '../platform/realtime/hub';
import type { SocketMessages } from '../platform/realtime/socket-messages';
import type { PlanCheckoutHook } from './payments/payments.service';
import type { CommerceHooks, FulfilOther, PaymentConfig, Ticketing } from './payments/ticketing';
import type { SubscriptionEventHook } from './payments/webhooks.service';
import type { RecordAudit } from './record-audit';

export type { CommerceHooks, FulfilOther, RecordAudit };

/** What a module's routes get: the app's dependencies plus the shared services built once. */
export interface ModuleContext extends AppDeps {
  realtime: RealtimeHub;
  /** Payments, orders and tickets: a module that sells something checks out through these. */
  ticketing: Ticketing;
  logError: (error: unknown, context: string) => void;
  /** Tells every process of session and role changes (admin suspensions and role grants). */
  sessionEvents: SessionEvents;
  /** Messages browsers send up the realtime socket: a module handles its own types. */
  socketMessages: SocketMessages;
  recordAudit: RecordAudit;
}

/** What a module's realtime sources get besides the app's deps. */
export interface RealtimeScope {
  onError: (error: unknown, context: string) => void;
  /** Runs once the hub has stopped: work the sources started (notification dispatch) settles. */
  onClose: (close: () => Promise<void>) => void;
}

/** What a module's background jobs get (the web process and `npm run worker` alike). */
export interface WorkerContext {
  jobs: JobQueue;
  mailer: Mailer;
  db: Database;
  clock: Clock;
  config: Pick<
    Config,
    | 'APP_NAME'
    | 'PUBLIC_URL'
    | 'SESSION_SECRET'
    | 'MAIL_BULK_RATE'
    | 'OUTGOING_ALLOW_LOOPBACK'
    | 'APPLE_PUSH_URL'
    | 'APPLE_PUSH_CA_PEM'
  > &
    PaymentConfig;
  push: PushSender;
  /** Uploaded files: a person's data download is stored there, and an erased person's removed. */
  files: FileStore;
}

export interface WorkerOptions {
  pollingIntervalSeconds?: number;
  retryDelaySeconds?: number;
}

/**
 * One server module's manifest: the app, the worker process and the demo seed loop over the
 * list in `modules/registry.ts`, so adding a module is one line there (docs/architecture.md).
 */
export interface ServerModule {
  name: string;
  /** Tables whose new rows go out on the realtime socket (see platform/realtime/hub.ts). */
  realtimeSources?: (
    deps: AppDeps,
    scope: RealtimeScope,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- sources of different row types
  ) => RealtimeSource<any>[] | Promise<RealtimeSource<any>[]>;
  /** Mounted at the site root, outside `/api` (robots.txt, sitemaps, images). */
  rootRoutes?: (ctx: ModuleContext) => FastifyPluginAsync;
  /**
   * The `<title>`, description and preview tags of the module's public pages, for the served
   * HTML (link previews and search engines), and the page's first data (which may depend on the
   * query string `search`); null leaves the page's generic head.
   */
  pageHead?: (
    ctx: ModuleContext,
  ) => (path: string, locale: Locale, search: string) => Promise<string | null>;
  /**
   * A public page's content rendered on the server (by URL, query included), shown at first
   * paint and without JavaScript until the app's own page replaces it; null for none. Only used
   * where a `pageHead` answered too.
   */
  pageBody?: (ctx: ModuleContext) => (url: string, locale: Locale) => Promise<string | null>;
  /** Mounted under `/api` + `prefix`. */
  routes?: (ctx: ModuleContext) => FastifyPluginAsync;
  prefix?: string;
  /** Creates the module's queues and schedules; jobs must be idempotent (retried on failure). */
  workers?: (ctx: WorkerContext, options: WorkerOptions) => Promise<void>;
  /** Demo data for `npm start`; runs inside the seed transaction and must be idempotent. */
  seed?: (
    tx: DbExecutor,
    // `config` (the started server's) for demo data that must be sealed or signed with its
    // secrets; absent in tests that seed without one.
    params: { now: Date; joinedAt: Date; config?: Pick<Config, 'SESSION_SECRET' | 'PUBLIC_URL'> },
  ) => Promise<void>;
  /**
   * Applies a paid order of the module's own kind (`orders.kind`) inside the payment webhook's
   * transaction; called for every paid non-ticket order, so it returns early for other kinds
   * and must be idempotent (a webhook can arrive twice).
   */
  fulfil?: FulfilOther;
  /**
   * True when a paid order's confirmation mail waits for a document the module's job issues
   * after the payment and sends with it (the invoice); one module provides it.
   */
  confirmationWaits?: CommerceHooks['confirmationWaits'];
  /** The create-checkout of a plan (spec §7, `planId`); one module provides it. */
  planCheckout?: PlanCheckoutHook;
  /** A payment provider's subscription event, applied inside the webhook's transaction. */
  subscriptionEvent?: SubscriptionEventHook;
  /** The wallet buttons of each ticket in the tickets mail; one module provides them. */
  ticketMailLinks?: CommerceHooks['ticketMailLinks'];
}
