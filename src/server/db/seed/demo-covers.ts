import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { blogPosts } from '../schema/content';
import { events } from '../schema/events';
import { promoCampaigns } from '../schema/promotions';
import { profiles, users } from '../schema/users';
import { vendorProfiles } from '../schema/vendors';
import {
  blogImageVariants,
  coverVariants,
  fitWebp,
  image as sharpImage,
  squareWebp,
} from '../../platform/storage/images';
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
 * Gives every demo event, vendor, venue, blog post and ad without a picture one that fits it. Runs
 * after the server is listening, so a first start is not kept waiting on image work; only fills
 * what is missing, so a second start does nothing and a person's own upload is never replaced.
 * Returns how many rows got a picture.
 */
export async function seedDemoImages(
  db: Database,
  files: FileStore,
  signal?: AbortSignal,
): Promise<number> {
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
  // Three looks per theme (as drawn, mirrored, mirrored in shifted colours), so two events of one
  // category side by side on a page do not look alike.
  const covers = new Map<string, Promise<Awaited<ReturnType<typeof coverVariants>>>>();
  for (const event of pendingEvents) {
    if (signal?.aborted) return count;
    const theme = themeForEvent(event.category);
    const look = Number.parseInt(event.id.replace(/-/g, '').slice(-4), 16) % 3;
    const key = `${theme}:${look}`;
    let variants = covers.get(key);
    if (!variants) {
      variants = image(theme)
        .then(async (source) =>
          look === 0
            ? source
            : (await sharpImage(source))
                .flop()
                .modulate({ hue: look === 2 ? 24 : 0 })
                .webp({ quality: 85 })
                .toBuffer(),
        )
        .then(coverVariants);
      covers.set(key, variants);
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
    if (signal?.aborted) return count;
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
    if (signal?.aborted) return count;
    // In the three widths an upload gets (blog.service.ts uploadPostImage).
    const cover = await blogImageVariants(await image(themeForPost(post.tags)));
    if (!cover) continue;
    const url = `${await files.putVariants('blog', 'webp', cover)}-large.webp`;
    await db
      .update(blogPosts)
      .set({ coverImage: url })
      .where(and(eq(blogPosts.id, post.id), isNull(blogPosts.coverImage)));
    count += 1;
  }
  // Ads: a picture for the billboard, as the campaign form's upload gives one.
  const ads = await db
    .select({
      id: promoCampaigns.id,
      eventCategory: events.category,
      ownerCategory: profiles.category,
    })
    .from(promoCampaigns)
    .leftJoin(events, eq(events.id, promoCampaigns.eventId))
    .leftJoin(profiles, eq(profiles.id, promoCampaigns.ownerId))
    .where(and(isNull(promoCampaigns.imageUrl), inArray(promoCampaigns.ownerId, demoUsers)));
  for (const ad of ads) {
    if (signal?.aborted) return count;
    const theme = ad.eventCategory
      ? themeForEvent(ad.eventCategory)
      : themeForService(ad.ownerCategory);
    const picture = await fitWebp(await image(theme), 1200);
    if (!picture) continue;
    const url = await files.put('showcase', 'webp', picture.data);
    await db
      .update(promoCampaigns)
      .set({ imageUrl: url })
      .where(and(eq(promoCampaigns.id, ad.id), isNull(promoCampaigns.imageUrl)));
    count += 1;
  }
  return count;
}
