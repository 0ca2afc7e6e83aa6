import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
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
  { label: msg`Create Events`, to: '/features/create-events' },
  { label: msg`Ticket Sales`, to: '/features/ticket-sales' },
  { label: msg`Payment Processing`, to: '/features/payment-processing' },
  { label: msg`Event Ryder`, to: '/features/event-ryder' },
  { label: msg`Event Streaming`, to: '/features/event-streaming' },
];
const related = (self: string) => RELATED.filter((r) => r.to !== self);

export const FEATURES = {
  'create-events': {
    eyebrow: msg`For organizers`,
    title: msg`Create and publish events in minutes`,
    lead: msg`A draft you can polish in private, a cover image, ticket types and a publish button. Weekly or monthly series in one go.`,
    primary: { label: msg`Create an event`, to: '/create-event' },
    secondary: { label: msg`Browse events`, to: '/events' },
    steps: [
      {
        title: msg`Draft it`,
        text: msg`Title, category, date and time in your time zone, venue or online link, description and cover image.`,
      },
      {
        title: msg`Add tickets`,
        text: msg`Free or paid ticket types with quantities, sale windows and hidden types behind an unlock code.`,
      },
      {
        title: msg`Publish`,
        text: msg`Public events appear in search and categories; private ones are reachable through their secret link.`,
      },
    ],
    benefits: [
      {
        icon: CalendarPlus,
        title: msg`Series`,
        text: msg`Repeat an event weekly or monthly at the same local time, even across daylight-saving changes.`,
      },
      {
        icon: Lock,
        title: msg`Private events`,
        text: msg`Share a secret link with the people you invite; the event stays out of search.`,
      },
      {
        icon: Bell,
        title: msg`Announcements`,
        text: msg`Email every ticket holder from the event dashboard when plans change.`,
      },
    ],
    closing: {
      title: msg`Your next event starts here`,
      text: msg`Sign up as an organizer and create your first draft.`,
      action: { label: msg`Create an event`, to: '/create-event' },
    },
    related: related('/features/create-events'),
  },
  'ticket-sales': {
    eyebrow: msg`For organizers`,
    title: msg`Sell tickets without the queue`,
    lead: msg`Checkout holds tickets for ten minutes so nobody oversells, tickets arrive as QR codes, and you check people in with a phone.`,
    primary: { label: msg`Start selling`, to: '/create-event' },
    secondary: { label: msg`How payments work`, to: '/features/payment-processing' },
    steps: [
      {
        title: msg`Set up ticket types`,
        text: msg`Early bird, standard, VIP: each with a price, quantity and sale window.`,
      },
      {
        title: msg`Share and sell`,
        text: msg`Buyers pay by card; tickets are issued the moment the payment is confirmed.`,
      },
      {
        title: msg`Check in`,
        text: msg`Scan QR codes at the door; a ticket can only be used once.`,
      },
    ],
    benefits: [
      {
        icon: Ticket,
        title: msg`No overselling`,
        text: msg`Every sale takes its tickets in one guarded step, even under a rush.`,
      },
      {
        icon: BadgePercent,
        title: msg`Discount codes`,
        text: msg`Percentage or fixed-amount codes, limited or unlimited, that you can turn off any time.`,
      },
      {
        icon: QrCode,
        title: msg`QR check-in`,
        text: msg`Any phone is a scanner; the attendee list updates live.`,
      },
    ],
    closing: {
      title: msg`Fill your room`,
      text: msg`Create an event and put tickets on sale today.`,
      action: { label: msg`Start selling`, to: '/create-event' },
    },
    related: related('/features/ticket-sales'),
  },
  'payment-processing': {
    eyebrow: msg`Payments`,
    title: msg`Payments you can trust`,
    lead: msg`Card payments through Stripe, every payment confirmed by a signed webhook, and refunds that return money to the card.`,
    primary: { label: msg`Sell tickets`, to: '/create-event' },
    secondary: { label: msg`Read about refunds`, to: '/help?article=refunds' },
    steps: [
      {
        title: msg`Buyer checks out`,
        text: msg`The tickets are held while the buyer pays on the provider’s secure page.`,
      },
      {
        title: msg`Payment confirmed`,
        text: msg`The provider’s signed confirmation issues the tickets exactly once.`,
      },
      {
        title: msg`Receipts and refunds`,
        text: msg`Buyers get a receipt; organizers refund an order from the sales page.`,
      },
    ],
    benefits: [
      {
        icon: CreditCard,
        title: msg`Cards and 3-D Secure`,
        text: msg`Extra bank checks are handled on the checkout page.`,
      },
      {
        icon: ShieldCheck,
        title: msg`No card data here`,
        text: msg`Card numbers go straight to the provider; we never store them.`,
      },
      {
        icon: RefreshCcw,
        title: msg`Refunds`,
        text: msg`Cancelled events are refunded in full to every ticket holder.`,
      },
    ],
    closing: {
      title: msg`Get paid for your events`,
      text: msg`Sell your first ticket in minutes.`,
      action: { label: msg`Create an event`, to: '/create-event' },
    },
    related: related('/features/payment-processing'),
  },
  'event-ryder': {
    eyebrow: msg`Getting there`,
    title: msg`Share rides to events`,
    lead: msg`Event Ryder connects people driving to an event with people who need a seat: fewer cars, cheaper trips, new friends.`,
    primary: { label: msg`Find an event`, to: '/events' },
    secondary: { label: msg`Get help`, to: '/help' },
    steps: [
      {
        title: msg`Offer a ride`,
        text: msg`Drivers post where they leave from, when, and how many seats they have.`,
      },
      {
        title: msg`Book a seat`,
        text: msg`Riders going to the same event book a seat and pay their share.`,
      },
      {
        title: msg`Ride together`,
        text: msg`Meet at the pick-up point; both sides can rate the ride afterwards.`,
      },
    ],
    benefits: [
      {
        icon: Car,
        title: msg`Seats that add up`,
        text: msg`A seat count that never overbooks, even when two people book at once.`,
      },
      {
        icon: MapPin,
        title: msg`Live location`,
        text: msg`Drivers can share their position on the way to the pick-up point.`,
      },
      {
        icon: Users,
        title: msg`Trusted riders`,
        text: msg`Ratings after every ride keep the community friendly.`,
      },
    ],
    closing: {
      title: msg`Going to an event?`,
      text: msg`Open the event and look for rides.`,
      action: { label: msg`Browse events`, to: '/events' },
    },
    related: related('/features/event-ryder'),
  },
  'event-streaming': {
    eyebrow: msg`Online and hybrid`,
    title: msg`Stream your event live`,
    lead: msg`Reach the people who cannot be in the room: sell access to a live stream alongside your in-person tickets.`,
    primary: { label: msg`Create an event`, to: '/create-event' },
    secondary: { label: msg`Ticket sales`, to: '/features/ticket-sales' },
    steps: [
      { title: msg`Turn on streaming`, text: msg`Add streaming to your event from its dashboard.` },
      { title: msg`Sell access`, text: msg`Viewers pay for access the same way they buy tickets.` },
      {
        title: msg`Go live`,
        text: msg`Ticket holders are notified when the stream starts and watch in their browser.`,
      },
    ],
    benefits: [
      {
        icon: Video,
        title: msg`In the browser`,
        text: msg`Viewers need no app: the stream plays on the event’s watch page.`,
      },
      {
        icon: Receipt,
        title: msg`Paid or free`,
        text: msg`Charge for access or open it to everyone who registered.`,
      },
      {
        icon: Bell,
        title: msg`Notifications`,
        text: msg`Viewers get a live, push or email notification when you go live.`,
      },
    ],
    closing: {
      title: msg`Grow beyond the venue`,
      text: msg`Create your event and add a stream.`,
      action: { label: msg`Create an event`, to: '/create-event' },
    },
    related: related('/features/event-streaming'),
  },
} satisfies Record<string, FeatureContent>;

export function ContentFeaturePage({ feature }: { feature: keyof typeof FEATURES }) {
  const content = FEATURES[feature];
  const { i18n } = useLingui();
  return (
    <>
      <title>{i18n._(content.title)}</title>
      <FeaturePage content={content} />
    </>
  );
}
