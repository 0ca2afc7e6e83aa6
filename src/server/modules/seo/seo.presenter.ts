// Page heads as HTML: every value is escaped for its place (attribute text, or JSON inside a
// script element), so a title such as `"><script>` stays text.

export interface PageImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page's one address (no query). */
  canonical: string;
  /** Open Graph type: website, article, profile… */
  type: string;
  image?: PageImage;
  /** Search engines leave the page out (drafts, private, deleted items). */
  noindex?: boolean;
  /** schema.org objects, each written as one JSON-LD script. */
  jsonLd?: object[];
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&"'<>]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
}

/**
 * JSON inside <script>: `<` becomes \u003c, so no `</script>` or `<!--` can end the element, and
 * the line and paragraph separators are escaped as older parsers required.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** One line, at most `max` characters, cut at a word with an ellipsis. */
export function summary(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The tags that replace the built page's generic title and description; `data-page-head` lets
 * the app drop them when it moves to another page (web/app/server-head.ts).
 */
export function renderHead(head: PageHead, siteName: string): string {
  const meta = (attr: 'name' | 'property', key: string, content: string | number) =>
    `<meta ${attr}="${key}" content="${escapeHtml(String(content))}" data-page-head />`;
  const tags = [
    `<title data-page-head>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" data-page-head />`,
  ];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  tags.push(
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) {
    tags.push(
      meta('property', 'og:image', head.image.url),
      meta('property', 'og:image:width', head.image.width),
      meta('property', 'og:image:height', head.image.height),
      meta('property', 'og:image:alt', head.image.alt),
      meta('name', 'twitter:image', head.image.url),
      meta('name', 'twitter:image:alt', head.image.alt),
    );
  }
  for (const data of head.jsonLd ?? [])
    tags.push(`<script type="application/ld+json" data-page-head>${scriptJson(data)}</script>`);
  return tags.join('\n    ');
}

export const breadcrumbs = (items: { name: string; url: string }[]) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: items.map((item, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name: item.name,
    item: item.url,
  })),
});
