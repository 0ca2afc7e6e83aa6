import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { blogPosts } from '../schema/content';
import { events } from '../schema/events';
import { profiles, users } from '../schema/users';
import { vendorProfiles } from '../schema/vendors';
import { coverVariants, fitWebp, squareWebp } from '../../platform/storage/images';
import type { FileStore } from '../../platform/storage/storage';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DEMO_HOSTS } from './demo-catalogue';
import { demoThemeImage, themeForEvent, themeForPost, themeForService } from './demo-themes';
import { DEMO_VENDORS } from './demo-vendors';

// The demo data's pictures (decision 047): illustrations committed in demo-images/ (drawn by
// scripts/draw-demo-images.ts), one per theme, stored through the file store exactly as an
// upload is (the same resizing, folders and variants), so the demo looks like a product in use.
// Each row gets files of its own: replacing a picture removes the old file, which must not take
// another event's picture with it.

// The sizes the upload paths use (profiles: avatar; vendors: gallery).
const AVATAR_PX = 256;
const GALLERY_FULL_PX = 1600;
const GALLERY_THUMB_PX = 400;

function themeImages() {
  const cache = new Map<string, Promise<Buffer>>();
  return (theme: string) => {
    let found = cache.get(theme);
    if (!found) {
      found = readFile(demoThemeImage(theme));
      cache.set(theme, found);
    }
    return found;
  };
}

const DEMO_EMAILS = [
  ...DEMO_ACCOUNTS.map((a) => a.email),
  ...DEMO_HOSTS.map((h) => h.email),
  ...DEMO_VENDORS.map((v) => v.email),
];

/**
 * Gives every demo event, vendor, venue and blog post without a picture one that fits it. Runs
 * after the server is listening, so a first start is not kept waiting on image work; only fills
 * what is missing, so a second start does nothing and a person's own upload is never replaced.
 * Returns how many rows got a picture.
 */
export async function seedDemoImages(db: Database, files: FileStore): Promise<number> {
  const image = themeImages();
  const demoUsers = db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, DEMO_EMAILS));
  let count = 0;

  const pendingEvents = await db
    .select({ id: events.id, category: events.category })
    .from(events)
    .where(
      and(
        isNull(events.coverImage),
        or(sql`${events.metadata}->>'demo' = 'true'`, inArray(events.userId, demoUsers)),
      ),
    );
  const covers = new Map<string, Promise<Awaited<ReturnType<typeof coverVariants>>>>();
  for (const event of pendingEvents) {
    const theme = themeForEvent(event.category);
    let variants = covers.get(theme);
    if (!variants) {
      variants = image(theme).then(coverVariants);
      covers.set(theme, variants);
    }
    const drawn = await variants;
    if (!drawn) continue;
    const base = await files.putVariants('events', 'webp', drawn);
    await db
      .update(events)
      .set({ coverImage: base })
      .where(and(eq(events.id, event.id), isNull(events.coverImage)));
    count += 1;
  }

  // Vendors and venues: a profile picture, and a first gallery photo for vendors.
  const people = await db
    .select({ id: profiles.id, userType: profiles.userType, category: profiles.category })
    .from(profiles)
    .where(
      and(
        isNull(profiles.avatarUrl),
        inArray(profiles.userType, ['vendor', 'venue']),
        inArray(profiles.id, demoUsers),
      ),
    );
  for (const person of people) {
    const theme = person.userType === 'venue' ? 'venue' : themeForService(person.category);
    const source = await image(theme);
    const avatar = await squareWebp(source, AVATAR_PX);
    if (!avatar) continue;
    const url = await files.put('avatars', 'webp', avatar);
    await db
      .update(profiles)
      .set({ avatarUrl: url })
      .where(and(eq(profiles.id, person.id), isNull(profiles.avatarUrl)));
    count += 1;
    if (person.userType !== 'vendor') continue;
    const [full, thumb] = await Promise.all([
      fitWebp(source, GALLERY_FULL_PX),
      squareWebp(source, GALLERY_THUMB_PX),
    ]);
    if (!full || !thumb) continue;
    const [fullUrl, thumbUrl] = await Promise.all([
      files.put('vendor-gallery', 'webp', full.data),
      files.put('vendor-gallery', 'webp', thumb),
    ]);
    const picture = JSON.stringify([{ id: randomUUID(), url: fullUrl, thumbUrl }]);
    await db
      .update(vendorProfiles)
      .set({ gallery: sql`${picture}::jsonb` })
      .where(
        and(
          eq(vendorProfiles.userId, person.id),
          sql`jsonb_array_length(${vendorProfiles.gallery}) = 0`,
        ),
      );
  }

  const posts = await db
    .select({ id: blogPosts.id, tags: blogPosts.tags })
    .from(blogPosts)
    .where(and(isNull(blogPosts.coverImage), inArray(blogPosts.authorId, demoUsers)));
  for (const post of posts) {
    const cover = await fitWebp(await image(themeForPost(post.tags)), 1600);
    if (!cover) continue;
    const url = await files.put('blog', 'webp', cover.data);
    await db
      .update(blogPosts)
      .set({ coverImage: url })
      .where(and(eq(blogPosts.id, post.id), isNull(blogPosts.coverImage)));
    count += 1;
  }
  return count;
}
