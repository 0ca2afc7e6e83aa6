import type { FUNNEL_TEMPLATES, FunnelDocument } from '../../../contracts/marketing';

type Template = (typeof FUNNEL_TEMPLATES)[number];
interface Fill {
  eventId: string;
  eventTitle: string;
  ownerName: string;
}

const block = (type: string, props: Record<string, unknown>, index: number) => ({
  type,
  props: { id: `${type}-${index}`, ...props },
});

const page = (blocks: [string, Record<string, unknown>][]) => ({
  root: { props: {} },
  content: blocks.map(([type, props], index) => block(type, props, index)),
});

/** The three starting points: every block is one the builder and /f/ page know. */
export function funnelTemplate(template: Template, fill: Fill): FunnelDocument {
  const base = { seoTitle: fill.eventTitle, seoDescription: '', socialImage: '' };
  switch (template) {
    case 'early_bird':
      return {
        ...base,
        steps: [
          {
            title: 'Early-bird offer',
            page: page([
              [
                'Hero',
                {
                  title: `Early-bird tickets: ${fill.eventTitle}`,
                  subtitle: 'The best price, for a short time only.',
                },
              ],
              ['Countdown', { eventId: fill.eventId, label: 'Doors open in' }],
              ['EventCard', { eventId: fill.eventId }],
              [
                'Faq',
                {
                  items: [
                    {
                      question: 'Until when is the early-bird price valid?',
                      answer: 'While early-bird tickets last.',
                    },
                  ],
                },
              ],
            ]),
          },
        ],
      };
    case 'vendor_showcase':
      return {
        ...base,
        steps: [
          {
            title: 'Showcase',
            page: page([
              ['Hero', { title: fill.ownerName, subtitle: 'What we bring to your event.' }],
              [
                'ProfileCard',
                { name: fill.ownerName, bio: 'Tell visitors who you are and what you offer.' },
              ],
              [
                'Testimonials',
                { items: [{ quote: 'They made our night.', author: 'A happy client' }] },
              ],
              ['OptIn', { title: 'Get our news and offers', buttonLabel: 'Keep me posted' }],
            ]),
          },
        ],
      };
    default:
      return {
        ...base,
        steps: [
          {
            title: 'Announcement',
            page: page([
              [
                'Hero',
                {
                  title: fill.eventTitle,
                  subtitle: 'Be the first to know when tickets go on sale.',
                },
              ],
              ['RichText', { html: '<p>Tell people why they cannot miss it.</p>' }],
              ['OptIn', { title: 'Join the list', buttonLabel: 'Notify me' }],
              ['NextStep', { label: 'See tickets' }],
            ]),
          },
          {
            title: 'Tickets',
            page: page([
              ['EventCard', { eventId: fill.eventId }],
              ['Countdown', { eventId: fill.eventId, label: 'Starts in' }],
            ]),
          },
        ],
      };
  }
}
