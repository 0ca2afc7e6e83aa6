import type { Config } from './config';
import type { Database } from './db/client';
import type { LogFormat } from './platform/http/logging';
import type { Clock } from './platform/clock';
import type { JobQueue } from './platform/jobs/jobs';
import type { FileStore } from './platform/storage/storage';

// Its own file so that route modules can name the app's dependencies without importing
// app.ts, which imports them (a cycle in the module graph).

/** Everything the app needs from outside, so tests can hand in their own database and clock. */
export interface AppDeps {
  config: Config;
  db: Database;
  /** The same database, for the realtime hub's LISTEN connection. */
  databaseUrl: string;
  jobs: JobQueue;
  clock: Clock;
  /** Uploaded files (local disk or an S3-compatible store), served at /media. */
  files: FileStore;
  startedAt: Date;
  /** Directory of the built SPA; tests point it elsewhere or at nothing. */
  webDir?: string;
  /** `pretty` for a person at a terminal (main.ts decides); JSON lines by default. */
  logFormat?: LogFormat;
}
