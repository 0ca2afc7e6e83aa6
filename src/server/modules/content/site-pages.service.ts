import { msg } from '@lingui/core/macro';
import type { SitePage, SitePageSlug } from '../../../contracts/content';
import { SITE_PAGE_SLUGS } from '../../../contracts/content';
import type { Locale } from '../../../contracts/locales';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { escapeHtml } from '../../platform/mail/templates';
import { canEditSiteContent } from './content.policy';
import * as q from './site-pages.queries';
import { asJson, type ContentDeps } from './content.service';
import { PAGE_DEFAULTS } from './page-defaults';
import { sanitizeHtml } from './sanitize';
import { findPageTranslation } from './translations.queries';

type LocalizedSitePage = SitePage & { language: Locale };

/** A known page's slug, or 404 (an unknown page is not a bad request). */
export function pageSlug(slug: string): SitePageSlug {
  if (!(SITE_PAGE_SLUGS as readonly string[]).includes(slug))
    throw new AppError('NOT_FOUND', msg`Page not found`);
  return slug as SitePageSlug;
}

function fillPlaceholders(html: string, config: ContentDeps['config']) {
  return html
    .replaceAll('{{APP_NAME}}', escapeHtml(config.APP_NAME))
    .replaceAll('{{CONTACT_EMAIL}}', escapeHtml(config.CONTACT_EMAIL))
    .replaceAll('{{PUBLIC_URL}}', escapeHtml(config.PUBLIC_URL));
}

/**
 * A page in the reader's language when it has a version in it, else in English (its saved
 * text, or the default); `language` says which. The careers openings are the English page's.
 */
async function getSitePage(
  deps: Pick<ContentDeps, 'db' | 'config'>,
  params: { slug: SitePageSlug; locale?: Locale },
): Promise<LocalizedSitePage> {
  const locale = params.locale ?? 'en';
  const [row, version] = await Promise.all([
    q.findSitePage(deps.db, params),
    locale === 'en' ? null : findPageTranslation(deps.db, { slug: params.slug, language: locale }),
  ]);
  const fallback = PAGE_DEFAULTS[params.slug];
  return {
    slug: params.slug,
    title: fillPlaceholders(version?.title ?? row?.title ?? fallback.title, deps.config),
    bodyHtml: fillPlaceholders(
      version?.bodyHtml ?? row?.bodyHtml ?? fallback.bodyHtml,
      deps.config,
    ),
    updatedAt: (version?.updatedAt ?? row?.updatedAt)?.toISOString() ?? null,
    openings: row?.openings ?? fallback.openings,
    language: version ? locale : 'en',
  };
}

/**
 * A site page as the JSON body every visitor of a language shares (the cache key holds the
 * language: a Spanish reader must never be served the English body cached for another).
 */
export function sitePageJson(
  deps: Pick<ContentDeps, 'db' | 'config' | 'reads'>,
  params: { slug: string; locale: Locale },
): Promise<string> {
  return asJson(deps.reads, `page:${params.slug}:${params.locale}`, () =>
    getSitePage(deps, { slug: pageSlug(params.slug), locale: params.locale }),
  );
}

export async function saveSitePage(
  deps: Pick<ContentDeps, 'db' | 'clock' | 'config' | 'reads'>,
  params: {
    actor: AuthUser;
    slug: string;
    input: { title: string; bodyHtml: string; openings?: SitePage['openings'] };
  },
) {
  const slug = pageSlug(params.slug);
  if (!canEditSiteContent(params.actor)) throw new AppError('FORBIDDEN', msg`Required role: admin`);
  await q.upsertSitePage(deps.db, {
    slug,
    title: params.input.title,
    bodyHtml: sanitizeHtml(params.input.bodyHtml),
    openings: params.input.openings ?? [],
    updatedBy: params.actor.id,
    updatedAt: deps.clock.now(),
  });
  deps.reads.clear();
  return getSitePage(deps, { slug });
}
