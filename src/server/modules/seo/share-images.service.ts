import { readFile } from 'node:fs/promises';
import { demoThemeImage, themeForEvent } from '../../db/seed/demo-themes';
import { defineCache } from '../../platform/cache/shared-cache';
import { placeLine, publicEventHead, whenLine, type SeoDeps } from './seo.service';
import { eventDefaultCover, eventShareImage } from './share-image';

// A public event's share image (PNG) and designed cover (WebP, decision 047). Drawing one takes
// tens of milliseconds, so each is drawn once per event version: the key holds the event's
// updated_at, so a change is a new key and nothing needs forgetting; the busiest are kept.

const KEPT = 200;
const KEPT_MS = 60 * 60_000;
const shareImages = defineCache<Buffer>({
  name: 'seo.share-images',
  ttlMs: KEPT_MS,
  maxEntries: KEPT,
});
const covers = defineCache<Buffer>({ name: 'seo.covers', ttlMs: KEPT_MS, maxEntries: KEPT });

const versionOf = (event: { id: string; updatedAt: Date }) =>
  `${event.id}:${event.updatedAt.getTime()}`;

/** `<event id>.png`: the event's share image; 404 unless the event is public. */
export async function shareImageFile(deps: SeoDeps, file: string): Promise<Buffer> {
  const event = await publicEventHead(deps, /^([0-9a-f-]{36})\.png$/i.exec(file)?.[1]);
  return shareImages.in(deps).get(versionOf(event), () =>
    eventShareImage({
      title: event.title,
      when: whenLine(event.startsAt, event.timezone),
      where: placeLine(event),
      siteName: deps.config.APP_NAME,
    }),
  );
}

/** `<event id>.webp`: the designed cover of a public event with no uploaded one. */
export async function coverFile(deps: SeoDeps, file: string): Promise<Buffer> {
  const event = await publicEventHead(deps, /^([0-9a-f-]{36})\.webp$/i.exec(file)?.[1]);
  return covers.in(deps).get(versionOf(event), async () =>
    eventDefaultCover({
      title: event.title,
      category: event.category,
      background: await readFile(demoThemeImage(themeForEvent(event.category))),
    }),
  );
}
