import { intlLocale, type Locale } from '../../../contracts/locales';
import { formatMoney } from '../../../contracts/money';
import type { PageData } from '../../../contracts/page-data';
import type { VendorCard } from '../../../contracts/vendors';
import { pageShell } from './first-view';
import { BOX, LABEL, categoryLabel, listPage } from './first-view-lists';
import { initials, serviceTypeLabel } from './first-view-vendor';
import { escapeHtml } from './seo.presenter';
import { translateWeb, webText, type WebText } from './web-texts';

// The words of the vendor directory's and the categories' tops, as the app writes them
// (vendor-pages.tsx, vendor-directory.tsx, vendor-search-fields.tsx; categories-page.tsx,
// categories-grid.tsx).
const vn = (message: string) => webText('vendors', message);
export const DIRECTORY_TEXTS = {
  vendors: vn('Vendors'),
  vendorsLine: vn(
    'DJs, caterers, hosts, photographers, rentals and more service providers for your event.',
  ),
  searchVendors: vn('Search vendors'),
  searchPlaceholder: vn('Name, business or description'),
  area: vn('Area'),
  areaPlaceholder: vn('City or region'),
  search: vn('Search'),
  serviceType: vn('Service type'),
  allServices: vn('All services'),
  sortBy: vn('Sort by'),
  newest: vn('Newest'),
  showing: vn('Showing {from}–{to} of {total, plural, one {# vendor} other {# vendors}}'),
  rating: vn('{rating}<0> out of 5</0> ({count})'),
  priceFrom: vn('From {price}'),
  categories: webText('events', 'Categories'),
  categoriesLine: webText('events', 'Browse upcoming events by category.'),
  upcoming: webText('events', '{0, plural, one {# upcoming event} other {# upcoming events}}'),
};

/** The vendor cards a phone or laptop shows first; the rest come with the app. */
const FIRST_VENDORS = 6;

/** A vendor's card as the directory draws it (vendor-directory.tsx's VendorCardItem). */
function vendorCard(vendor: VendorCard, locale: Locale): string {
  const say = (text: WebText, values?: Record<string, unknown>) =>
    escapeHtml(translateWeb(locale, text, values));
  const avatar = vendor.avatarUrl
    ? `<img src="${escapeHtml(vendor.avatarUrl)}" alt="" width="48" height="48" loading="lazy" class="size-12 shrink-0 rounded-full bg-muted object-cover" />`
    : `<span aria-hidden="true" class="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary">${escapeHtml(initials(vendor.displayName))}</span>`;
  // The star and pin are the app's icons: their places are kept.
  const icon = '<span aria-hidden="true" class="size-4"></span>';
  const facts = [
    vendor.serviceArea
      ? `<span class="flex items-center gap-1">${icon}${escapeHtml(vendor.serviceArea)}</span>`
      : '',
    vendor.ratingAverage !== null
      ? `<span class="flex items-center gap-1">${icon}<span>${say(DIRECTORY_TEXTS.rating, {
          rating: vendor.ratingAverage.toFixed(1),
          count: vendor.ratingCount,
        })
          .replace('&lt;0&gt;', '<span class="sr-only">')
          .replace('&lt;/0&gt;', '</span>')}</span></span>`
      : '',
    vendor.priceFromCents !== null
      ? `<span>${say(DIRECTORY_TEXTS.priceFrom, {
          price: formatMoney(vendor.priceFromCents, 'USD', { locale: intlLocale(locale) }),
        })}</span>`
      : '',
  ].join('');
  return [
    '<li class="relative flex flex-col gap-3 rounded-lg border border-border bg-card p-4">',
    `<div class="flex items-center gap-3">${avatar}<div class="min-w-0">`,
    `<h2 class="truncate font-semibold"><a href="/vendor/${escapeHtml(encodeURIComponent(vendor.id))}" class="after:absolute after:inset-0">${escapeHtml(vendor.displayName)}</a></h2>`,
    `<p class="truncate text-sm text-muted-foreground">${escapeHtml(serviceTypeLabel(locale, vendor.displayCategory))}</p>`,
    '</div></div>',
    vendor.description
      ? `<p class="line-clamp-2 text-sm text-muted-foreground">${escapeHtml(vendor.description)}</p>`
      : '',
    `<div class="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm">${facts}</div>`,
    '</li>',
  ].join('');
}

/**
 * /vendors without filters: the title, the search and filters' look (labels and boxes showing
 * what the unfiltered app shows, not a form), the count line and the first cards.
 */
export function renderVendorsFirstView(
  data: Extract<PageData, { kind: 'vendors' }>,
  siteName: string,
  locale: Locale,
): string | null {
  const { vendors, total, page, pageSize } = data.directory;
  // No vendor yet: the app's empty state (its icon and message) draws the page alone.
  if (vendors.length === 0) return null;
  const say = (text: WebText) => escapeHtml(translateWeb(locale, text));
  const field = (label: WebText, value: string) =>
    `<div class="flex flex-col gap-1.5"><span class="${LABEL}">${say(label)}</span><span class="${BOX}">${value}</span></div>`;
  const filters = [
    '<div class="flex flex-col gap-4 rounded-lg border border-border bg-card p-4">',
    '<div class="grid gap-4 md:grid-cols-[2fr_1fr_auto] md:items-end">',
    field(DIRECTORY_TEXTS.searchVendors, say(DIRECTORY_TEXTS.searchPlaceholder)),
    field(DIRECTORY_TEXTS.area, say(DIRECTORY_TEXTS.areaPlaceholder)),
    `<span class="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-md border border-border bg-background px-4 text-sm font-medium whitespace-nowrap text-foreground">${say(DIRECTORY_TEXTS.search)}</span>`,
    '</div><div class="grid gap-4 sm:grid-cols-2 md:max-w-xl">',
    field(
      DIRECTORY_TEXTS.serviceType,
      `<span class="text-foreground">${say(DIRECTORY_TEXTS.allServices)}</span>`,
    ),
    field(
      DIRECTORY_TEXTS.sortBy,
      `<span class="text-foreground">${say(DIRECTORY_TEXTS.newest)}</span>`,
    ),
    '</div></div>',
  ].join('');
  const from = (page - 1) * pageSize + 1;
  const count = translateWeb(locale, DIRECTORY_TEXTS.showing, {
    from: Math.min(from, total),
    to: Math.min(page * pageSize, total),
    total,
  });
  const cards = vendors.slice(0, FIRST_VENDORS).map((vendor) => vendorCard(vendor, locale));
  return pageShell(
    siteName,
    listPage(
      translateWeb(locale, DIRECTORY_TEXTS.vendors),
      translateWeb(locale, DIRECTORY_TEXTS.vendorsLine),
      '',
      [
        filters,
        `<p class="text-sm text-muted-foreground">${escapeHtml(count)}</p>`,
        `<ul class="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">${cards.join('')}</ul>`,
      ].join(''),
    ),
  );
}

/** /categories: the title and every category with its count of upcoming events. */
export function renderCategoriesFirstView(
  data: Extract<PageData, { kind: 'categories' }>,
  siteName: string,
  locale: Locale,
): string {
  const items = data.list.categories.map(
    (category) =>
      `<li><a href="/categories/${escapeHtml(encodeURIComponent(category.slug))}" class="flex h-full flex-col gap-1 rounded-lg border border-border bg-card p-4"><span class="font-semibold">${escapeHtml(categoryLabel(locale, category.name))}</span><span class="text-sm text-muted-foreground">${escapeHtml(translateWeb(locale, DIRECTORY_TEXTS.upcoming, { 0: category.eventCount }))}</span></a></li>`,
  );
  return pageShell(
    siteName,
    listPage(
      translateWeb(locale, DIRECTORY_TEXTS.categories),
      translateWeb(locale, DIRECTORY_TEXTS.categoriesLine),
      '',
      `<ul class="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">${items.join('')}</ul>`,
    ),
  );
}
