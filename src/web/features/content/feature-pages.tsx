import {
  BadgePercent,
  Bell,
  CalendarPlus,
  Car,
  CreditCard,
  Lock,
  MapPin,
  QrCode,
  Receipt,
  RefreshCcw,
  ShieldCheck,
  Ticket,
  Users,
  Video,
} from 'lucide-react';
import { FeaturePage, type FeatureContent } from '../landing';

const RELATED = [
  { label: 'Create Events', to: '/features/create-events' },
  { label: 'Ticket Sales', to: '/features/ticket-sales' },
  { label: 'Payment Processing', to: '/features/payment-processing' },
  { label: 'Event Ryder', to: '/features/event-ryder' },
  { label: 'Event Streaming', to: '/features/event-streaming' },
];
const related = (self: string) => RELATED.filter((r) => r.to !== self);

export const FEATURES = {
  'create-events': {
    eyebrow: 'For organizers',
    title: 'Create and publish events in minutes',
    lead: 'A draft you can polish in private, a cover image, ticket types and a publish button. Weekly or monthly series in one go.',
    primary: { label: 'Create an event', to: '/create-event' },
    secondary: { label: 'Browse events', to: '/events' },
    steps: [
      {
        title: 'Draft it',
        text: 'Title, category, date and time in your time zone, venue or online link, description and cover image.',
      },
      {
        title: 'Add tickets',
        text: 'Free or paid ticket types with quantities, sale windows and hidden types behind an unlock code.',
      },
      {
        title: 'Publish',
        text: 'Public events appear in search and categories; private ones are reachable through their secret link.',
      },
    ],
    benefits: [
      {
        icon: CalendarPlus,
        title: 'Series',
        text: 'Repeat an event weekly or monthly at the same local time, even across daylight-saving changes.',
      },
      {
        icon: Lock,
        title: 'Private events',
        text: 'Share a secret link with the people you invite; the event stays out of search.',
      },
      {
        icon: Bell,
        title: 'Announcements',
        text: 'Email every ticket holder from the event dashboard when plans change.',
      },
    ],
    closing: {
      title: 'Your next event starts here',
      text: 'Sign up as an organizer and create your first draft.',
      action: { label: 'Create an event', to: '/create-event' },
    },
    related: related('/features/create-events'),
  },
  'ticket-sales': {
    eyebrow: 'For organizers',
    title: 'Sell tickets without the queue',
    lead: 'Checkout holds tickets for ten minutes so nobody oversells, tickets arrive as QR codes, and you check people in with a phone.',
    primary: { label: 'Start selling', to: '/create-event' },
    secondary: { label: 'How payments work', to: '/features/payment-processing' },
    steps: [
      {
        title: 'Set up ticket types',
        text: 'Early bird, standard, VIP: each with a price, quantity and sale window.',
      },
      {
        title: 'Share and sell',
        text: 'Buyers pay by card; tickets are issued the moment the payment is confirmed.',
      },
      { title: 'Check in', text: 'Scan QR codes at the door; a ticket can only be used once.' },
    ],
    benefits: [
      {
        icon: Ticket,
        title: 'No overselling',
        text: 'Every sale takes its tickets in one guarded step, even under a rush.',
      },
      {
        icon: BadgePercent,
        title: 'Discount codes',
        text: 'Percentage or fixed-amount codes, limited or unlimited, that you can turn off any time.',
      },
      {
        icon: QrCode,
        title: 'QR check-in',
        text: 'Any phone is a scanner; the attendee list updates live.',
      },
    ],
    closing: {
      title: 'Fill your room',
      text: 'Create an event and put tickets on sale today.',
      action: { label: 'Start selling', to: '/create-event' },
    },
    related: related('/features/ticket-sales'),
  },
  'payment-processing': {
    eyebrow: 'Payments',
    title: 'Payments you can trust',
    lead: 'Card payments through Stripe, every payment confirmed by a signed webhook, and refunds that return money to the card.',
    primary: { label: 'Sell tickets', to: '/create-event' },
    secondary: { label: 'Read about refunds', to: '/help?article=refunds' },
    steps: [
      {
        title: 'Buyer checks out',
        text: 'The tickets are held while the buyer pays on the provider’s secure page.',
      },
      {
        title: 'Payment confirmed',
        text: 'The provider’s signed confirmation issues the tickets exactly once.',
      },
      {
        title: 'Receipts and refunds',
        text: 'Buyers get a receipt; organizers refund an order from the sales page.',
      },
    ],
    benefits: [
      {
        icon: CreditCard,
        title: 'Cards and 3-D Secure',
        text: 'Extra bank checks are handled on the checkout page.',
      },
      {
        icon: ShieldCheck,
        title: 'No card data here',
        text: 'Card numbers go straight to the provider; we never store them.',
      },
      {
        icon: RefreshCcw,
        title: 'Refunds',
        text: 'Cancelled events are refunded in full to every ticket holder.',
      },
    ],
    closing: {
      title: 'Get paid for your events',
      text: 'Sell your first ticket in minutes.',
      action: { label: 'Create an event', to: '/create-event' },
    },
    related: related('/features/payment-processing'),
  },
  'event-ryder': {
    eyebrow: 'Getting there',
    title: 'Share rides to events',
    lead: 'Event Ryder connects people driving to an event with people who need a seat: fewer cars, cheaper trips, new friends.',
    primary: { label: 'Find an event', to: '/events' },
    secondary: { label: 'Get help', to: '/help' },
    steps: [
      {
        title: 'Offer a ride',
        text: 'Drivers post where they leave from, when, and how many seats they have.',
      },
      {
        title: 'Book a seat',
        text: 'Riders going to the same event book a seat and pay their share.',
      },
      {
        title: 'Ride together',
        text: 'Meet at the pick-up point; both sides can rate the ride afterwards.',
      },
    ],
    benefits: [
      {
        icon: Car,
        title: 'Seats that add up',
        text: 'A seat count that never overbooks, even when two people book at once.',
      },
      {
        icon: MapPin,
        title: 'Live location',
        text: 'Drivers can share their position on the way to the pick-up point.',
      },
      {
        icon: Users,
        title: 'Trusted riders',
        text: 'Ratings after every ride keep the community friendly.',
      },
    ],
    closing: {
      title: 'Going to an event?',
      text: 'Open the event and look for rides.',
      action: { label: 'Browse events', to: '/events' },
    },
    related: related('/features/event-ryder'),
  },
  'event-streaming': {
    eyebrow: 'Online and hybrid',
    title: 'Stream your event live',
    lead: 'Reach the people who cannot be in the room: sell access to a live stream alongside your in-person tickets.',
    primary: { label: 'Create an event', to: '/create-event' },
    secondary: { label: 'Ticket sales', to: '/features/ticket-sales' },
    steps: [
      { title: 'Turn on streaming', text: 'Add streaming to your event from its dashboard.' },
      { title: 'Sell access', text: 'Viewers pay for access the same way they buy tickets.' },
      {
        title: 'Go live',
        text: 'Ticket holders are notified when the stream starts and watch in their browser.',
      },
    ],
    benefits: [
      {
        icon: Video,
        title: 'In the browser',
        text: 'Viewers need no app: the stream plays on the event’s watch page.',
      },
      {
        icon: Receipt,
        title: 'Paid or free',
        text: 'Charge for access or open it to everyone who registered.',
      },
      {
        icon: Bell,
        title: 'Notifications',
        text: 'Viewers get a live, push or email notification when you go live.',
      },
    ],
    closing: {
      title: 'Grow beyond the venue',
      text: 'Create your event and add a stream.',
      action: { label: 'Create an event', to: '/create-event' },
    },
    related: related('/features/event-streaming'),
  },
} satisfies Record<string, FeatureContent>;

export function ContentFeaturePage({ feature }: { feature: keyof typeof FEATURES }) {
  const content = FEATURES[feature];
  return (
    <>
      <title>{content.title}</title>
      <FeaturePage content={content} />
    </>
  );
}
