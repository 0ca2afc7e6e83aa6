import { msg } from '@lingui/core/macro';
import { randomBytes } from 'node:crypto';
import { shiftedEnd, type DuplicateEventInput } from '../../../contracts/duplication';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import type { FileStore } from '../../platform/storage/storage';
import { requireAttendeeCapacity } from '../entitlements/entitlements.service';
import { actAsTeamMember } from '../teams/teams.service';
import { runEventCopiers } from './event-copy';
import { localDateTime } from './event-time';
import { canManageEvent, canViewEvent } from './events.policy';
import { getEventById, insertEvent, type EventWithOrganizer } from './events.queries';
import type { EventDeps } from './events.service';

const NOT_FOUND = msg`Event not found`;
const FORBIDDEN = msg`Only the event creator can duplicate this event`;
const COVER_VARIANTS = ['small', 'medium', 'large'] as const;

/**
 * "Duplicate event": a draft copy with new dates of an event the actor manages, with its ticket
 * types, discount codes (unused), vendor fee settings, cover image and, through the registered
 * copiers, every other module's per-event settings. Nothing of its usage comes along: no
 * orders, tickets, counters, vendor requests or series. One transaction: all of it or nothing.
 */
export async function duplicateEvent(
  deps: EventDeps,
  params: { id: string; actor: AuthUser; input: DuplicateEventInput },
): Promise<EventWithOrganizer> {
  const source = await getEventById(deps.db, { id: params.id });
  if (!source) throw new AppError('NOT_FOUND', NOT_FOUND);
  // A team member whose role sets events up duplicates for the owner (decision 065).
  const allowed =
    canManageEvent(params.actor, source) ||
    (await actAsTeamMember(deps.db, {
      actor: params.actor,
      ownerId: source.userId,
      eventId: source.id,
      permission: 'event.edit',
      action: 'event.duplicate',
    }));
  if (!allowed && !canViewEvent(params.actor, source)) throw new AppError('NOT_FOUND', NOT_FOUND);
  if (!allowed) throw new AppError('FORBIDDEN', FORBIDDEN);
  // A copy is a new event: a capacity kept from a bigger plan is not copied past the plan.
  if (source.capacity !== null)
    await requireAttendeeCapacity(deps.db, { userId: source.userId, count: source.capacity });

  const startsAt = new Date(params.input.startsAt);
  const endsAt = shiftedEnd(
    source,
    startsAt,
    params.input.endsAt ? new Date(params.input.endsAt) : null,
  );
  const now = deps.clock.now();
  // The copy gets its own image files: deleting or replacing either event's cover removes its
  // files, which must not take the other's away.
  const coverImage = source.coverImage ? await copyCover(deps.files, source.coverImage) : null;
  try {
    const id = await deps.db.transaction(async (tx) => {
      const {
        id: fromEventId,
        organizer: _organizer,
        createdAt: _c,
        updatedAt: _u,
        publishedAt: _p,
        ...copy
      } = source;
      const toEventId = await insertEvent(tx, {
        ...copy,
        ...localDateTime(startsAt, source.timezone),
        startsAt,
        endsAt,
        coverImage,
        eventStatus: 'draft',
        accessToken: source.visibility === 'private' ? randomBytes(18).toString('base64url') : null,
        totalTicketsSold: 0,
        freeTicketsSold: 0,
        paidTicketsSold: 0,
        signupCount: 0,
        earnings: 0,
        paymentStatus: null,
        seriesId: null,
        createdAt: now,
        updatedAt: now,
      });
      const ticketTypeIds = new Map<string, string>();
      await runEventCopiers(tx, {
        fromEventId,
        toEventId,
        ticketTypeIds,
        idMaps: new Map(),
        shiftMs: startsAt.getTime() - source.startsAt.getTime(),
        now,
        actorId: params.actor.id,
      });
      return toEventId;
    });
    const created = await getEventById(deps.db, { id });
    if (!created) throw new AppError('NOT_FOUND', NOT_FOUND);
    return created;
  } catch (error) {
    if (coverImage) await removeCover(deps.files, coverImage);
    throw error;
  }
}

const variantKey = (base: string, variant: string) =>
  `${base.replace(/^\/media\//, '')}-${variant}.webp`;

async function copyCover(files: FileStore, base: string): Promise<string | null> {
  const variants: Record<string, Buffer> = {};
  for (const variant of COVER_VARIANTS) {
    const file = await files.open(variantKey(base, variant));
    // A cover whose files are gone (an old demo, a store moved) leaves the copy without one.
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
    variants[variant] = Buffer.concat(chunks);
  }
  return files.putVariants('events', 'webp', variants);
}

async function removeCover(files: FileStore, base: string) {
  await Promise.all(COVER_VARIANTS.map((v) => files.remove(`${base}-${v}.webp`)));
}
