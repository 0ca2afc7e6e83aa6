import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { events } from '../schema/events';
import { coverVariants, image } from '../../platform/storage/images';
import type { FileStore } from '../../platform/storage/storage';

// Demo covers are drawn here (no network, no fonts needed): a gradient and soft shapes whose
// colours come from the category name, so each category has its own look.
function coverSvg(category: string): string {
  const hash = createHash('sha1').update(category).digest();
  const hue = (hash[0] ?? 0) * 1.4;
  const hue2 = (hue + 40 + (hash[1] ?? 0) / 4) % 360;
  const circles = Array.from({ length: 6 }, (_, i) => {
    const x = ((hash[2 + i] ?? 0) / 255) * 1600;
    const y = ((hash[8 + i] ?? 0) / 255) * 900;
    const r = 80 + ((hash[14 + (i % 6)] ?? 0) / 255) * 260;
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="white" fill-opacity="${(0.06 + i * 0.02).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue.toFixed(0)},70%,45%)"/><stop offset="1" stop-color="hsl(${hue2.toFixed(0)},75%,30%)"/>
</linearGradient></defs><rect width="1600" height="900" fill="url(#g)"/>${circles}</svg>`;
}

/**
 * Gives seeded events without a cover one per category. Runs after the server is listening,
 * so a first start is not kept waiting on image work.
 */
export async function seedDemoCovers(db: Database, files: FileStore): Promise<number> {
  const pending = await db
    .selectDistinct({ category: events.category })
    .from(events)
    .where(and(isNull(events.coverImage), sql`${events.metadata}->>'demo' = 'true'`));
  for (const { category } of pending) {
    const png = await (await image(Buffer.from(coverSvg(category)))).png().toBuffer();
    const variants = await coverVariants(png);
    if (!variants) continue;
    const base = await files.putVariants('events', 'webp', variants);
    await db
      .update(events)
      .set({ coverImage: base })
      .where(
        and(
          eq(events.category, category),
          isNull(events.coverImage),
          sql`${events.metadata}->>'demo' = 'true'`,
        ),
      );
  }
  return pending.length;
}
