import { msg } from '@lingui/core/macro';
import type { TranslatedLocale } from '../../db/schema/content';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { must } from '../../platform/must';
import { canEditSiteContent } from './content.policy';
import type { ContentDeps } from './content.service';
import * as help from './help.queries';
import { pageSlug } from './site-pages.service';
import { sanitizeHtml } from './sanitize';
import * as q from './translations.queries';
import type { HelpTranslation, SitePageTranslation } from '../../../contracts/content';
import type { HelpTranslationInput, SitePageTranslationInput } from './translations.schemas';

// Writing the versions of help articles and site pages in other languages: the same editors
// as the English texts (admins), the same rules (a help body is plain text; a page's HTML is
// sanitized), and every public read dropped from the shared cache on a change.

function requireSiteEditor(actor: AuthUser) {
  if (!canEditSiteContent(actor)) throw new AppError('FORBIDDEN', msg`Required role: admin`);
}

const translationNotFound = () => new AppError('NOT_FOUND', msg`Translation not found`);

async function articleId(deps: Pick<ContentDeps, 'db'>, id: string) {
  const article = await help.findHelpArticle(deps.db, { idOrSlug: id });
  if (!article) throw new AppError('NOT_FOUND', msg`Help article not found`);
  return article.id;
}

const presentHelp = (row: {
  language: TranslatedLocale;
  title: string;
  summary: string;
  body: string;
  updatedAt: Date;
}): HelpTranslation => ({ ...row, updatedAt: row.updatedAt.toISOString() });

const presentPage = (row: {
  language: TranslatedLocale;
  title: string;
  bodyHtml: string;
  updatedAt: Date;
}): SitePageTranslation => ({ ...row, updatedAt: row.updatedAt.toISOString() });

export async function listHelpTranslations(
  deps: Pick<ContentDeps, 'db'>,
  params: { actor: AuthUser; id: string },
) {
  requireSiteEditor(params.actor);
  const id = await articleId(deps, params.id);
  return { items: (await q.findHelpTranslations(deps.db, { articleId: id })).map(presentHelp) };
}

export async function saveHelpTranslation(
  deps: Pick<ContentDeps, 'db' | 'clock' | 'reads'>,
  params: {
    actor: AuthUser;
    id: string;
    language: TranslatedLocale;
    input: HelpTranslationInput;
  },
) {
  requireSiteEditor(params.actor);
  const id = await articleId(deps, params.id);
  const input = { ...params.input, summary: params.input.summary ?? '' };
  const row = await deps.db.transaction(async (tx) => {
    // Its words join the typo correction, as the English article's do.
    await help.addHelpWords(tx, { text: `${input.title} ${input.summary} ${input.body}` });
    return q.upsertHelpTranslation(tx, {
      articleId: id,
      language: params.language,
      ...input,
      updatedAt: deps.clock.now(),
    });
  });
  deps.reads.clear();
  return presentHelp(must(row, 'saved help translation'));
}

export async function deleteHelpTranslation(
  deps: Pick<ContentDeps, 'db' | 'reads'>,
  params: { actor: AuthUser; id: string; language: TranslatedLocale },
) {
  requireSiteEditor(params.actor);
  const id = await articleId(deps, params.id);
  if (!(await q.deleteHelpTranslation(deps.db, { articleId: id, language: params.language })))
    throw translationNotFound();
  deps.reads.clear();
}

export async function listPageTranslations(
  deps: Pick<ContentDeps, 'db'>,
  params: { actor: AuthUser; slug: string },
) {
  const slug = pageSlug(params.slug);
  requireSiteEditor(params.actor);
  return { items: (await q.findPageTranslations(deps.db, { slug })).map(presentPage) };
}

export async function savePageTranslation(
  deps: Pick<ContentDeps, 'db' | 'clock' | 'reads'>,
  params: {
    actor: AuthUser;
    slug: string;
    language: TranslatedLocale;
    input: SitePageTranslationInput;
  },
) {
  const slug = pageSlug(params.slug);
  requireSiteEditor(params.actor);
  const row = await q.upsertPageTranslation(deps.db, {
    slug,
    language: params.language,
    title: params.input.title,
    bodyHtml: sanitizeHtml(params.input.bodyHtml),
    updatedBy: params.actor.id,
    updatedAt: deps.clock.now(),
  });
  deps.reads.clear();
  return presentPage(must(row, 'saved page translation'));
}

export async function deletePageTranslation(
  deps: Pick<ContentDeps, 'db' | 'reads'>,
  params: { actor: AuthUser; slug: string; language: TranslatedLocale },
) {
  const slug = pageSlug(params.slug);
  requireSiteEditor(params.actor);
  if (!(await q.deletePageTranslation(deps.db, { slug, language: params.language })))
    throw translationNotFound();
  deps.reads.clear();
}
