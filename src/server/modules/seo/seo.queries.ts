import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

// One indexed query per page head (by primary key or unique slug); the sitemap pages walk the
// public-list indexes in key order.

const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];

export interface EventHeadRow {
  id: string;
  title: string;
  description: string;
  category: string;
  venueName: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  isOnline: boolean;
  startsAt: Date;
  endsAt: Date | null;
  timezone: string;
  eventStatus: 'draft' | 'published' | 'cancelled' | 'expired';
  visibility: 'public' | 'private';
  coverImage: string | null;
  updatedAt: Date;
  organizerId: string;
  organizerName: string;
  organizerType: string;
  offers: {
    ticketTypeId: string;
    name: string;
    priceCents: number;
    currency: string;
    remaining: number;
    salesStart: string | null;
    salesEnd: string | null;
  }[];
}

export async function eventHead(db: DbExecutor, params: { id: string }) {
  const result = await db.execute(sql`
    select e.id, e.title, e.description, e.category, e.venue_name as "venueName", e.address,
      e.city, e.country, e.is_online as "isOnline", e.starts_at as "startsAt",
      e.ends_at as "endsAt", e.timezone, e.event_status as "eventStatus", e.visibility,
      e.cover_image as "coverImage", e.updated_at as "updatedAt", e.user_id as "organizerId",
      coalesce(nullif(p.business_name, ''), p.full_name, '') as "organizerName",
      coalesce(p.user_type::text, 'organizer') as "organizerType",
      coalesce((select jsonb_agg(jsonb_build_object('ticketTypeId', t.id, 'name', t.name,
          'priceCents', t.price_cents,
          'currency', t.currency, 'remaining', t.remaining, 'salesStart', t.sales_start,
          'salesEnd', t.sales_end) order by t.sort_order, t.created_at)
        from ticket_types t where t.event_id = e.id and not t.is_hidden
          and t.unlock_code is null and t.kind = 'admission'), '[]'::jsonb) as offers
    from events e left join profiles p on p.id = e.user_id
    where e.id = ${params.id}`);
  const row = rowsOf<EventHeadRow>(result)[0];
  return row
    ? {
        ...row,
        startsAt: new Date(row.startsAt),
        endsAt: row.endsAt ? new Date(row.endsAt) : null,
        updatedAt: new Date(row.updatedAt),
      }
    : null;
}

export interface ProfileHeadRow {
  id: string;
  name: string;
  userType: string;
  category: string | null;
  service: string | null;
  avatarUrl: string | null;
  description: string | null;
  serviceArea: string | null;
  gallery: { url?: string; key?: string }[] | null;
}

export async function profileHead(db: DbExecutor, params: { id: string }) {
  const result = await db.execute(sql`
    select p.id, coalesce(nullif(p.business_name, ''), p.full_name) as name,
      p.user_type as "userType", p.category, p.service, p.avatar_url as "avatarUrl",
      v.description, v.service_area as "serviceArea", v.gallery
    from profiles p left join vendor_profiles v on v.user_id = p.id
    where p.id = ${params.id}`);
  return rowsOf<ProfileHeadRow>(result)[0] ?? null;
}

export async function categoryHead(db: DbExecutor, params: { slug: string }) {
  const result = await db.execute(
    sql`select name, slug from categories where slug = ${params.slug}`,
  );
  return rowsOf<{ name: string; slug: string }>(result)[0] ?? null;
}

export interface PostHeadRow {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  seoTitle: string;
  seoDescription: string;
  coverImage: string | null;
  status: string;
  publishedAt: Date | null;
  updatedAt: Date;
  authorName: string;
}

/** A blog post by id or slug. */
export async function postHead(db: DbExecutor, params: { idOrSlug: string; byId: boolean }) {
  const result = await db.execute(sql`
    select b.id, b.slug, b.title, b.excerpt, b.seo_title as "seoTitle",
      b.seo_description as "seoDescription", b.cover_image as "coverImage", b.status,
      b.published_at as "publishedAt", b.updated_at as "updatedAt",
      coalesce(p.full_name, '') as "authorName"
    from blog_posts b left join profiles p on p.id = b.author_id
    where ${params.byId ? sql`b.id = ${params.idOrSlug}::uuid` : sql`b.slug = ${params.idOrSlug}`}`);
  const row = rowsOf<PostHeadRow>(result)[0];
  // Raw rows carry timestamps as text: compared with a Date as they were, every published post
  // read as not yet public and got the generic head with noindex.
  return row
    ? {
        ...row,
        publishedAt: row.publishedAt ? new Date(row.publishedAt) : null,
        updatedAt: new Date(row.updatedAt),
      }
    : null;
}

/** The number of public, published events (the sitemap index's page count). */
export async function countPublicEvents(db: DbExecutor): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from events
    where event_status = 'published' and visibility = 'public'`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * One batch of public events after `afterId` in id order (keyset: each batch is an index range
 * scan wherever it starts). `lastmod` is the event's last change.
 */
export async function publicEventBatch(
  db: DbExecutor,
  params: { afterId: string | null; limit: number },
) {
  const result = await db.execute(sql`
    select id, updated_at as "updatedAt" from events
    where event_status = 'published' and visibility = 'public'
      ${params.afterId ? sql`and id > ${params.afterId}::uuid` : sql``}
    order by id limit ${params.limit}`);
  return rowsOf<{ id: string; updatedAt: Date | string }>(result);
}

/** The id a sitemap page starts after: the last id of the pages before it. */
export async function publicEventPageStart(
  db: DbExecutor,
  params: { page: number; pageSize: number },
): Promise<string | null> {
  if (params.page === 0) return null;
  const result = await db.execute(sql`
    select id from events
    where event_status = 'published' and visibility = 'public'
    order by id offset ${params.page * params.pageSize - 1} limit 1`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}

/** Public organizer, venue and vendor profiles with their last change. */
export async function publicProfiles(db: DbExecutor, params: { limit: number }) {
  const result = await db.execute(sql`
    select p.id, p.user_type as "userType", p.updated_at as "updatedAt" from profiles p
    where p.user_type in ('organizer', 'venue', 'vendor')
    order by p.id limit ${params.limit}`);
  return rowsOf<{ id: string; userType: string; updatedAt: Date | string }>(result);
}

export async function allCategories(db: DbExecutor) {
  const result = await db.execute(sql`select slug from categories order by slug`);
  return rowsOf<{ slug: string }>(result);
}

export async function publishedPosts(db: DbExecutor, params: { limit: number }) {
  const result = await db.execute(sql`
    select slug, updated_at as "updatedAt" from blog_posts
    where status = 'published' and (published_at is null or published_at <= now())
    order by published_at desc limit ${params.limit}`);
  return rowsOf<{ slug: string; updatedAt: Date | string }>(result);
}

/** A funnel's published page (null while it has never been published). */
export async function funnelHead(db: DbExecutor, params: { slug: string }) {
  const result = await db.execute(sql`
    select f.slug, f.name, f.published->>'seoTitle' as "seoTitle",
      f.published->>'seoDescription' as "seoDescription", f.published is not null as published
    from funnels f where f.slug = ${params.slug}`);
  return (
    rowsOf<{
      slug: string;
      name: string;
      seoTitle: string | null;
      seoDescription: string | null;
      published: boolean;
    }>(result)[0] ?? null
  );
}

/** What a shared ride shows anyone: the event, the area, the time; never the driver's contact. */
export async function rideHead(db: DbExecutor, params: { id: string }) {
  const result = await db.execute(sql`
    select r.id, r.status, r.departure_area as "departureArea", r.departs_at as "departsAt",
      e.title as "eventTitle", e.timezone, e.visibility, e.event_status as "eventStatus"
    from rides r join events e on e.id = r.event_id where r.id = ${params.id}`);
  const row = rowsOf<{
    id: string;
    status: string;
    departureArea: string;
    departsAt: Date | string;
    eventTitle: string;
    timezone: string;
    visibility: string;
    eventStatus: string;
  }>(result)[0];
  return row ? { ...row, departsAt: new Date(row.departsAt) } : null;
}

/** Whether the event has a live stream set up (its page then shows the way to it). */
export async function eventHasStream(db: DbExecutor, params: { eventId: string }) {
  const result = await db.execute(
    sql`select 1 from streams where event_id = ${params.eventId} limit 1`,
  );
  return result.rows.length > 0;
}
