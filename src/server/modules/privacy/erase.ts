import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { mediaUrlsIn } from './personal-data';
import { PERSONAL_TABLES } from './personal-tables';

/** What an erased person is called wherever their rows stay (messages, orders, reviews). */
export const DELETED_USER_NAME = 'Deleted user';

/** The address an erased account keeps: unique, and not deliverable (`.invalid`). */
// The same placeholder as the console's erase action, so the console lists the account as erased.
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;

/** A stored file's URL or bare key (platform/storage/storage.ts names them so). */
const FILE_PATTERN =
  '^(/media/)?[a-z][a-z0-9-]{0,39}/[0-9a-f]{32}(-[a-z0-9]{1,24})?\\.[a-z0-9]{1,8}$';

/** A value as a PostgreSQL regular expression matching it literally. */
function literalPattern(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface TextColumn {
  table: string;
  column: string;
  type: 'text' | 'jsonb';
  nullable: boolean;
}

async function textColumns(db: DbExecutor): Promise<TextColumn[]> {
  const result = await db.execute(sql`
    select c.table_name as "table", c.column_name as "column",
      case when c.data_type = 'jsonb' then 'jsonb' else 'text' end as "type",
      c.is_nullable = 'YES' as "nullable"
    from information_schema.columns c
    join information_schema.tables t
      on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'jsonb')
    order by 1, 2`);
  return result.rows as unknown as TextColumn[];
}

const whereOwn = (columns: string[], userId: string) =>
  sql.join(
    columns.map((column) => sql`${sql.identifier(column)} = ${userId}`),
    sql` or `,
  );

/**
 * Erases one person inside the caller's transaction (decision 063) and answers the uploaded
 * files to remove once it commits:
 * 1. their rows only they need are deleted (PERSONAL_TABLES `delete`);
 * 2. kept rows lose the files they name (the files themselves are removed after the commit);
 * 3. the account becomes "Deleted user" at an undeliverable address, without a password;
 * 4. their email, name and phone are swept out of every text and JSON column of every table
 *    (a buyer's name on an order, an attendee's email on a ticket, a name inside answers).
 */
export async function erasePerson(
  db: DbExecutor,
  params: {
    userId: string;
    identity: { email: string; name: string | null; phone: string | null };
  },
): Promise<string[]> {
  const { userId } = params;
  const columns = await textColumns(db);
  const byTable = new Map<string, TextColumn[]>();
  for (const column of columns)
    byTable.set(column.table, [...(byTable.get(column.table) ?? []), column]);

  // The files their rows name, read before those rows go.
  const media = new Set<string>();
  for (const [table, rule] of Object.entries(PERSONAL_TABLES)) {
    for (const column of byTable.get(table) ?? []) {
      if (column.type !== 'text') continue;
      const name = sql.identifier(column.column);
      const isFile = sql`${name} ~ ${FILE_PATTERN}`;
      const result = await db.execute(sql`
        select distinct ${name} as value from ${sql.identifier(table)}
        where (${whereOwn(rule.columns, userId)}) and ${isFile}`);
      mediaUrlsIn(
        (result.rows as { value: string }[]).map((row) => row.value),
        media,
      );
      if (rule.erase === 'keep' && column.nullable && result.rows.length)
        await db.execute(sql`
          update ${sql.identifier(table)} set ${name} = null
          where (${whereOwn(rule.columns, userId)}) and ${isFile}`);
    }
  }

  for (const [table, rule] of Object.entries(PERSONAL_TABLES)) {
    if (rule.erase === 'delete')
      await db.execute(
        sql`delete from ${sql.identifier(table)}
          where ${whereOwn(rule.deleteBy ?? rule.columns, userId)}`,
      );
  }

  await db
    .update(users)
    .set({ email: erasedEmail(userId), passwordHash: null, emailConfirmedAt: null, language: null })
    .where(eq(users.id, userId));
  await db
    .update(profiles)
    .set({
      fullName: DELETED_USER_NAME,
      businessName: null,
      avatarUrl: null,
      phone: null,
      service: null,
      category: null,
      referredByPromoCode: null,
    })
    .where(eq(profiles.id, userId));

  await sweepValues(db, byTable, [
    { value: params.identity.email, replacement: erasedEmail(userId) },
    { value: params.identity.name, replacement: DELETED_USER_NAME },
    { value: params.identity.phone, replacement: '' },
  ]);
  return [...media];
}

/**
 * Replaces each value, whatever its case, wherever it appears in a text or JSON column. A value
 * shorter than four characters is left alone: it would match inside other people's words.
 */
async function sweepValues(
  db: DbExecutor,
  byTable: Map<string, TextColumn[]>,
  values: { value: string | null; replacement: string }[],
) {
  const swaps = values.filter(
    (v): v is { value: string; replacement: string } =>
      !!v.value && v.value.trim().length >= 4 && v.value !== DELETED_USER_NAME,
  );
  if (!swaps.length) return;
  const any = swaps.map((s) => literalPattern(s.value)).join('|');
  for (const [table, columns] of byTable) {
    for (const column of columns) {
      const name = sql.identifier(column.column);
      let value = column.type === 'jsonb' ? sql`${name}::text` : sql`${name}`;
      for (const swap of swaps)
        value = sql`regexp_replace(${value}, ${literalPattern(swap.value)}, ${swap.replacement}, 'gi')`;
      const text = column.type === 'jsonb' ? sql`${name}::text` : sql`${name}`;
      await db.execute(sql`
        update ${sql.identifier(table)}
        set ${name} = ${column.type === 'jsonb' ? sql`(${value})::jsonb` : value}
        where ${text} ~* ${any}`);
    }
  }
}
