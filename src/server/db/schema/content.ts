import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { POST_STATUSES, SUPPORT_STATUSES, TRANSLATED_LOCALES } from '../../../contracts/content';
import { users } from './users';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

// The languages a help article or site page may have a version in live in the contracts.
export { TRANSLATED_LOCALES };
export type { TranslatedLocale } from '../../../contracts/content';

/** PostgreSQL's text search configuration (stemmer) for a version's language column. */
export function textSearchConfig(language: SQLWrapper): SQL {
  return sql`(case ${language} when 'es' then 'spanish'::regconfig when 'fr' then 'french'::regconfig when 'de' then 'german'::regconfig when 'pt-BR' then 'portuguese'::regconfig when 'ar' then 'arabic'::regconfig else 'english'::regconfig end)`;
}

// The blog. A post is public once status = 'published' and published_at has come (a future
// published_at is a scheduled post); the body is sanitized HTML (never stored unsanitized).
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    bodyHtml: text('body_html').notNull().default(''),
    bodyText: text('body_text').notNull().default(''),
    coverImage: text('cover_image'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: POST_STATUSES }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(${blogPosts.title}, '')), 'A') || setweight(to_tsvector('english', coalesce(${blogPosts.excerpt}, '')), 'B') || setweight(to_tsvector('english', left(coalesce(${blogPosts.bodyText}, ''), 20000)), 'C')`,
    ),
  },
  (t) => [
    // The public list: published posts, newest first.
    index('blog_posts_public_idx')
      .on(t.publishedAt.desc())
      .where(sql`${t.status} = 'published'`),
    index('blog_posts_tags_idx').using('gin', t.tags),
    index('blog_posts_search_idx').using('gin', t.searchVector),
  ],
);

export const helpArticles = pgTable(
  'help_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    // Plain text with blank lines between paragraphs: rendered as text, never as HTML.
    body: text('body').notNull(),
    isFaq: boolean('is_faq').notNull().default(false),
    position: integer('position').notNull().default(0),
    views: integer('views').notNull().default(0),
    helpfulYes: integer('helpful_yes').notNull().default(0),
    helpfulNo: integer('helpful_no').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(${helpArticles.title}, '')), 'A') || setweight(to_tsvector('english', coalesce(${helpArticles.summary}, '')), 'B') || setweight(to_tsvector('english', left(coalesce(${helpArticles.body}, ''), 20000)), 'C')`,
    ),
  },
  (t) => [
    index('help_articles_search_idx').using('gin', t.searchVector),
    // The title's words alone: the every-word search's top group (every word in the title) is
    // found here and ordered by title without ranking every match (decision 153).
    index('help_articles_title_search_idx').using('gin', sql`to_tsvector('english', ${t.title})`),
    index('help_articles_category_idx').on(t.category, t.position),
  ],
);

// A help article's version in another language (the article itself is the English source).
// Searched with its language's stemmer; a reader without a version in their language reads
// the English one.
export const helpArticleTranslations = pgTable(
  'help_article_translations',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => helpArticles.id, { onDelete: 'cascade' }),
    language: text('language', { enum: TRANSLATED_LOCALES }).notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector(${textSearchConfig(helpArticleTranslations.language)}, coalesce(${helpArticleTranslations.title}, '')), 'A') || setweight(to_tsvector(${textSearchConfig(helpArticleTranslations.language)}, coalesce(${helpArticleTranslations.summary}, '')), 'B') || setweight(to_tsvector(${textSearchConfig(helpArticleTranslations.language)}, left(coalesce(${helpArticleTranslations.body}, ''), 20000)), 'C')`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.language] }),
    index('help_article_translations_search_idx').using('gin', t.searchVector),
    index('help_article_translations_title_search_idx').using(
      'gin',
      sql`to_tsvector(${textSearchConfig(t.language)}, ${t.title})`,
    ),
  ],
);

// Every word of the help articles, for typo correction (trigram index): "refnud" → "refund".
export const helpWords = pgTable('help_words', { word: text('word').primaryKey() }, (t) => [
  index('help_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

// Operators edit these pages; a page without a row shows the built-in default text.
export const sitePages = pgTable('site_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  bodyHtml: text('body_html').notNull(),
  openings: jsonb('openings')
    .$type<{ title: string; location: string; description: string }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// A site page's version in another language; without one the page reads in English.
export const sitePageTranslations = pgTable(
  'site_page_translations',
  {
    slug: text('slug').notNull(),
    language: text('language', { enum: TRANSLATED_LOCALES }).notNull(),
    title: text('title').notNull(),
    bodyHtml: text('body_html').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.slug, t.language] })],
);

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Short reference people quote in mail ("SUP-4F7K2Q").
    reference: text('reference').notNull().unique(),
    requesterId: uuid('requester_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    source: text('source', { enum: ['contact', 'chatbot'] }).notNull(),
    subject: text('subject').notNull(),
    status: text('status', { enum: SUPPORT_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_tickets_queue_idx').on(t.status, t.updatedAt.desc()),
    index('support_tickets_requester_idx').on(t.requesterId, t.updatedAt.desc()),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    fromStaff: boolean('from_staff').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

// Every chatbot question with whether it was answered: unanswered ones tell staff which help
// articles to write; thumbs up/down rate the answers.
export const chatbotQuestions = pgTable(
  'chatbot_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    question: text('question').notNull(),
    answered: boolean('answered').notNull(),
    articleId: uuid('article_id').references(() => helpArticles.id, { onDelete: 'set null' }),
    helpful: boolean('helpful'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chatbot_questions_unanswered_idx').on(t.answered, t.createdAt.desc())],
);
