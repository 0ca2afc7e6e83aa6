import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  emailCampaignEvents,
  emailCampaigns,
  emailCampaignSends,
  emailLists,
  emailSubscribers,
  funnels,
  funnelStepStats,
} from '../../db/schema/marketing';
import { users } from '../../db/schema/users';
import { events } from '../../db/schema/events';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { sanitizeCampaignHtml, textFromHtml } from './campaign-mail';
import { funnelTemplate } from './funnel-templates';

const DEMO_PEOPLE = [
  'Amara Okafor',
  'Ben Carter',
  'Chloé Martin',
  'Diego Alvarez',
  'Emma Schmidt',
  'Farah Haddad',
  'George Kim',
  'Hana Suzuki',
  'Ivan Petrov',
  'Julia Rossi',
  'Kofi Mensah',
  'Lena Novak',
];

/** A list with subscribers, a sent campaign with its report, a published funnel (idempotent). */
export async function seedMarketing(tx: DbExecutor, params: { now: Date; joinedAt: Date }) {
  const email = getDemoAccount('organizer').email;
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (!owner) return;
  const [existing] = await tx
    .select({ id: emailLists.id })
    .from(emailLists)
    .where(and(eq(emailLists.ownerId, owner.id), eq(emailLists.name, 'Friends of the venue')));
  if (existing) return;
  const [list] = await tx
    .insert(emailLists)
    .values({
      ownerId: owner.id,
      name: 'Friends of the venue',
      description: 'News about our upcoming nights, first access to tickets.',
      visibility: 'public',
      optIn: 'double',
      welcomeSubject: 'Welcome to the Friends of the venue',
      welcomeText: 'Thanks for joining: you will hear about new events before anyone else.',
      createdAt: params.joinedAt,
    })
    .returning();
  if (!list) return;
  const people = DEMO_PEOPLE.map((name, i) => ({
    listId: list.id,
    email: `${name
      .split(' ')[0]
      ?.toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z]/g, '')}.fan${i}@example.com`,
    name,
    status: i === 11 ? ('unsubscribed' as const) : ('subscribed' as const),
    // The first six were imported; the rest joined through the funnel's opt-in below.
    source: i < 6 ? ('import' as const) : ('funnel' as const),
    attributes: { city: i % 2 ? 'Lisbon' : 'Porto' },
    createdAt: params.joinedAt,
    updatedAt: params.joinedAt,
  }));
  await tx.insert(emailSubscribers).values(people);

  const html = sanitizeCampaignHtml(
    '<h2>Our spring line-up is out</h2><p>Hi {{first_name}}, three new nights are on sale. <a href="https://mea.events/events">See the events</a></p>',
  );
  const sentAt = new Date(params.now.getTime() - 3 * 24 * 3600 * 1000);
  const [campaign] = await tx
    .insert(emailCampaigns)
    .values({
      ownerId: owner.id,
      subject: 'Spring line-up: three new nights',
      preheader: 'Tickets are on sale now',
      fromName: 'The venue team',
      bodyHtml: html,
      bodyText: textFromHtml(html),
      listIds: [list.id],
      trackOpens: true,
      status: 'sent',
      startedAt: sentAt,
      finishedAt: sentAt,
      createdAt: sentAt,
      updatedAt: sentAt,
    })
    .returning();
  if (!campaign) return;
  const recipients = people.slice(0, 11);
  const rows = await tx
    .select({ id: emailSubscribers.id, email: emailSubscribers.email })
    .from(emailSubscribers)
    .where(eq(emailSubscribers.listId, list.id));
  await tx.insert(emailCampaignSends).values(
    rows
      .filter((r) => recipients.some((p) => p.email === r.email))
      .map((r) => ({
        campaignId: campaign.id,
        email: r.email,
        subscriberId: r.id,
        queuedAt: sentAt,
      })),
  );
  const at = (hours: number) => new Date(sentAt.getTime() + hours * 3600 * 1000);
  await tx.insert(emailCampaignEvents).values([
    ...recipients.slice(0, 7).map((p, i) => ({
      campaignId: campaign.id,
      email: p.email,
      kind: 'open' as const,
      createdAt: at(i % 3),
    })),
    ...recipients.slice(0, 3).map((p, i) => ({
      campaignId: campaign.id,
      email: p.email,
      kind: 'click' as const,
      url: 'https://mea.events/events',
      createdAt: at(i),
    })),
    {
      campaignId: campaign.id,
      email: people[11]?.email ?? '',
      kind: 'unsubscribe' as const,
      createdAt: at(5),
    },
  ]);

  const [event] = await tx
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(
      and(
        eq(events.userId, owner.id),
        eq(events.eventStatus, 'published'),
        eq(events.visibility, 'public'),
      ),
    )
    .limit(1);
  const doc = funnelTemplate('event_launch', {
    eventId: event?.id ?? '',
    eventTitle: event?.title ?? 'Our next night',
    ownerName: 'The venue team',
  });
  const [funnel] = await tx
    .insert(funnels)
    .values({
      ownerId: owner.id,
      name: 'Spring launch',
      slug: 'spring-launch',
      listId: list.id,
      draft: doc,
      published: doc,
      publishedAt: params.joinedAt,
      createdAt: params.joinedAt,
      updatedAt: params.joinedAt,
    })
    .onConflictDoNothing()
    .returning();
  // Opt-ins are the step's conversions: one per person who joined through it (the tickets step
  // converts through orders, which its report reads from the orders themselves).
  const optIns = people.filter((p) => p.source === 'funnel').length;
  if (funnel)
    await tx.insert(funnelStepStats).values([
      { funnelId: funnel.id, step: 0, views: 120, conversions: optIns },
      { funnelId: funnel.id, step: 1, views: 41, conversions: 0 },
    ]);
}
