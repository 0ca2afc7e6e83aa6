import {
  BadgeCheck,
  BadgeDollarSign,
  Bell,
  CalendarCheck,
  ClipboardList,
  CreditCard,
  Filter,
  Image,
  Inbox,
  Link2,
  ListChecks,
  Lock,
  MessageSquare,
  MapPin,
  Receipt,
  Search,
  Send,
  ShieldCheck,
  Star,
  Users,
} from 'lucide-react';
import { FeaturePage, type FeatureContent } from '../landing';
import { vendorPaths } from './vendor-paths';

const RELATED = [
  { label: 'Vendor Search', to: vendorPaths.features.search() },
  { label: 'Vendor Applications', to: vendorPaths.features.applications() },
  { label: 'Vendor Hire', to: vendorPaths.features.hire() },
  { label: 'Vendor Payment', to: vendorPaths.features.payment() },
  { label: 'Vendor Tracker', to: vendorPaths.features.tracker() },
] as const;

const related = (self: string) => RELATED.filter((link) => link.to !== self);

export type VendorFeature = 'search' | 'applications' | 'hire' | 'payment' | 'tracker';

const CONTENT: Record<VendorFeature, FeatureContent> = {
  search: {
    eyebrow: 'For organizers',
    title: 'Find the right vendors for your event',
    lead: 'Search DJs, caterers, hosts, photographers, rentals and more by service and area, compare their services and price ranges, and see the events they have worked.',
    primary: { label: 'Browse vendors', to: vendorPaths.directory() },
    secondary: { label: 'Hire a vendor', to: vendorPaths.hiring() },
    steps: [
      {
        title: 'Search by service and area',
        text: 'Filter the directory by one of more than thirty service types and by the area a vendor serves.',
      },
      {
        title: 'Compare profiles',
        text: 'Each profile shows services with price ranges, a photo gallery, links, availability and ratings from organizers.',
      },
      {
        title: 'Contact or hire',
        text: 'Message a vendor directly or send a hire request for one of your events.',
      },
    ],
    benefits: [
      {
        icon: Filter,
        title: 'Filters that matter',
        text: 'Service type, service area and sorting by name or newest.',
      },
      {
        icon: Image,
        title: 'Real work to look at',
        text: 'Photo galleries and links to websites and social pages.',
      },
      {
        icon: Star,
        title: 'Ratings from organizers',
        text: 'Scores left by organizers after events the vendor worked.',
      },
      {
        icon: MapPin,
        title: 'Local vendors',
        text: 'See where each vendor works and when they are available.',
      },
    ],
    closing: {
      title: 'Your next DJ is a search away',
      text: 'The vendor directory is open to everyone; no account needed to look.',
      action: { label: 'Search vendors', to: vendorPaths.directory() },
    },
    related: related(vendorPaths.features.search()),
  },
  applications: {
    eyebrow: 'For vendors and organizers',
    title: 'Apply to events and get approved',
    lead: 'Vendors apply to events that ask for them with a message, the services they offer and their links. Organizers review every application on one screen and accept or reject it.',
    primary: { label: 'Create your vendor profile', to: vendorPaths.profile() },
    secondary: { label: 'Find events', to: '/events' },
    steps: [
      {
        title: 'Build your profile',
        text: 'Add your business name, category, services with prices, photos and links.',
      },
      {
        title: 'Apply to an event',
        text: 'Open an event that asks for vendors and choose "Apply as vendor". The organizer hears about it right away.',
      },
      {
        title: 'Get a decision',
        text: 'The organizer accepts or rejects your application. Track every status under Vendor Applications.',
      },
    ],
    benefits: [
      {
        icon: Send,
        title: 'One-step applications',
        text: 'A message, your services and your links; the profile does the rest.',
      },
      {
        icon: Inbox,
        title: 'One screen for organizers',
        text: 'Pending and processed applications, updated live as vendors apply.',
      },
      {
        icon: Bell,
        title: 'Notified at every step',
        text: 'Applications, approvals and rejections arrive as notifications.',
      },
      {
        icon: ShieldCheck,
        title: 'Owner decides',
        text: 'Only the event creator can accept or reject an application.',
      },
    ],
    closing: {
      title: 'Ready to work your next event?',
      text: 'Sign up as a vendor, complete your profile and start applying.',
      action: { label: 'Get started', to: '/auth' },
    },
    related: related(vendorPaths.features.applications()),
  },
  hire: {
    eyebrow: 'For organizers',
    title: 'Hire vendors for your events',
    lead: 'Invite the vendors you like to your event with a hire request. They accept or decline, and a booking chat keeps the details in one place.',
    primary: { label: 'Start hiring', to: vendorPaths.hiring() },
    secondary: { label: 'Browse vendors', to: vendorPaths.directory() },
    steps: [
      {
        title: 'Pick a vendor',
        text: 'Search the directory and open the vendor that fits your event.',
      },
      {
        title: 'Send a hire request',
        text: 'Choose one of your events and tell the vendor what you need.',
      },
      {
        title: 'Talk it through',
        text: 'A booking chat opens with the vendor; follow each booking until it is accepted.',
      },
    ],
    benefits: [
      {
        icon: Search,
        title: 'Search built in',
        text: 'Find vendors without leaving the hiring page.',
      },
      {
        icon: MessageSquare,
        title: 'A chat per booking',
        text: 'Every hire request has its own conversation.',
      },
      {
        icon: CalendarCheck,
        title: 'Bookings at a glance',
        text: 'See which requests are pending, accepted or declined.',
      },
      {
        icon: Users,
        title: 'Your whole crew',
        text: 'DJs, caterers, security, rentals: everyone for one event.',
      },
    ],
    closing: {
      title: 'Book your crew today',
      text: 'Hiring is part of every organizer account.',
      action: { label: 'Open vendor hiring', to: vendorPaths.hiring() },
    },
    related: related(vendorPaths.features.hire()),
  },
  payment: {
    eyebrow: 'For organizers and vendors',
    title: 'Vendor fees, paid securely',
    lead: 'Organizers can charge a vendor fee for a spot at their event. When an application is approved, the vendor gets a payment link; once paid, the spot and the event group chat are theirs.',
    primary: { label: 'See your applications', to: vendorPaths.applications() },
    secondary: { label: 'Create an event', to: '/create-event' },
    steps: [
      {
        title: 'Set a vendor fee',
        text: 'Organizers set the fee on their event, or leave it free for vendors.',
      },
      {
        title: 'Approve and request payment',
        text: 'Approving an application sends the vendor a checkout link for the fee.',
      },
      {
        title: 'Paid and in',
        text: 'When the payment completes, the vendor joins the event group chat and both sides are notified.',
      },
    ],
    benefits: [
      {
        icon: CreditCard,
        title: 'Card checkout',
        text: 'Vendors pay through the same secure checkout as tickets.',
      },
      {
        icon: Lock,
        title: 'Access after payment',
        text: 'The event chat opens only once the fee is paid.',
      },
      {
        icon: Receipt,
        title: 'Clear status',
        text: 'Pending, paid or not required: always shown on the application.',
      },
      {
        icon: BadgeDollarSign,
        title: 'No fee, no wait',
        text: 'Events without a fee let approved vendors in straight away.',
      },
    ],
    closing: {
      title: 'Get paid for your spot, or pay for it in a minute',
      text: 'Fees, payment links and chat access are handled for you.',
      action: { label: 'Open Vendor Applications', to: vendorPaths.applications() },
    },
    related: related(vendorPaths.features.payment()),
  },
  tracker: {
    eyebrow: 'For organizers',
    title: 'Track every vendor of every event',
    lead: 'See at a glance which vendors you invited, which applied, which you approved and which have paid, event by event.',
    primary: { label: 'Open the tracker', to: vendorPaths.hiring() },
    secondary: { label: 'Browse vendors', to: vendorPaths.directory() },
    steps: [
      {
        title: 'Invite and receive',
        text: 'Hire requests you send and applications vendors send land in one place.',
      },
      {
        title: 'Decide',
        text: 'Accept or reject applications from the event\u2019s Vendor Applications screen.',
      },
      {
        title: 'Follow through',
        text: 'Watch fees get paid and vendors join the event group chat.',
      },
    ],
    benefits: [
      {
        icon: ListChecks,
        title: 'Four clear stages',
        text: 'Invited, applied, approved and paid, counted per event.',
      },
      {
        icon: ClipboardList,
        title: 'Per-event view',
        text: 'Each of your events with its own vendor line-up.',
      },
      {
        icon: BadgeCheck,
        title: 'Always current',
        text: 'New applications appear without reloading.',
      },
      {
        icon: Link2,
        title: 'One click away',
        text: 'Jump from the tracker to an event\u2019s applications or a booking chat.',
      },
    ],
    closing: {
      title: 'Never lose track of a booking',
      text: 'The tracker is part of vendor hiring for organizers.',
      action: { label: 'Open vendor hiring', to: vendorPaths.hiring() },
    },
    related: related(vendorPaths.features.tracker()),
  },
};

/** /features/vendor-search, -applications, -hire, -payment and -tracker (spec §2). */
export function VendorFeaturePage({ feature }: { feature: VendorFeature }) {
  return <FeaturePage content={CONTENT[feature]} />;
}
