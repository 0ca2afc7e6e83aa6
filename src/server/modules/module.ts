import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app-deps';
import type { Config } from '../config';
import type { Database, DbExecutor } from '../db/client';
import type { Clock } from '../platform/clock';
import type { JobQueue } from '../platform/jobs/jobs';
import type { Mailer } from '../platform/mail/mailer';
import type { PushSender } from '../platform/push/push-sender';
import type { RealtimeHub, RealtimeSource } from '../platform/realtime/hub';
import type { FulfilOther, PaymentConfig, Ticketing } from './payments/ticketing';

export type { FulfilOther };

/** What a module's routes get: the app's dependencies plus the shared services built once. */
export interface ModuleContext extends AppDeps {
  realtime: RealtimeHub;
  /** Payments, orders and tickets: a module that sells something checks out through these. */
  ticketing: Ticketing;
  logError: (error: unknown, context: string) => void;
}

/** What a module's background jobs get (the web process and `npm run worker` alike). */
export interface WorkerContext {
  jobs: JobQueue;
  mailer: Mailer;
  db: Database;
  clock: Clock;
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'SESSION_SECRET' | 'MAIL_BULK_RATE'> &
    PaymentConfig;
  push: PushSender;
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
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- sources of different row types
  realtimeSources?: (deps: AppDeps) => RealtimeSource<any>[];
  /** Mounted under `/api` + `prefix`. */
  routes?: (ctx: ModuleContext) => FastifyPluginAsync;
  prefix?: string;
  /** Creates the module's queues and schedules; jobs must be idempotent (retried on failure). */
  workers?: (ctx: WorkerContext, options: WorkerOptions) => Promise<void>;
  /** Demo data for `npm start`; runs inside the seed transaction and must be idempotent. */
  seed?: (tx: DbExecutor, params: { now: Date; joinedAt: Date }) => Promise<void>;
  /**
   * Applies a paid order of the module's own kind (`orders.kind`) inside the payment webhook's
   * transaction; called for every paid non-ticket order, so it returns early for other kinds
   * and must be idempotent (a webhook can arrive twice).
   */
  fulfil?: FulfilOther;
}
