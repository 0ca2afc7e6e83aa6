import { and, desc, eq, ilike, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { blogPosts } from '../../db/schema/content';
import { profiles } from '../../db/schema/users';
import { must } from '../../platform/must';
import { isUuid } from '../../../contracts/ids';
import { typedWordsQuery } from './text-search';
import { containsPattern } from '../../db/like-pattern';

const postColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  coverImage: blogPosts.coverImage,
  tags: blogPosts.tags,
  status: blogPosts.status,
  publishedAt: blogPosts.publishedAt,
  bodyText: blogPosts.bodyText,
  authorId: blogPosts.authorId,
  authorName: profiles.fullName,
};
export type PostSummaryRow = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  coverImage: string | null;
  tags: string[];
  status: 'draft' | 'published';
  publishedAt: Date | null;
  bodyText: string;
  authorId: string;
  authorName: string;
};

/** Public: published and its time has come (a future published_at is a scheduled post). */
const isPublic = (now: Date) =>
  and(eq(blogPosts.status, 'published'), lte(blogPosts.publishedAt, now));

export async function findPublicPosts(
  db: DbExecutor,
  params: { now: Date; tag?: string; words?: string[]; limit: number; offset: number },
): Promise<{ rows: PostSummaryRow[]; total: number }> {
  const where = and(
    isPublic(params.now),
    params.tag ? sql`${blogPosts.tags} @> array[${params.tag}]::text[]` : undefined,
    params.words ? sql`${blogPosts.searchVector} @@ ${typedWordsQuery(params.words)}` : undefined,
  );
  const rows = await db
    .select({ ...postColumns, total: sql<number>`count(*) over ()::int` })
    .from(blogPosts)
    .innerJoin(profiles, eq(profiles.id, blogPosts.authorId))
    .where(where)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(params.limit)
    .offset(params.offset);
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function findPublicTags(db: DbExecutor, params: { now: Date }): Promise<string[]> {
  const rows = await db.execute<{ tag: string }>(sql`
    select tag from (select unnest(tags) as tag from blog_posts
      where status = 'published' and published_at <= ${params.now}) t
    group by tag order by count(*) desc, tag limit 30`);
  return rows.rows.map((r) => r.tag);
}

/** One post by id or slug; `includeDrafts` for blog staff. */
export async function findPost(
  db: DbExecutor,
  params: { idOrSlug: string; now: Date; includeDrafts: boolean },
) {
  const byId = isUuid(params.idOrSlug);
  const [row] = await db
    .select({
      ...postColumns,
      bodyHtml: blogPosts.bodyHtml,
      seoTitle: blogPosts.seoTitle,
      seoDescription: blogPosts.seoDescription,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .innerJoin(profiles, eq(profiles.id, blogPosts.authorId))
    .where(
      and(
        byId ? eq(blogPosts.id, params.idOrSlug) : eq(blogPosts.slug, params.idOrSlug),
        params.includeDrafts ? undefined : isPublic(params.now),
      ),
    );
  return row ?? null;
}

/** Public posts sharing the most tags with this one (newest first among equals). */
export async function findRelatedPosts(
  db: DbExecutor,
  params: { id: string; tags: string[]; now: Date; limit: number },
): Promise<PostSummaryRow[]> {
  if (!params.tags.length) return [];
  // Drizzle would expand a JS array into a row: the tags travel as one JSON parameter.
  const tags = sql`array(select jsonb_array_elements_text(${JSON.stringify(params.tags)}::jsonb))`;
  const shared = sql<number>`cardinality(array(select unnest(${blogPosts.tags}) intersect select unnest(${tags})))`;
  return db
    .select(postColumns)
    .from(blogPosts)
    .innerJoin(profiles, eq(profiles.id, blogPosts.authorId))
    .where(
      and(
        isPublic(params.now),
        sql`${blogPosts.id} <> ${params.id}`,
        sql`${blogPosts.tags} && ${tags}`,
      ),
    )
    .orderBy(desc(shared), desc(blogPosts.publishedAt))
    .limit(params.limit);
}

/** One page of every post (drafts and scheduled too), newest change first, and how many match. */
export async function findAllPosts(
  db: DbExecutor,
  params: { q: string; limit: number; offset: number },
): Promise<{ rows: PostSummaryRow[]; total: number }> {
  const where = params.q ? ilike(blogPosts.title, containsPattern(params.q)) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select(postColumns)
      .from(blogPosts)
      .innerJoin(profiles, eq(profiles.id, blogPosts.authorId))
      .where(where)
      .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id))
      .limit(params.limit)
      .offset(params.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(blogPosts)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function slugTaken(db: DbExecutor, params: { slug: string; exceptId?: string }) {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(
      and(
        eq(blogPosts.slug, params.slug),
        params.exceptId ? sql`${blogPosts.id} <> ${params.exceptId}` : undefined,
      ),
    );
  return Boolean(row);
}

export async function insertPost(db: DbExecutor, values: typeof blogPosts.$inferInsert) {
  const [row] = await db.insert(blogPosts).values(values).returning({ id: blogPosts.id });
  return must(row, 'inserted post').id;
}

export async function updatePost(
  db: DbExecutor,
  params: { id: string; values: Partial<typeof blogPosts.$inferInsert> },
) {
  const rows = await db
    .update(blogPosts)
    .set(params.values)
    .where(eq(blogPosts.id, params.id))
    .returning({ id: blogPosts.id, coverImage: blogPosts.coverImage });
  return rows[0] ?? null;
}

export async function deletePost(db: DbExecutor, params: { id: string }) {
  const rows = await db
    .delete(blogPosts)
    .where(eq(blogPosts.id, params.id))
    .returning({ coverImage: blogPosts.coverImage });
  return rows[0] ?? null;
}
