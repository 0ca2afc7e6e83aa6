import { intlLocale, type Locale } from '../../../contracts/locales';
import { formatMoney } from '../../../contracts/money';
import type { PageData } from '../../../contracts/page-data';
import type { VendorLinks } from '../../../contracts/vendor-profile';
import type { VendorPage } from '../../../contracts/vendors';
import { VENDOR_SERVICE_TYPES } from '../../../contracts/enums';
import { firstGraphemes } from '../../../contracts/text';
import { pageShell } from './first-view';
import { escapeHtml } from './seo.presenter';
import { translateWeb, webText, type WebText } from './web-texts';

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
  services: webText('vendors', 'Services'),
  noServices: webText('vendors', 'No services listed yet.'),
  gallery: webText('vendors', 'Gallery'),
  noPhotos: webText('vendors', 'No photos yet.'),
  photo: webText('vendors', '{vendorName}: photo {number} of {photoCount}'),
  eventsWorked: webText('vendors', 'Events worked'),
  noEvents: webText('vendors', 'No events on the platform yet.'),
  ratings: webText('vendors', 'Ratings'),
  noRatings: webText('vendors', 'Organizers rate vendors after the events they worked.'),
  score: webText('vendors', '{score} out of 5'),
  details: webText('vendors', 'Vendor details'),
  serviceArea: webText('vendors', 'Service area'),
  notSpecified: webText('vendors', 'Not specified'),
  availability: webText('vendors', 'Availability'),
  askVendor: webText('vendors', 'Ask the vendor'),
  links: webText('vendors', 'Links'),
  website: webText('vendors', 'Website'),
  priceRange: webText('vendors', '{low} – {high}'),
  priceFrom: webText('vendors', 'From {price}'),
  priceUpTo: webText('vendors', 'Up to {price}'),
  priceOnRequest: webText('vendors', 'Price on request'),
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
 * A vendor's public page (vendor-public-page.tsx) as a signed-out visitor sees it: the photo or
 * initials, the name, the category and rating, the Contact button, the About text, the services,
 * gallery, events worked and ratings, and the side column.
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
    ? `<section class="flex flex-col gap-2"><h2 class="text-xl font-bold">${escapeHtml(translateWeb(locale, VENDOR_TEXTS.about))}</h2><p class="break-words whitespace-pre-line">${escapeHtml(vendor.description)}</p></section>`
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
      // The rest of the page too: a vendor with little to say has every section in the first
      // screen, and a section the app added there would be larger than anything drawn here.
      '<div class="grid gap-8 lg:grid-cols-[1fr_20rem]"><div class="flex min-w-0 flex-col gap-8">',
      about,
      vendorSections(data.vendor, locale),
      `</div>${vendorAside(data.vendor, locale)}</div>`,
      '</article>',
    ].join(''),
  );
}

/** A section of the page as the app's `Section` draws it, the icon's place kept. */
function section(title: string, body: string): string {
  return `<section class="flex flex-col gap-3"><h2 class="flex items-center gap-2 text-xl font-bold"><span aria-hidden="true" class="size-5"></span>${escapeHtml(title)}</h2>${body}</section>`;
}

/** A service's price as the app writes it (vendor-format.ts formatPriceRange), in USD. */
function priceRange(locale: Locale, min: number | null, max: number | null): string {
  const usd = (cents: number) => formatMoney(cents, 'USD', { locale: intlLocale(locale) });
  if (min !== null && max !== null)
    return min === max
      ? usd(min)
      : translateWeb(locale, VENDOR_TEXTS.priceRange, { low: usd(min), high: usd(max) });
  if (min !== null) return translateWeb(locale, VENDOR_TEXTS.priceFrom, { price: usd(min) });
  if (max !== null) return translateWeb(locale, VENDOR_TEXTS.priceUpTo, { price: usd(max) });
  return translateWeb(locale, VENDOR_TEXTS.priceOnRequest);
}

/** Services, gallery, events worked and ratings, as a signed-out visitor sees them. */
function vendorSections(page: VendorPage, locale: Locale): string {
  const say = (text: WebText, values?: Record<string, unknown>) =>
    escapeHtml(translateWeb(locale, text, values));
  const empty = (text: WebText) => `<p class="text-muted-foreground">${say(text)}</p>`;
  const { vendor, eventsWorked, ratings } = page;
  const services = vendor.services.length
    ? `<ul class="grid gap-3 sm:grid-cols-2">${vendor.services
        .map(
          (service) =>
            `<li class="rounded-lg border border-border p-4"><h3 class="font-semibold">${escapeHtml(service.name)}</h3><p class="text-sm font-medium text-primary">${escapeHtml(priceRange(locale, service.priceMinCents, service.priceMaxCents))}</p>${service.description ? `<p class="mt-1 text-sm text-muted-foreground">${escapeHtml(service.description)}</p>` : ''}</li>`,
        )
        .join('')}</ul>`
    : empty(VENDOR_TEXTS.noServices);
  const photoCount = vendor.gallery.length;
  const gallery = photoCount
    ? `<ul class="grid grid-cols-2 gap-3 sm:grid-cols-3">${vendor.gallery
        .map(
          (image, i) =>
            `<li><a href="${escapeHtml(image.url)}" target="_blank" rel="noreferrer" class="block"><img src="${escapeHtml(image.thumbUrl)}" alt="${say(VENDOR_TEXTS.photo, { vendorName: vendor.displayName, number: i + 1, photoCount })}" loading="lazy" class="aspect-square w-full rounded-lg bg-muted object-cover" /></a></li>`,
        )
        .join('')}</ul>`
    : empty(VENDOR_TEXTS.noPhotos);
  // The date line is the viewer's own zone, which the server does not know: its place is kept
  // and the app writes it.
  const events = eventsWorked.length
    ? `<ul class="flex flex-col gap-2">${eventsWorked
        .map(
          (event) =>
            `<li class="rounded-lg border border-border p-3"><a href="/event/${escapeHtml(encodeURIComponent(event.eventId))}" class="font-semibold hover:underline">${escapeHtml(event.title)}</a><p class="text-sm text-muted-foreground">&nbsp;</p></li>`,
        )
        .join('')}</ul>`
    : empty(VENDOR_TEXTS.noEvents);
  const rated = ratings.length
    ? `<ul class="flex flex-col gap-3">${ratings
        .map(
          (rating) =>
            `<li class="rounded-lg border border-border p-4"><p class="font-semibold">${say(VENDOR_TEXTS.score, { score: rating.rating })}<span class="font-normal text-muted-foreground"> · ${escapeHtml(rating.organizer.name)}, ${escapeHtml(rating.eventTitle)}</span></p>${rating.comment ? `<p class="mt-1">${escapeHtml(rating.comment)}</p>` : ''}</li>`,
        )
        .join('')}</ul>`
    : empty(VENDOR_TEXTS.noRatings);
  return [
    section(translateWeb(locale, VENDOR_TEXTS.services), services),
    section(translateWeb(locale, VENDOR_TEXTS.gallery), gallery),
    section(translateWeb(locale, VENDOR_TEXTS.eventsWorked), events),
    section(translateWeb(locale, VENDOR_TEXTS.ratings), rated),
  ].join('');
}

// Brand names stay as they are; only "Website" is a word to translate (the app's LINK_NAMES).
const LINK_NAMES = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  x: 'X',
};

/** A link's label as the app writes it (vendor-format.ts linkLabel): host and path. */
function linkLabel(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/$/, '');
    return `${parsed.host.replace(/^www\./, '')}${path}`;
  } catch {
    return url;
  }
}

/** The page's side column: service area, availability, events worked, links. */
function vendorAside(page: VendorPage, locale: Locale): string {
  const say = (text: WebText) => escapeHtml(translateWeb(locale, text));
  const { vendor } = page;
  const fact = (label: WebText, value: string) =>
    `<p class="flex items-start gap-2"><span aria-hidden="true" class="mt-0.5 size-4 shrink-0"></span><span><span class="block text-sm font-semibold">${say(label)}</span>${escapeHtml(value)}</span></p>`;
  const links = (['website', ...Object.keys(LINK_NAMES)] as (keyof VendorLinks)[])
    .map((key) => ({ key, url: vendor.links[key] }))
    .filter((link): link is { key: keyof VendorLinks; url: string } => Boolean(link.url))
    .map(
      ({ key, url }) =>
        `<li><a href="${escapeHtml(url)}" target="_blank" rel="noreferrer noopener" class="flex items-center gap-2 text-primary underline"><span aria-hidden="true" class="size-4 shrink-0"></span><span class="truncate">${key === 'website' ? say(VENDOR_TEXTS.website) : LINK_NAMES[key]}: ${escapeHtml(linkLabel(url))}</span></a></li>`,
    );
  return [
    `<aside class="flex flex-col gap-4" aria-label="${say(VENDOR_TEXTS.details)}">`,
    '<div class="flex flex-col gap-3 rounded-lg border border-border p-4">',
    fact(
      VENDOR_TEXTS.serviceArea,
      vendor.serviceArea || translateWeb(locale, VENDOR_TEXTS.notSpecified),
    ),
    fact(
      VENDOR_TEXTS.availability,
      vendor.availability || translateWeb(locale, VENDOR_TEXTS.askVendor),
    ),
    fact(VENDOR_TEXTS.eventsWorked, String(page.eventsWorked.length)),
    '</div>',
    links.length
      ? `<div class="rounded-lg border border-border p-4"><h2 class="mb-2 text-sm font-semibold">${say(VENDOR_TEXTS.links)}</h2><ul class="flex flex-col gap-2">${links.join('')}</ul></div>`
      : '',
    '</aside>',
  ].join('');
}
