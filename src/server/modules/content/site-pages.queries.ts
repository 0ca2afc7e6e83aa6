import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { sitePages } from '../../db/schema/content';

export async function findSitePage(db: DbExecutor, params: { slug: string }) {
  const [row] = await db.select().from(sitePages).where(eq(sitePages.slug, params.slug));
  return row ?? null;
}

export async function upsertSitePage(db: DbExecutor, values: typeof sitePages.$inferInsert) {
  await db
    .insert(sitePages)
    .values(values)
    .onConflictDoUpdate({
      target: sitePages.slug,
      set: {
        title: values.title,
        bodyHtml: values.bodyHtml,
        openings: values.openings,
        updatedBy: values.updatedBy,
        updatedAt: values.updatedAt,
      },
    });
}
