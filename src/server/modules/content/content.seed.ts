import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { blogPosts } from '../../db/schema/content';
import { users } from '../../db/schema/users';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { seedHelpArticles, seedHelpTranslations } from './help.service';
import { HELP_ARTICLES } from './help-content';
import { HELP_TRANSLATIONS } from './help-translations';
import { htmlToText, sanitizeHtml } from './sanitize';

const DAY = 86_400_000;

const POSTS = [
  {
    slug: 'sell-out-your-first-event',
    title: 'How to sell out your first event',
    excerpt:
      'Early-bird tickets, a clear page and three reminders: what works for first-time organizers.',
    tags: ['organizers', 'ticket sales'],
    daysAgo: 2,
    bodyHtml: `<p>Your first event is mostly about trust: people who have never heard of you need a reason to buy now rather than later. These are the steps we see working again and again.</p>
<h2>1. Make the event page answer every question</h2>
<p>Date, time with time zone, the exact venue, what is included, and who it is for. A cover image that shows the atmosphere sells better than a logo.</p>
<h2>2. Start with an early-bird ticket type</h2>
<p>Create an <strong>Early bird</strong> ticket type with a limited quantity and a sales window that closes two weeks before the event. Scarcity is honest when the quantity is real.</p>
<h2>3. Give your partners a discount code</h2>
<p>A code per partner (a venue, a local radio, a community group) shows you which channel sells. You can turn a code off at any time.</p>
<h2>4. Send three announcements</h2>
<p>One when sales open, one a week before, one the day before with practical details. Ticket holders get them by email straight from your event dashboard.</p>`,
  },
  {
    slug: 'choosing-vendors-checklist',
    title: 'A checklist for choosing vendors',
    excerpt:
      'Ratings, portfolio, availability and a written agreement: how to book vendors without surprises.',
    tags: ['vendors', 'organizers'],
    daysAgo: 6,
    bodyHtml: `<p>A great DJ or caterer can make an event; a no-show can break it. Here is the checklist our organizers use before they book.</p>
<ul><li><strong>Read the ratings.</strong> They come only from organizers who booked the vendor for a real event.</li>
<li><strong>Look at the gallery.</strong> Recent photos of similar events tell you more than a description.</li>
<li><strong>Ask the practical questions in the chat.</strong> Arrival time, power and space needs, what happens if it rains.</li>
<li><strong>Agree the fee in writing.</strong> Hire requests keep the conversation and the agreement together.</li></ul>
<p>Short on time? Ask vendors to apply instead: set the categories you need and the number of spots on your event, and approve the applications you like.</p>`,
  },
  {
    slug: 'qr-check-in-guide',
    title: 'Fast entry with QR check-in',
    excerpt:
      'Queues are the first impression of an event. Set up phone-based check-in in five minutes.',
    tags: ['organizers', 'check-in'],
    daysAgo: 12,
    bodyHtml: `<p>Every ticket carries a QR code. At the door, open the <strong>Check-in</strong> page on any phone, allow the camera, and scan: the screen turns green for a valid ticket and warns you if a ticket was already used.</p>
<h2>Tips for a smooth door</h2>
<ul><li>Use two phones for events above 300 people; both see the same list live.</li>
<li>Keep the attendee list open on a tablet for people who forgot their phone.</li>
<li>Remind attendees the day before that the ticket PDF works offline.</li></ul>`,
  },
  {
    slug: 'welcome-to-the-blog',
    title: 'Welcome to our blog',
    excerpt: 'Guides for organizers, vendors and venues, product news and stories from events.',
    tags: ['news'],
    daysAgo: 20,
    bodyHtml: `<p>This is where we share practical guides for organizers, vendors and venues, news about the product, and stories from events run on it.</p>
<p>Have a story or a question you would like us to write about? Tell us through the <a href="/contact">contact page</a>.</p>`,
  },
];

/** Demo help center (a few articles in Spanish and Arabic too), FAQ and blog posts (idempotent: by slug). */
export async function seedContent(tx: DbExecutor, params: { now: Date; joinedAt: Date }) {
  await seedHelpArticles(tx, { now: params.now, articles: HELP_ARTICLES });
  await seedHelpTranslations(tx, { now: params.now, translations: HELP_TRANSLATIONS });
  const [author] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, getDemoAccount('admin').email));
  if (!author) return;
  for (const post of POSTS) {
    const bodyHtml = sanitizeHtml(post.bodyHtml);
    const publishedAt = new Date(params.now.getTime() - post.daysAgo * DAY);
    await tx
      .insert(blogPosts)
      .values({
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        tags: post.tags,
        bodyHtml,
        bodyText: htmlToText(bodyHtml),
        authorId: author.id,
        status: 'published',
        publishedAt,
        createdAt: publishedAt,
        updatedAt: publishedAt,
      })
      .onConflictDoNothing({ target: blogPosts.slug });
  }
}
