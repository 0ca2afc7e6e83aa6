import { and, asc, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import {
  blogPosts,
  chatbotQuestions,
  helpArticles,
  helpWords,
  sitePages,
  supportMessages,
  supportTickets,
} from '../../db/schema/content';
import { profiles, userRoles } from '../../db/schema/users';
import { must } from '../../platform/must';
import { isUuid } from '../../../contracts/ids';

// ---------- Blog ----------

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

/**
 * Every word required, the last one as a prefix (it may still be being typed, and one letter is a
 * search: spec §2). A stop word typed last ("a"), when no word before it searches, completes from
 * its letters as typed, since the text search configuration would drop it; after words that
 * search it is left out. Words are letters and digits only (the service's searchWords), never
 * tsquery syntax; none at all matches nothing.
 */
function typedWordsQuery(words: string[]): SQL {
  const safe = words.filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
  const last = safe.at(-1);
  if (!last) return sql`''::tsquery`;
  const prefix = `${last}:*`;
  const rest = safe.slice(0, -1).join(' & ') || last;
  return sql`(select case
      when numnode(rest) > 0 and ${safe.length > 1} then rest && to_tsquery('english', ${prefix})
      when numnode(typed) > 0 then typed
      else to_tsquery('simple', ${prefix}) end
    from to_tsquery('english', ${rest}) as rest, to_tsquery('english', ${prefix}) as typed)`;
}

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

export async function findAllPosts(db: DbExecutor): Promise<PostSummaryRow[]> {
  return db
    .select(postColumns)
    .from(blogPosts)
    .innerJoin(profiles, eq(profiles.id, blogPosts.authorId))
    .orderBy(desc(blogPosts.updatedAt))
    .limit(500);
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

// ---------- Help center ----------

const helpSummary = {
  id: helpArticles.id,
  slug: helpArticles.slug,
  category: helpArticles.category,
  title: helpArticles.title,
  summary: helpArticles.summary,
};

export function findHelpArticles(db: DbExecutor) {
  return db
    .select(helpSummary)
    .from(helpArticles)
    .orderBy(asc(helpArticles.category), asc(helpArticles.position), asc(helpArticles.title))
    .limit(2000);
}

export function findPopularHelpArticles(db: DbExecutor, params: { limit: number }) {
  return db
    .select(helpSummary)
    .from(helpArticles)
    .orderBy(
      desc(sql`${helpArticles.views} + 5 * ${helpArticles.helpfulYes}`),
      asc(helpArticles.title),
    )
    .limit(params.limit);
}

export function findFaq(db: DbExecutor) {
  return db
    .select({
      id: helpArticles.id,
      slug: helpArticles.slug,
      question: helpArticles.title,
      answer: helpArticles.body,
    })
    .from(helpArticles)
    .where(eq(helpArticles.isFaq, true))
    .orderBy(asc(helpArticles.position), asc(helpArticles.title))
    .limit(100);
}

export async function findHelpArticle(db: DbExecutor, params: { idOrSlug: string }) {
  const byId = isUuid(params.idOrSlug);
  const [row] = await db
    .select()
    .from(helpArticles)
    .where(byId ? eq(helpArticles.id, params.idOrSlug) : eq(helpArticles.slug, params.idOrSlug));
  return row ?? null;
}

export async function countHelpView(db: DbExecutor, params: { id: string }) {
  await db
    .update(helpArticles)
    .set({ views: sql`${helpArticles.views} + 1` })
    .where(eq(helpArticles.id, params.id));
}

export async function addHelpFeedback(db: DbExecutor, params: { id: string; helpful: boolean }) {
  const rows = await db
    .update(helpArticles)
    .set(
      params.helpful
        ? { helpfulYes: sql`${helpArticles.helpfulYes} + 1` }
        : { helpfulNo: sql`${helpArticles.helpfulNo} + 1` },
    )
    .where(eq(helpArticles.id, params.id))
    .returning({ id: helpArticles.id });
  return rows.length === 1;
}

export async function upsertHelpArticle(
  db: DbExecutor,
  values: typeof helpArticles.$inferInsert & { slug: string },
) {
  const [row] = await db
    .insert(helpArticles)
    .values(values)
    .onConflictDoUpdate({
      target: helpArticles.slug,
      set: {
        title: values.title,
        category: values.category,
        summary: values.summary,
        body: values.body,
        isFaq: values.isFaq,
        updatedAt: values.updatedAt,
      },
    })
    .returning({ id: helpArticles.id });
  return must(row, 'saved help article').id;
}

export async function updateHelpArticle(
  db: DbExecutor,
  params: { id: string; values: Partial<typeof helpArticles.$inferInsert> },
) {
  const rows = await db
    .update(helpArticles)
    .set(params.values)
    .where(eq(helpArticles.id, params.id))
    .returning({ id: helpArticles.id });
  return rows.length === 1;
}

export async function deleteHelpArticle(db: DbExecutor, params: { id: string }) {
  const rows = await db
    .delete(helpArticles)
    .where(eq(helpArticles.id, params.id))
    .returning({ id: helpArticles.id });
  return rows.length === 1;
}

/** Adds a text's words to the typo-correction word list. */
export async function addHelpWords(db: DbExecutor, params: { text: string }) {
  await db.execute(sql`
    insert into ${helpWords} (word)
    select lexeme from unnest(to_tsvector('simple', ${params.text}))
    where length(lexeme) between 3 and 30 and lexeme ~ '^[[:alpha:]]+$'
    on conflict do nothing`);
}

/**
 * Each typed word with the closest known word when it is not one (trigram similarity,
 * index-served `%`); `known` is null when nothing is like it, `exact` says the word is one of the
 * help center's words as typed.
 */
export async function correctWords(db: Database, params: { words: string[] }) {
  if (!params.words.length) return [];
  // pg_trgm's default threshold (0.3) misses a swapped pair in a short word ("refnud" scores
  // 0.27 against "refund"); 0.2 for this transaction only, still served by the trigram index.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', '0.2', true)`);
    const result = await tx.execute<{ typed: string; known: string | null; exact: boolean }>(sql`
      select t.w as typed, e.word is not null as exact,
        coalesce(
          e.word,
          (select word from ${helpWords} where word % t.w
            order by similarity(word, t.w) desc, word limit 1)
        ) as known
      from jsonb_array_elements_text(${JSON.stringify(params.words)}::jsonb) with ordinality as t(w, n)
      left join ${helpWords} e on e.word = t.w
      order by t.n`);
    return result.rows;
  });
}

export type HelpHit = {
  id: string;
  slug: string;
  category: string;
  title: string;
  summary: string;
  /** The whole article text: the chatbot answers from its sentences. */
  body: string;
  snippet: string;
  rank: number;
  coverage: number;
};

/**
 * Help articles matching the words, best first. `mode: 'all'` needs every word, the last as a
 * prefix (typedWordsQuery); `'any'` takes any of them, ranked by rank and by `coverage` (the share
 * of the question's words the article holds), which the chatbot's confidence uses.
 *
 * Cost at 10,000 articles (decision 022): a common word matches every article, so
 * each matching row's work is what counts. The lexemes and the query are plain functions of the
 * bound text, so PostgreSQL folds them into constants at planning (the old `string_agg(...)
 * ::tsquery` was parsed again for every row, and the planner could not see the words to choose
 * between the GIN index and a scan). `ts_rank` rather than `ts_rank_cd` (cover density was 10×
 * the rest of the row's work), and the coverage is one `ts_delete` per row instead of a
 * tsquery parsed per word per row.
 */
export async function searchHelp(
  db: DbExecutor,
  params: { text: string; mode: 'all' | 'any'; limit: number },
): Promise<HelpHit[]> {
  // The service's words are letters and digits only (searchWords), never tsquery syntax; the
  // filter keeps it so whatever calls this.
  const words = params.text.split(/\s+/).filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
  if (!words.length) return [];
  const text = words.join(' ');
  const query =
    params.mode === 'all'
      ? typedWordsQuery(words)
      : sql`to_tsquery('english', ${words.join(' | ')})`;
  const result = await db.execute<HelpHit>(sql`
    with tq as (
      select tsvector_to_array(to_tsvector('english', ${text})) as lex, ${query} as query
    ), hits as (
      select a.id, a.slug, a.category, a.title, a.summary, a.body,
        ts_rank(a.search_vector, tq.query, 32) as rank,
        coalesce((length(a.search_vector) - length(ts_delete(a.search_vector, tq.lex)))::float8
          / nullif(cardinality(tq.lex), 0), 0) as coverage,
        tq.query
      from ${helpArticles} a, tq
      where numnode(tq.query) > 0 and a.search_vector @@ tq.query
      order by coverage desc, rank desc, a.title
      limit ${params.limit}
    )
    select id, slug, category, title, summary, body, rank::float8 as rank, coverage,
      ts_headline('english', body, query,
        'MaxFragments=1, MinWords=12, MaxWords=40, StartSel="", StopSel="", FragmentDelimiter=" … "') as snippet
    from hits order by coverage desc, rank desc, title`);
  return result.rows.map((r) => ({ ...r, rank: Number(r.rank), coverage: Number(r.coverage) }));
}

export async function logChatQuestion(
  db: DbExecutor,
  values: typeof chatbotQuestions.$inferInsert,
) {
  const [row] = await db
    .insert(chatbotQuestions)
    .values(values)
    .returning({ id: chatbotQuestions.id });
  return must(row, 'logged question').id;
}

export async function rateChatAnswer(db: DbExecutor, params: { id: string; helpful: boolean }) {
  const rows = await db
    .update(chatbotQuestions)
    .set({ helpful: params.helpful })
    .where(eq(chatbotQuestions.id, params.id))
    .returning({ id: chatbotQuestions.id });
  return rows.length === 1;
}

export async function findUnansweredQuestions(db: DbExecutor) {
  const result = await db.execute<{ question: string; count: number; last_asked_at: Date }>(sql`
    select lower(question) as question, count(*)::int as count, max(created_at) as last_asked_at
    from ${chatbotQuestions} where not answered or helpful = false
    group by lower(question) order by count(*) desc, max(created_at) desc limit 100`);
  return result.rows;
}

// ---------- Site pages ----------

export async function findSitePage(db: DbExecutor, params: { slug: string }) {
  const [row] = await db.select().from(sitePages).where(eq(sitePages.slug, params.slug));
  return row ?? null;
}

export async function upsertSitePage(db: DbExecutor, values: typeof sitePages.$inferInsert) {
  await db
    .insert(sitePages)
    .values(values)
    .onConflictDoUpdate({
      target: sitePages.slug,
      set: {
        title: values.title,
        bodyHtml: values.bodyHtml,
        openings: values.openings,
        updatedBy: values.updatedBy,
        updatedAt: values.updatedAt,
      },
    });
}

// ---------- Support tickets ----------

export async function insertTicket(
  db: DbExecutor,
  params: {
    ticket: typeof supportTickets.$inferInsert;
    message: Omit<typeof supportMessages.$inferInsert, 'ticketId'>;
  },
) {
  const [inserted] = await db.insert(supportTickets).values(params.ticket).returning();
  const ticket = must(inserted, 'inserted ticket');
  await db.insert(supportMessages).values({ ...params.message, ticketId: ticket.id });
  return ticket;
}

/** A ticket the viewer may see: staff see every ticket, a requester only their own. */
export async function findTicket(
  db: DbExecutor,
  params: { id: string; viewerId: string; asStaff: boolean },
) {
  const [ticket] = await db
    .select()
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.id, params.id),
        params.asStaff ? undefined : eq(supportTickets.requesterId, params.viewerId),
      ),
    );
  if (!ticket) return null;
  const messages = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, ticket.id))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  return { ...ticket, messages };
}

export function findTicketsOfRequester(db: DbExecutor, params: { userId: string }) {
  return db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.requesterId, params.userId))
    .orderBy(desc(supportTickets.updatedAt))
    .limit(200);
}

export function findTicketQueue(
  db: DbExecutor,
  params: { status?: 'open' | 'pending' | 'closed' },
) {
  return db
    .select()
    .from(supportTickets)
    .where(params.status ? eq(supportTickets.status, params.status) : undefined)
    .orderBy(desc(supportTickets.updatedAt))
    .limit(500);
}

export async function addTicketMessage(
  db: DbExecutor,
  params: {
    ticketId: string;
    message: Omit<typeof supportMessages.$inferInsert, 'ticketId'>;
    status?: 'open' | 'pending' | 'closed';
    now: Date;
  },
) {
  await db.insert(supportMessages).values({ ...params.message, ticketId: params.ticketId });
  await db
    .update(supportTickets)
    .set({ updatedAt: params.now, ...(params.status ? { status: params.status } : {}) })
    .where(eq(supportTickets.id, params.ticketId));
}

export async function setTicketStatus(
  db: DbExecutor,
  params: { id: string; status: 'open' | 'pending' | 'closed'; now: Date },
) {
  const rows = await db
    .update(supportTickets)
    .set({ status: params.status, updatedAt: params.now })
    .where(eq(supportTickets.id, params.id))
    .returning({ id: supportTickets.id });
  return rows.length === 1;
}

/** Admins and moderators: who hears about new tickets. */
export async function findSupportStaff(db: DbExecutor) {
  const result = await db.execute<{ email: string }>(sql`
    select distinct u.email from users u join ${userRoles} r on r.user_id = u.id
    where r.role in ('admin', 'moderator') limit 50`);
  return result.rows.map((r) => r.email);
}
