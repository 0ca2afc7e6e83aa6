import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

/** The cheapest round trip that proves the database answers. */
export async function pingDatabase(db: DbExecutor) {
  return db.execute(sql`select 1`);
}
