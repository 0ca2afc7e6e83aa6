import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';

// What the affiliate services share, in its own file so that the program's service, the
// attribution service and the tax-form service import it without importing each other.

export interface AffiliateDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'SESSION_SECRET' | 'PUBLIC_URL'>;
  /** Wakes the realtime hub so notifications written here go out at once (absent in workers). */
  realtime?: { poke(): void };
}
