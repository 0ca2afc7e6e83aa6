import { randomUUID } from 'node:crypto';
import type { EVENT_CATEGORIES, Role, UserType } from '../../contracts/enums';
import type { EventStatus } from '../../contracts/events';
import type { DbExecutor } from '../db/client';
import { events } from '../db/schema/events';
import { ticketTypes } from '../db/schema/tickets';
import { profiles, userRoles, users } from '../db/schema/users';
import { localDateTime, locationLine } from '../modules/events/event-time';
import { hashPassword } from '../platform/auth/passwords';

// One set of factories for the demo seed, integration tests and browser tests
// (docs/architecture.md "Tests"). Each returns what it inserted.

export const DEFAULT_TEST_PASSWORD = 'correct-horse-battery';

// argon2id is slow on purpose; tests create many users with the same password, so hash each
// distinct password once per process.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

export interface CreateUserInput {
  email?: string;
  password?: string;
  fullName?: string;
  userType?: UserType;
  roles?: Role[];
  businessName?: string | null;
  category?: string | null;
  service?: string | null;
  phone?: string | null;
  avatarUrl?: string | null;
  emailConfirmed?: boolean;
  createdAt?: Date;
}

export async function createUser(db: DbExecutor, input: CreateUserInput = {}) {
  const id = randomUUID();
  const createdAt = input.createdAt ?? new Date();
  const email = input.email ?? `user-${id.slice(0, 8)}@example.test`;
  const password = input.password ?? DEFAULT_TEST_PASSWORD;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        id,
        email,
        passwordHash: await cachedHash(password),
        emailConfirmedAt: input.emailConfirmed === false ? null : createdAt,
        createdAt,
      })
      .returning();
    const [profile] = await tx
      .insert(profiles)
      .values({
        id,
        fullName: input.fullName ?? 'Test User',
        userType: input.userType ?? 'attendee',
        businessName: input.businessName ?? null,
        category: input.category ?? null,
        service: input.service ?? null,
        phone: input.phone ?? null,
        avatarUrl: input.avatarUrl ?? null,
        createdAt,
      })
      .returning();
    const roles = input.roles ?? [];
    if (roles.length)
      await tx.insert(userRoles).values(roles.map((role) => ({ userId: id, role })));
    if (!user || !profile) throw new Error('createUser inserted nothing');
    return { ...user, profile, roles, password };
  });
}
export type CreatedUser = Awaited<ReturnType<typeof createUser>>;

export interface CreateEventFactoryInput {
  userId: string;
  title?: string;
  description?: string;
  category?: (typeof EVENT_CATEGORIES)[number];
  startsAt?: Date;
  endsAt?: Date | null;
  timezone?: string;
  isOnline?: boolean;
  onlineUrl?: string | null;
  venueName?: string | null;
  address?: string | null;
  city?: string | null;
  country?: string | null;
  capacity?: number | null;
  isFree?: boolean;
  isReferralBased?: boolean;
  eventStatus?: EventStatus;
  visibility?: 'public' | 'private';
  accessToken?: string | null;
  coverImage?: string | null;
  vendorFeeAmount?: number | null;
  metadata?: Record<string, unknown>;
  createdAt?: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** An event, published by default, a week from now unless told otherwise. */
export async function createEvent(db: DbExecutor, input: CreateEventFactoryInput) {
  const createdAt = input.createdAt ?? new Date();
  const startsAt = input.startsAt ?? new Date(createdAt.getTime() + 7 * DAY_MS);
  const timezone = input.timezone ?? 'UTC';
  const place = {
    isOnline: input.isOnline ?? false,
    venueName: input.venueName === undefined ? 'The Harbor Loft' : input.venueName,
    address: input.address ?? null,
    city: input.city === undefined ? 'Oakland' : input.city,
    country: input.country ?? null,
  };
  const status = input.eventStatus ?? 'published';
  const [row] = await db
    .insert(events)
    .values({
      userId: input.userId,
      title: input.title ?? 'Sunset Rooftop Sessions',
      description: input.description ?? 'Live music and food trucks as the sun goes down.',
      category: input.category ?? 'Music',
      startsAt,
      endsAt:
        input.endsAt === undefined
          ? new Date(startsAt.getTime() + 4 * 60 * 60 * 1000)
          : input.endsAt,
      timezone,
      ...localDateTime(startsAt, timezone),
      ...place,
      location: locationLine(place),
      onlineUrl: input.onlineUrl ?? (place.isOnline ? 'https://meet.example.test/live' : null),
      capacity: input.capacity ?? null,
      isFree: input.isFree ?? true,
      isReferralBased: input.isReferralBased ?? false,
      eventStatus: status,
      visibility: input.visibility ?? 'public',
      accessToken:
        input.accessToken ?? (input.visibility === 'private' ? `secret-${randomUUID()}` : null),
      coverImage: input.coverImage ?? null,
      vendorFeeAmount: input.vendorFeeAmount ?? null,
      metadata: input.metadata ?? {},
      createdAt,
      updatedAt: createdAt,
      publishedAt: status === 'draft' ? null : createdAt,
    })
    .returning();
  if (!row) throw new Error('createEvent inserted nothing');
  return row;
}

export interface CreateTicketTypeFactoryInput {
  eventId: string;
  name?: string;
  priceCents?: number;
  currency?: string;
  quantity?: number;
  maxPerOrder?: number;
  maxPerPerson?: number | null;
  salesStart?: Date | null;
  salesEnd?: Date | null;
  unlockCode?: string | null;
}

/** A ticket type with all its stock on sale ($25, 100 tickets unless told otherwise). */
export async function createTicketType(db: DbExecutor, input: CreateTicketTypeFactoryInput) {
  const quantity = input.quantity ?? 100;
  const [row] = await db
    .insert(ticketTypes)
    .values({
      eventId: input.eventId,
      name: input.name ?? 'General admission',
      priceCents: input.priceCents ?? 2500,
      currency: input.currency ?? 'USD',
      quantity,
      remaining: quantity,
      maxPerOrder: input.maxPerOrder ?? 10,
      maxPerPerson: input.maxPerPerson ?? null,
      salesStart: input.salesStart ?? null,
      salesEnd: input.salesEnd ?? null,
      unlockCode: input.unlockCode ?? null,
      isHidden: Boolean(input.unlockCode),
    })
    .returning();
  if (!row) throw new Error('createTicketType inserted nothing');
  return row;
}
