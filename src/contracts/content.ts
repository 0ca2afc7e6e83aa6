import { z } from 'zod';

// The blog, the help center and FAQ, editable site pages, support tickets and the
// assistance chatbot. Shared by the server (validation, OpenAPI) and the web app.

export const POST_STATUSES = ['draft', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const HELP_CATEGORIES = [
  { slug: 'getting-started', name: 'Getting started' },
  { slug: 'tickets-and-payments', name: 'Tickets and payments' },
  { slug: 'organizers', name: 'Organizers' },
  { slug: 'vendors', name: 'Vendors' },
  { slug: 'venues', name: 'Venues' },
  { slug: 'account-and-security', name: 'Account and security' },
] as const;
export const HELP_CATEGORY_SLUGS = HELP_CATEGORIES.map((c) => c.slug) as [string, ...string[]];

export const SITE_PAGE_SLUGS = [
  'about',
  'privacy-policy',
  'terms',
  'cookies',
  'accessibility',
  'careers',
] as const;
export type SitePageSlug = (typeof SITE_PAGE_SLUGS)[number];

export const SUPPORT_TOPICS = [
  'general',
  'tickets',
  'payments',
  'account',
  'vendors',
  'organizers',
  'other',
] as const;
export const SUPPORT_STATUSES = ['open', 'pending', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const CONTENT_LIMITS = {
  titleMax: 160,
  excerptMax: 300,
  bodyMax: 200_000,
  tagsMax: 8,
  tagMax: 40,
  seoTitleMax: 70,
  seoDescriptionMax: 160,
  messageMax: 5000,
  questionMax: 300,
  pageSize: 9,
} as const;

const trimmed = (max: number, field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` });

// ---------- Blog ----------

export const PostInputSchema = z.object({
  title: trimmed(CONTENT_LIMITS.titleMax, 'Title').min(1, { error: 'Title is required' }),
  slug: z
    .string()
    .trim()
    .max(80, { error: 'Slug must be at most 80 characters' })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
      error: 'Slug may hold lower-case letters, digits and single hyphens',
    })
    .optional(),
  excerpt: trimmed(CONTENT_LIMITS.excerptMax, 'Excerpt').default(''),
  bodyHtml: z
    .string()
    .max(CONTENT_LIMITS.bodyMax, { error: 'The article is too long' })
    .default(''),
  tags: z
    .array(trimmed(CONTENT_LIMITS.tagMax, 'Tag').min(1, { error: 'A tag cannot be empty' }))
    .max(CONTENT_LIMITS.tagsMax, { error: `At most ${CONTENT_LIMITS.tagsMax} tags` })
    .default([]),
  seoTitle: trimmed(CONTENT_LIMITS.seoTitleMax, 'SEO title').default(''),
  seoDescription: trimmed(CONTENT_LIMITS.seoDescriptionMax, 'SEO description').default(''),
  /** An image uploaded through POST /api/blog/images (a `/media/` address of this site). */
  coverImage: z
    .string()
    .max(300)
    .regex(/^\/media\/[A-Za-z0-9/_.-]+$/, { error: 'Cover image must be an uploaded image' })
    .nullable()
    .default(null),
});
export type PostInput = z.input<typeof PostInputSchema>;

export const UploadedImageSchema = z.object({ url: z.string() });

export const PublishPostSchema = z.object({
  /** Absent: now. In the future: scheduled (visible to the public from then on). */
  publishAt: z.iso
    .datetime({ offset: true, error: 'Publish time must be a date and time' })
    .refine((value) => /^(19[7-9]\d|2\d{3})-/.test(value), {
      error: 'Publish time must be between 1970 and 2999',
    })
    .optional(),
});

export const PostSummarySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  coverImage: z.string().nullable(),
  /** The cover in 400, 800 and 1600 px wide WebPs, for srcset; null for a cover in one size. */
  coverSizes: z.object({ small: z.string(), medium: z.string(), large: z.string() }).nullable(),
  tags: z.array(z.string()),
  status: z.enum(['draft', 'scheduled', 'published']),
  publishedAt: z.string().nullable(),
  readingMinutes: z.number().int(),
  author: z.object({ id: z.uuid(), name: z.string() }),
});
export type PostSummary = z.infer<typeof PostSummarySchema>;

/** The console's post list: one page, newest change first; `q` finds a title. */
export const ManagePostsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(200).default(''),
});
export type ManagePostsQuery = z.infer<typeof ManagePostsQuerySchema>;
export const ManagePostsPageSchema = z.object({
  items: z.array(PostSummarySchema),
  /** Posts matching `q` on every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ManagePostsPage = z.infer<typeof ManagePostsPageSchema>;

export const PostSchema = PostSummarySchema.extend({
  bodyHtml: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  updatedAt: z.string(),
  related: z.array(PostSummarySchema),
});
export type Post = z.infer<typeof PostSchema>;

export const PostListQuerySchema = z.object({
  tag: z.string().trim().max(CONTENT_LIMITS.tagMax).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export const PostListSchema = z.object({
  items: z.array(PostSummarySchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  tags: z.array(z.string()),
});
export type PostList = z.infer<typeof PostListSchema>;

// ---------- Help center ----------

export const HelpArticleSummarySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  category: z.string(),
  title: z.string(),
  summary: z.string(),
});
export type HelpArticleSummary = z.infer<typeof HelpArticleSummarySchema>;

export const HelpArticleSchema = HelpArticleSummarySchema.extend({
  body: z.string(),
  isFaq: z.boolean(),
  helpfulYes: z.number().int(),
  helpfulNo: z.number().int(),
  updatedAt: z.string(),
});
export type HelpArticle = z.infer<typeof HelpArticleSchema>;

export const HelpIndexSchema = z.object({
  categories: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      articles: z.array(HelpArticleSummarySchema),
    }),
  ),
  popular: z.array(HelpArticleSummarySchema),
});
export type HelpIndex = z.infer<typeof HelpIndexSchema>;

export const HelpSearchQuerySchema = z.object({
  q: z.string().trim().max(200, { error: 'Search must be at most 200 characters' }).default(''),
});
export const HelpSearchResultSchema = z.object({
  items: z.array(HelpArticleSummarySchema.extend({ snippet: z.string() })),
  /** The words searched for after typo correction, when they differ from what was typed. */
  correctedQuery: z.string().nullable(),
});
export type HelpSearchResult = z.infer<typeof HelpSearchResultSchema>;

export const HelpArticleInputSchema = z.object({
  title: trimmed(CONTENT_LIMITS.titleMax, 'Title').min(1, { error: 'Title is required' }),
  category: z.enum(HELP_CATEGORY_SLUGS, { error: 'Choose a category' }),
  summary: trimmed(CONTENT_LIMITS.excerptMax, 'Summary').default(''),
  body: trimmed(CONTENT_LIMITS.bodyMax, 'Body').min(1, { error: 'Body is required' }),
  isFaq: z.boolean().default(false),
});
export type HelpArticleInput = z.input<typeof HelpArticleInputSchema>;

export const HelpFeedbackSchema = z.object({ helpful: z.boolean({ error: 'Say yes or no' }) });

export const FaqSchema = z.object({
  items: z.array(
    z.object({ id: z.uuid(), slug: z.string(), question: z.string(), answer: z.string() }),
  ),
});
export type Faq = z.infer<typeof FaqSchema>;

// ---------- Site pages ----------

export const SitePageSchema = z.object({
  slug: z.enum(SITE_PAGE_SLUGS),
  title: z.string(),
  bodyHtml: z.string(),
  updatedAt: z.string().nullable(),
  openings: z.array(z.object({ title: z.string(), location: z.string(), description: z.string() })),
});
export type SitePage = z.infer<typeof SitePageSchema>;

export const SitePageInputSchema = z.object({
  title: trimmed(CONTENT_LIMITS.titleMax, 'Title').min(1, { error: 'Title is required' }),
  bodyHtml: z.string().max(CONTENT_LIMITS.bodyMax, { error: 'The page is too long' }),
  openings: z
    .array(
      z.object({
        title: trimmed(120, 'Position title').min(1, { error: 'Position title is required' }),
        location: trimmed(120, 'Location').default(''),
        description: trimmed(2000, 'Description').default(''),
      }),
    )
    .max(50)
    .default([]),
});

// ---------- Support tickets ----------

export const ContactInputSchema = z.object({
  name: trimmed(120, 'Name').min(1, { error: 'Please enter your name' }),
  email: z.email({ error: 'Please enter a valid email address' }).max(254),
  topic: z.enum(SUPPORT_TOPICS, { error: 'Choose a topic' }),
  message: trimmed(CONTENT_LIMITS.messageMax, 'Message').min(10, {
    error: 'Please write at least 10 characters',
  }),
  /** Honeypot: hidden from people; a filled-in value marks a bot. */
  website: z.string().max(200).optional(),
});
export type ContactInput = z.input<typeof ContactInputSchema>;

export const SupportMessageSchema = z.object({
  id: z.uuid(),
  fromStaff: z.boolean(),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export const SupportTicketSummarySchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  topic: z.string(),
  source: z.enum(['contact', 'chatbot']),
  status: z.enum(SUPPORT_STATUSES),
  subject: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SupportTicketSummary = z.infer<typeof SupportTicketSummarySchema>;
export const SupportTicketSchema = SupportTicketSummarySchema.extend({
  messages: z.array(SupportMessageSchema),
});
export type SupportTicket = z.infer<typeof SupportTicketSchema>;
export const SupportTicketListSchema = z.object({ items: z.array(SupportTicketSummarySchema) });
export const SupportQueueQuerySchema = z.object({
  status: z.enum(SUPPORT_STATUSES).optional(),
});
export const SupportReplySchema = z.object({
  body: trimmed(CONTENT_LIMITS.messageMax, 'Reply').min(1, { error: 'Reply is required' }),
  status: z.enum(SUPPORT_STATUSES).optional(),
});
export const SupportStatusSchema = z.object({ status: z.enum(SUPPORT_STATUSES) });
export const ContactReceiptSchema = z.object({ reference: z.string() });

// ---------- Chatbot ----------

export const ChatAskSchema = z.object({
  question: trimmed(CONTENT_LIMITS.questionMax, 'Question').min(2, {
    error: 'Please type a question',
  }),
});
export const ChatAnswerSchema = z.object({
  id: z.uuid(),
  answered: z.boolean(),
  text: z.string(),
  sources: z.array(z.object({ slug: z.string(), title: z.string() })),
});
export type ChatAnswer = z.infer<typeof ChatAnswerSchema>;
export const ChatFeedbackSchema = z.object({ helpful: z.boolean({ error: 'Say yes or no' }) });
export const ChatHandoffSchema = z.object({
  name: trimmed(120, 'Name').min(1, { error: 'Please enter your name' }),
  email: z.email({ error: 'Please enter a valid email address' }).max(254),
  transcript: z
    .array(
      z.object({
        from: z.enum(['you', 'assistant']),
        text: z.string().max(2000, { error: 'A message is too long' }),
      }),
    )
    .min(1, { error: 'The conversation is empty' })
    .max(60, { error: 'The conversation is too long' }),
  website: z.string().max(200).optional(),
});
export type ChatHandoff = z.infer<typeof ChatHandoffSchema>;
export const UnansweredListSchema = z.object({
  items: z.array(
    z.object({ question: z.string(), count: z.number().int(), lastAskedAt: z.string() }),
  ),
});

// ---------- Versions in other languages (admins write them) ----------

/** The languages a help article or site page may have a version in (English is the source). */
export const TRANSLATED_LOCALES = ['es', 'fr', 'de', 'pt-BR', 'ar'] as const;
export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number];

export const HelpTranslationSchema = z.object({
  language: z.enum(TRANSLATED_LOCALES),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type HelpTranslation = z.infer<typeof HelpTranslationSchema>;
export const HelpTranslationListSchema = z.object({ items: z.array(HelpTranslationSchema) });
export type HelpTranslationList = z.infer<typeof HelpTranslationListSchema>;

export const SitePageTranslationSchema = z.object({
  language: z.enum(TRANSLATED_LOCALES),
  title: z.string(),
  bodyHtml: z.string(),
  updatedAt: z.string(),
});
export type SitePageTranslation = z.infer<typeof SitePageTranslationSchema>;
export const SitePageTranslationListSchema = z.object({
  items: z.array(SitePageTranslationSchema),
});
export type SitePageTranslationList = z.infer<typeof SitePageTranslationListSchema>;
