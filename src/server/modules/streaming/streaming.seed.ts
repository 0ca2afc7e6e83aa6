import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { streams } from '../../db/schema/streaming';
import { users } from '../../db/schema/users';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { createEvent, createTicketType } from '../../test/factories';

const HOUR = 3600_000;

/**
 * Demo streams for the demo organizer: a scheduled one on their next event (ticket holders,
 * streaming activated) and an ended one with recording on, whose replay is made at start by
 * `seedDemoReplays` when ffmpeg is present (the seed transaction has no file store). No stream
 * is seeded live: live means a transcoder is running.
 */
export async function seedStreaming(tx: DbExecutor, params: { now: Date; joinedAt: Date }) {
  const [organizer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, getDemoAccount('organizer').email));
  if (!organizer) return;
  const [existing] = await tx
    .select({ id: streams.id })
    .from(streams)
    .where(eq(streams.ownerId, organizer.id))
    .limit(1);
  if (existing) return;
  const ownedEvents = () =>
    tx
      .select({ id: events.id, startsAt: events.startsAt, title: events.title })
      .from(events)
      .where(and(eq(events.userId, organizer.id), eq(events.eventStatus, 'published')))
      .orderBy(asc(events.startsAt));
  let owned = await ownedEvents();
  if (owned.length < 2) {
    // The catalogue's events belong to its hosts: the demo organizer gets two online events of
    // their own, so signing in as them shows the set-up page and /mea-stream with content.
    for (const [title, days] of [
      ['MEA Live Sessions: Studio Night', -3],
      ['MEA Live Sessions: Rooftop Set', 4],
    ] as const) {
      const event = await createEvent(tx, {
        userId: organizer.id,
        title,
        description: 'An evening of live music, streamed from the studio for everyone at home.',
        category: 'Music',
        startsAt: new Date(params.now.getTime() + days * 24 * HOUR),
        isOnline: true,
        venueName: null,
        city: null,
        eventStatus: 'published',
        metadata: { demo: true },
        createdAt: params.joinedAt,
      });
      // Free admission, like the catalogue's free events: a ticket is what lets people watch.
      await createTicketType(tx, { eventId: event.id, name: 'Free admission', priceCents: 0 });
    }
    owned = await ownedEvents();
  }
  const upcoming = owned.filter((e) => e.startsAt > params.now);
  const past = owned.filter((e) => e.startsAt <= params.now);
  const scheduled = upcoming[0];
  const ended = past[past.length - 1] ?? upcoming[1];
  const key = () => `live_${randomBytes(24).toString('base64url')}`;
  if (scheduled)
    await tx.insert(streams).values({
      eventId: scheduled.id,
      ownerId: organizer.id,
      title: `${scheduled.title} — live stream`,
      scheduledStart: scheduled.startsAt,
      access: 'ticket_holders',
      chatEnabled: true,
      recordingEnabled: false,
      streamKey: key(),
      activatedAt: params.joinedAt,
      createdAt: params.joinedAt,
      updatedAt: params.joinedAt,
    });
  if (ended) {
    const startedAt = new Date(Math.min(ended.startsAt.getTime(), params.now.getTime() - 2 * HOUR));
    await tx.insert(streams).values({
      eventId: ended.id,
      ownerId: organizer.id,
      title: `${ended.title} — full show`,
      scheduledStart: startedAt,
      access: 'public',
      chatEnabled: true,
      recordingEnabled: true,
      status: 'ended',
      startedAt,
      endedAt: new Date(startedAt.getTime() + 1.5 * HOUR),
      streamKey: key(),
      activatedAt: params.joinedAt,
      peakViewers: 42,
      createdAt: params.joinedAt,
      updatedAt: params.joinedAt,
    });
  }
}

/** Demo streams that should have a replay and do not yet (see seedStreaming). */
export async function demoStreamsWithoutReplay(db: DbExecutor) {
  return db
    .select({ id: streams.id })
    .from(streams)
    .innerJoin(events, eq(events.id, streams.eventId))
    .innerJoin(users, eq(users.id, streams.ownerId))
    .where(
      and(
        eq(streams.status, 'ended'),
        eq(streams.recordingEnabled, true),
        sql`${streams.recordingKey} is null`,
        eq(users.email, getDemoAccount('organizer').email),
      ),
    );
}
