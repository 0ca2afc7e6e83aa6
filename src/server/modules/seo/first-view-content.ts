import { HELP_CATEGORIES, type PostSummary } from '../../../contracts/content';
import { intlLocale, type Locale } from '../../../contracts/locales';
import {
  POST_CARD_SIZES,
  POST_PAGE_COVER_SIZES,
  type PageData,
} from '../../../contracts/page-data';
import { pageShell } from './first-view';
import { BOX } from './first-view-lists';
import { escapeHtml } from './seo.presenter';
import { translateWeb, webText, type WebText } from './web-texts';

// The words of the blog's, the help center's and the pricing page's tops, as the app writes
// them (blog-list-page.tsx, post-card.tsx, help-page.tsx, pricing-page.tsx).
const ct = (message: string) => webText('content', message);
export const CONTENT_TEXTS = {
  blog: ct('Blog'),
  blogLine: ct('Guides for organizers, vendors and venues, and product news.'),
  searchArticles: ct('Search articles'),
  search: ct('Search'),
  all: ct('All'),
  postLine: ct('{published} · {minutes} min read'),
  allArticles: ct('← All articles'),
  byLine: ct('By {author} · {published} · {minutes} min read'),
  howCanWeHelp: ct('How can we help?'),
  helpPlaceholder: ct('e.g. refund, reset password'),
  faq: ct('Frequently asked questions'),
  contactSupport: ct('Contact support'),
  popular: ct('Popular articles'),
  askAssistant: ct('Ask our assistant'),
  assistantLine: ct("It answers from this help center, and hands you to a person when it can't."),
  chat: ct('Chat with the assistant'),
  pricing: webText('subscriptions', 'Pricing'),
  pricingLine: webText(
    'subscriptions',
    'Start free. Upgrade when your events grow: bigger audiences, messaging, group chat, stream recording and sharing tools. Cancel any time.',
  ),
};

/** The blog cards a phone or laptop shows first; the rest come with the app. */
const FIRST_POSTS = 6;
const SEARCH_BUTTON =
  'inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-md bg-primary px-4 text-sm font-medium whitespace-nowrap text-primary-foreground';
/** The app's loading box under a page's top while its data arrives (PageSpinner's place). */
const LOADING = '<div class="flex min-h-[40vh] items-center justify-center"></div>';

/**
 * "Thu, Dec 3" as the card writes a post's day (web lib/dates.ts formatDate), in UTC: the
 * server does not know the visitor's zone, and a post's day differs only near midnight.
 */
function postDay(iso: string | null, locale: Locale, now: Date): string {
  if (!iso) return '';
  const lang = intlLocale(locale);
  const date = new Date(iso);
  const year = (d: Date) =>
    new Intl.DateTimeFormat(lang, { timeZone: 'UTC', year: 'numeric' }).format(d);
  return new Intl.DateTimeFormat(lang, {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(year(date) === year(now) ? {} : { year: 'numeric' }),
  }).format(date);
}

/** A post's card as /blog draws it (post-card.tsx); the first one's cover is the page's LCP. */
function postCard(post: PostSummary, lead: boolean, locale: Locale, now: Date): string {
  const sizes = post.coverSizes;
  const loading = lead ? 'fetchpriority="high"' : 'loading="lazy"';
  const cover = post.coverImage
    ? `<img src="${escapeHtml(sizes?.medium ?? post.coverImage)}"${sizes ? ` srcset="${escapeHtml(`${sizes.small} 400w, ${sizes.medium} 800w, ${sizes.large} 1600w`)}" sizes="${POST_CARD_SIZES}"` : ''} alt="" width="1600" height="900" ${loading} decoding="async" class="aspect-video w-full object-cover" />`
    : '<div aria-hidden="true" class="aspect-video w-full bg-primary-soft"></div>';
  const line = translateWeb(locale, CONTENT_TEXTS.postLine, {
    published: postDay(post.publishedAt, locale, now),
    minutes: post.readingMinutes,
  });
  return [
    '<li><article class="flex h-full flex-col overflow-hidden rounded-lg border border-border bg-card">',
    cover,
    '<div class="flex flex-1 flex-col gap-2 p-5">',
    post.tags[0]
      ? `<span class="text-xs font-semibold text-primary uppercase">${escapeHtml(post.tags[0])}</span>`
      : '',
    `<h2 class="text-lg font-semibold"><a href="/blog/${escapeHtml(encodeURIComponent(post.slug))}" dir="auto">${escapeHtml(post.title)}</a></h2>`,
    `<p dir="auto" class="line-clamp-3 text-sm text-muted-foreground">${escapeHtml(post.excerpt)}</p>`,
    `<p class="mt-auto text-xs text-muted-foreground">${escapeHtml(line)}</p>`,
    '</div></article></li>',
  ].join('');
}

/**
 * /blog without tag, search or page: the title, the RSS link, the search box's look (not a
 * form), the tags and the first posts. No post yet: the app's own message draws the page.
 */
export function renderBlogFirstView(
  data: Extract<PageData, { kind: 'blog' }>,
  siteName: string,
  ctx: { locale: Locale; now: Date },
): string | null {
  const { items, tags } = data.list;
  if (items.length === 0) return null;
  const say = (text: WebText) => escapeHtml(translateWeb(ctx.locale, text));
  const pill = 'rounded-full border px-3 py-1 text-sm';
  const tagNav = tags.length
    ? [
        '<div class="mb-8 flex flex-wrap gap-2">',
        `<span class="${pill} border-primary bg-primary text-primary-foreground">${say(CONTENT_TEXTS.all)}</span>`,
        ...tags.map((tag) => `<span class="${pill} border-border">${escapeHtml(tag)}</span>`),
        '</div>',
      ].join('')
    : '';
  const cards = items
    .slice(0, FIRST_POSTS)
    .map((post, i) => postCard(post, i === 0, ctx.locale, ctx.now));
  return pageShell(
    siteName,
    [
      '<div class="mx-auto max-w-6xl px-4 py-10">',
      '<div class="mb-8 flex flex-wrap items-end justify-between gap-4"><div>',
      `<h1 class="text-3xl font-bold tracking-tight">${say(CONTENT_TEXTS.blog)}</h1>`,
      `<p class="text-muted-foreground">${say(CONTENT_TEXTS.blogLine)}</p></div>`,
      // The RSS link is the app's outline button with its icon's place.
      '<div class="flex gap-2"><a href="/blog/rss.xml" class="inline-flex h-8 shrink-0 items-center justify-center gap-2 rounded-md border border-border bg-background px-3 text-sm font-medium whitespace-nowrap text-foreground"><span aria-hidden="true" class="size-4"></span> RSS</a></div>',
      '</div>',
      `<div class="mb-4 flex max-w-xl gap-2"><span class="${BOX}">${say(CONTENT_TEXTS.searchArticles)}</span><span class="${SEARCH_BUTTON}">${say(CONTENT_TEXTS.search)}</span></div>`,
      tagNav,
      `<ul class="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">${cards.join('')}</ul>`,
      '</div>',
    ].join(''),
  );
}

/** The classes of a post's body (blog-post-page.tsx): the same look from the first paint. */
const POST_BODY =
  'prose-content mt-8 space-y-4 leading-relaxed [&_a]:text-primary [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:ps-4 [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:text-xl [&_h3]:font-semibold [&_img]:rounded-lg [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6';

/**
 * A published post's page (blog-post-page.tsx): the link back, the title, the by-line, the
 * cover and the body, as a signed-out reader sees them. The tags, share links and related posts
 * below come with the app.
 */
export function renderPostFirstView(
  data: Extract<PageData, { kind: 'post' }>,
  siteName: string,
  ctx: { locale: Locale; now: Date },
): string {
  const { post } = data;
  const say = (text: WebText, values?: Record<string, unknown>) =>
    escapeHtml(translateWeb(ctx.locale, text, values));
  const sizes = post.coverSizes;
  const cover = post.coverImage
    ? `<img src="${escapeHtml(post.coverImage)}"${sizes ? ` srcset="${escapeHtml(`${sizes.small} 400w, ${sizes.medium} 800w, ${sizes.large} 1600w`)}" sizes="${POST_PAGE_COVER_SIZES}"` : ''} alt="" width="1600" height="900" fetchpriority="high" class="mt-6 aspect-video w-full rounded-lg object-cover" />`
    : '';
  const byLine = say(CONTENT_TEXTS.byLine, {
    author: post.author.name,
    published: postDay(post.publishedAt, ctx.locale, ctx.now),
    minutes: post.readingMinutes,
  });
  return pageShell(
    siteName,
    [
      '<article class="mx-auto max-w-3xl px-4 py-10">',
      `<p class="mb-4 text-sm"><a href="/blog" class="text-primary underline">${say(CONTENT_TEXTS.allArticles)}</a></p>`,
      `<h1 dir="auto" class="text-4xl font-extrabold tracking-tight text-balance">${escapeHtml(post.title)}</h1>`,
      `<p class="mt-3 text-sm text-muted-foreground">${byLine}</p>`,
      cover,
      // Sanitized on the server before it was stored (decision 022), as the app inserts it.
      `<div dir="auto" class="${POST_BODY}">${post.bodyHtml}</div>`,
      '</article>',
    ].join(''),
  );
}

/** The help center's category names as the app writes them (help-categories.ts). */
export const HELP_CATEGORY_TEXTS = Object.fromEntries(
  HELP_CATEGORIES.map((c) => [c.slug, ct(c.name)]),
) as Record<(typeof HELP_CATEGORIES)[number]['slug'], WebText>;

/**
 * How many of the categories' article links the first view draws at most: the demo's 30 and a
 * real help center's first screens; a longer index is the app's to draw (beyond the popular).
 */
const FIRST_HELP_LINKS = 60;

/** /help's index (help-page.tsx's HelpIndexView): the popular articles, then each category. */
function helpIndex(data: Extract<PageData, { kind: 'help' }>, locale: Locale): string {
  const { popular, categories } = data.index;
  const say = (text: WebText) => escapeHtml(translateWeb(locale, text));
  const link = (slug: string) => `/help?article=${escapeHtml(encodeURIComponent(slug))}`;
  const popularList = popular.length
    ? [
        '<section class="mb-10">',
        `<h2 class="mb-4 text-2xl font-bold">${say(CONTENT_TEXTS.popular)}</h2>`,
        '<ul class="grid gap-3 sm:grid-cols-2">',
        ...popular.map(
          (a) =>
            `<li><a href="${link(a.slug)}" class="block rounded-lg border border-border p-4 hover:border-primary"><span dir="auto" class="block font-medium">${escapeHtml(a.title)}</span><span dir="auto" class="mt-1 block text-sm text-muted-foreground">${escapeHtml(a.summary)}</span></a></li>`,
        ),
        '</ul></section>',
      ].join('')
    : '';
  const shown = categories.filter((c) => c.articles.length);
  const links = shown.reduce((sum, c) => sum + c.articles.length, 0);
  // Too long to copy: the popular articles, and the rest's place while the app draws it.
  if (links > FIRST_HELP_LINKS) return `${popularList}<div class="min-h-svh"></div>`;
  const name = (slug: string) => {
    const text = HELP_CATEGORY_TEXTS[slug as keyof typeof HELP_CATEGORY_TEXTS];
    return text ? say(text) : escapeHtml(slug);
  };
  const sections = shown.map((c) =>
    [
      `<section><h2 class="mb-3 text-xl font-semibold">${name(c.slug)}</h2><ul class="space-y-2">`,
      ...c.articles.map(
        (a) =>
          `<li><a href="${link(a.slug)}" dir="auto" class="text-primary underline-offset-2 hover:underline">${escapeHtml(a.title)}</a></li>`,
      ),
      '</ul></section>',
    ].join(''),
  );
  return [
    popularList,
    `<div class="grid gap-8 md:grid-cols-2">${sections.join('')}</div>`,
    // The assistant's box under the index: its icon's place and its button's look.
    '<section class="mt-12 rounded-xl border border-border p-6 text-center">',
    '<span aria-hidden="true" class="mx-auto block size-8"></span>',
    `<h2 class="mt-2 text-xl font-semibold">${say(CONTENT_TEXTS.askAssistant)}</h2>`,
    `<p class="text-sm text-muted-foreground">${say(CONTENT_TEXTS.assistantLine)}</p>`,
    `<span class="mt-4 ${SEARCH_BUTTON}">${say(CONTENT_TEXTS.chat)}</span>`,
    '</section>',
  ].join('');
}

/**
 * /help: the hero (title, the search box's look, the two links), then its index when the page
 * has it (no query), else the screen-tall place the articles take while they arrive
 * (help-page.tsx's HelpLoading).
 */
export function renderHelpFirstView(
  siteName: string,
  locale: Locale,
  data: Extract<PageData, { kind: 'help' }> | null,
): string {
  const say = (text: WebText) => escapeHtml(translateWeb(locale, text));
  return pageShell(
    siteName,
    [
      '<div class="mx-auto max-w-5xl px-4 py-10">',
      '<section class="mb-10 rounded-xl bg-primary-soft px-6 py-10 text-center">',
      `<h1 class="text-3xl font-bold tracking-tight">${say(CONTENT_TEXTS.howCanWeHelp)}</h1>`,
      `<div class="mx-auto mt-6 flex max-w-xl gap-2"><span class="${BOX}">${say(CONTENT_TEXTS.helpPlaceholder)}</span><span class="${SEARCH_BUTTON}">${say(CONTENT_TEXTS.search)}</span></div>`,
      `<p class="mt-4 text-sm"><a href="/faq" class="text-primary underline">${say(CONTENT_TEXTS.faq)}</a> · <a href="/contact" class="text-primary underline">${say(CONTENT_TEXTS.contactSupport)}</a></p>`,
      '</section>',
      data ? helpIndex(data, locale) : '<div class="min-h-svh"></div>',
      '</div>',
    ].join(''),
  );
}

/** /pricing: the title and its line; the plans (the visitor's own trials, taxes) are the app's. */
export function renderPricingFirstView(siteName: string, locale: Locale): string {
  const say = (text: WebText) => escapeHtml(translateWeb(locale, text));
  return pageShell(
    siteName,
    [
      '<div class="mx-auto max-w-7xl px-4 py-12">',
      '<div class="mx-auto mb-10 max-w-2xl text-center">',
      `<h1 class="text-3xl font-extrabold tracking-tight md:text-4xl">${say(CONTENT_TEXTS.pricing)}</h1>`,
      `<p class="mt-3 text-muted-foreground">${say(CONTENT_TEXTS.pricingLine)}</p>`,
      `</div>${LOADING}</div>`,
    ].join(''),
  );
}
