import type { Locale } from '../../../contracts/locales';
import type { PageData } from '../../../contracts/page-data';
import { VENDOR_SERVICE_TYPES } from '../../../contracts/enums';
import { firstGraphemes } from '../../../contracts/text';
import { pageShell } from './first-view';
import { escapeHtml } from './seo.presenter';
import { translateWeb, webText } from './web-texts';

// The words of the vendor page's top, as the app's vendor page writes them (its English is the
// catalogs' key: vendor-public-page.tsx and service-type-labels.ts).
export const VENDOR_TEXTS = {
  rated: webText(
    'vendors',
    '{average} out of 5 ({ratingCount, plural, one {# rating} other {# ratings}})',
  ),
  unrated: webText('vendors', 'No ratings yet'),
  contact: webText('vendors', 'Contact'),
  about: webText('vendors', 'About'),
  defaultCategory: webText('service-types', 'Vendor'),
};

/** Up to two initials, as the app's avatar placeholder draws them (web/lib/initials.ts). */
export function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => firstGraphemes(part).toUpperCase())
      .join('') || '?'
  );
}

/** A vendor's category in a language, as the app names it (an unknown one shows as stored). */
export function serviceTypeLabel(locale: Locale, category: string): string {
  if (category === VENDOR_TEXTS.defaultCategory.message)
    return translateWeb(locale, VENDOR_TEXTS.defaultCategory);
  return (VENDOR_SERVICE_TYPES as readonly string[]).includes(category)
    ? translateWeb(locale, webText('service-types', category))
    : category;
}

/**
 * The top of a vendor's public page (vendor-public-page.tsx): the photo or initials, the name,
 * the category and rating, the Contact button as a signed-out visitor sees it, and the About
 * text, which is usually the page's largest element.
 */
export function renderVendorFirstView(
  data: Extract<PageData, { kind: 'vendor' }>,
  siteName: string,
  locale: Locale,
): string {
  const { vendor, ratingAverage, ratingCount } = data.vendor;
  const name = escapeHtml(vendor.displayName);
  const avatar = vendor.avatarUrl
    ? `<img src="${escapeHtml(vendor.avatarUrl)}" alt="" width="48" height="48" class="size-20 shrink-0 rounded-full bg-muted object-cover text-2xl" />`
    : `<span aria-hidden="true" class="flex size-20 shrink-0 items-center justify-center rounded-full bg-primary-soft text-2xl font-semibold text-primary">${escapeHtml(initials(vendor.displayName))}</span>`;
  const rating =
    ratingAverage !== null
      ? // The star's place; the icon comes with the app.
        `<span class="flex items-center gap-1 text-sm"><span aria-hidden="true" class="size-4"></span>${escapeHtml(translateWeb(locale, VENDOR_TEXTS.rated, { average: ratingAverage.toFixed(1), ratingCount }))}</span>`
      : `<span class="text-sm text-muted-foreground">${escapeHtml(translateWeb(locale, VENDOR_TEXTS.unrated))}</span>`;
  const contact = `/auth?redirect=${encodeURIComponent(`/vendor/${vendor.id}`)}`;
  const about = vendor.description
    ? `<div class="grid gap-8 lg:grid-cols-[1fr_20rem]"><div class="flex min-w-0 flex-col gap-8"><section class="flex flex-col gap-2"><h2 class="text-xl font-bold">${escapeHtml(translateWeb(locale, VENDOR_TEXTS.about))}</h2><p class="break-words whitespace-pre-line">${escapeHtml(vendor.description)}</p></section></div></div>`
    : '';
  return pageShell(
    siteName,
    [
      '<article class="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 md:py-12">',
      '<header class="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">',
      `<div class="flex items-center gap-4">${avatar}<div class="flex min-w-0 flex-col gap-1">`,
      `<h1 class="text-3xl font-extrabold tracking-tight md:text-4xl">${name}</h1>`,
      '<div class="flex flex-wrap items-center gap-2">',
      `<span class="inline-flex items-center rounded-full border border-border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-foreground">${escapeHtml(serviceTypeLabel(locale, vendor.displayCategory))}</span>`,
      `${rating}</div></div></div>`,
      `<div class="flex flex-wrap gap-2"><a href="${escapeHtml(contact)}" class="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-md border border-border bg-background px-4 text-sm font-medium whitespace-nowrap text-foreground"><span aria-hidden="true" class="size-4"></span>${escapeHtml(translateWeb(locale, VENDOR_TEXTS.contact))}</a></div>`,
      '</header>',
      about,
      '</article>',
    ].join(''),
  );
}
