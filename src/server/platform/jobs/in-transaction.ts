import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

/**
 * Lets pg-boss write its jobs through one of our transactions (`{ db: jobsIn(tx) }`), so the
 * jobs exist exactly when the rows that asked for them do.
 */
export function jobsIn(db: DbExecutor): {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
} {
  return {
    async executeSql(text, values = []) {
      // pg-boss writes $1-style placeholders; split them out into drizzle parameters.
      const query = sql.empty();
      text.split(/\$(\d+)/).forEach((part, index) => {
        if (index % 2 === 0) query.append(sql.raw(part));
        // pg-boss passes undefined for unset defaults; drizzle would drop it, pg sends NULL.
        else query.append(sql`${values[Number(part) - 1] ?? null}`);
      });
      const result = await db.execute(query);
      return { rows: result.rows };
    },
  };
}
