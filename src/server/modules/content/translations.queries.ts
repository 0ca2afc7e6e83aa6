import { and, asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  helpArticleTranslations,
  sitePageTranslations,
  type TranslatedLocale,
} from '../../db/schema/content';

const helpVersion = {
  language: helpArticleTranslations.language,
  title: helpArticleTranslations.title,
  summary: helpArticleTranslations.summary,
  body: helpArticleTranslations.body,
  updatedAt: helpArticleTranslations.updatedAt,
};

export function findHelpTranslations(db: DbExecutor, params: { articleId: string }) {
  return db
    .select(helpVersion)
    .from(helpArticleTranslations)
    .where(eq(helpArticleTranslations.articleId, params.articleId))
    .orderBy(asc(helpArticleTranslations.language));
}

export async function upsertHelpTranslation(
  db: DbExecutor,
  values: typeof helpArticleTranslations.$inferInsert,
) {
  const [row] = await db
    .insert(helpArticleTranslations)
    .values(values)
    .onConflictDoUpdate({
      target: [helpArticleTranslations.articleId, helpArticleTranslations.language],
      set: {
        title: values.title,
        summary: values.summary,
        body: values.body,
        updatedAt: values.updatedAt,
      },
    })
    .returning(helpVersion);
  return row ?? null;
}

export async function deleteHelpTranslation(
  db: DbExecutor,
  params: { articleId: string; language: TranslatedLocale },
) {
  const rows = await db
    .delete(helpArticleTranslations)
    .where(
      and(
        eq(helpArticleTranslations.articleId, params.articleId),
        eq(helpArticleTranslations.language, params.language),
      ),
    )
    .returning({ language: helpArticleTranslations.language });
  return rows.length === 1;
}

const pageVersion = {
  language: sitePageTranslations.language,
  title: sitePageTranslations.title,
  bodyHtml: sitePageTranslations.bodyHtml,
  updatedAt: sitePageTranslations.updatedAt,
};

export function findPageTranslations(db: DbExecutor, params: { slug: string }) {
  return db
    .select(pageVersion)
    .from(sitePageTranslations)
    .where(eq(sitePageTranslations.slug, params.slug))
    .orderBy(asc(sitePageTranslations.language));
}

export async function findPageTranslation(
  db: DbExecutor,
  params: { slug: string; language: TranslatedLocale },
) {
  const [row] = await db
    .select(pageVersion)
    .from(sitePageTranslations)
    .where(
      and(
        eq(sitePageTranslations.slug, params.slug),
        eq(sitePageTranslations.language, params.language),
      ),
    );
  return row ?? null;
}

export async function upsertPageTranslation(
  db: DbExecutor,
  values: typeof sitePageTranslations.$inferInsert,
) {
  const [row] = await db
    .insert(sitePageTranslations)
    .values(values)
    .onConflictDoUpdate({
      target: [sitePageTranslations.slug, sitePageTranslations.language],
      set: {
        title: values.title,
        bodyHtml: values.bodyHtml,
        updatedBy: values.updatedBy,
        updatedAt: values.updatedAt,
      },
    })
    .returning(pageVersion);
  return row ?? null;
}

export async function deletePageTranslation(
  db: DbExecutor,
  params: { slug: string; language: TranslatedLocale },
) {
  const rows = await db
    .delete(sitePageTranslations)
    .where(
      and(
        eq(sitePageTranslations.slug, params.slug),
        eq(sitePageTranslations.language, params.language),
      ),
    )
    .returning({ language: sitePageTranslations.language });
  return rows.length === 1;
}
