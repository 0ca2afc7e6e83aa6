import { msg } from '@lingui/core/macro';
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
  { label: msg`Vendor Search`, to: vendorPaths.features.search() },
  { label: msg`Vendor Applications`, to: vendorPaths.features.applications() },
  { label: msg`Vendor Hire`, to: vendorPaths.features.hire() },
  { label: msg`Vendor Payment`, to: vendorPaths.features.payment() },
  { label: msg`Vendor Tracker`, to: vendorPaths.features.tracker() },
] as const;

const related = (self: string) => RELATED.filter((link) => link.to !== self);

export type VendorFeature = 'search' | 'applications' | 'hire' | 'payment' | 'tracker';

const CONTENT: Record<VendorFeature, FeatureContent> = {
  search: {
    eyebrow: msg`For organizers`,
    title: msg`Find the right vendors for your event`,
    lead: msg`Search DJs, caterers, hosts, photographers, rentals and more by service and area, compare their services and price ranges, and see the events they have worked.`,
    primary: { label: msg`Browse vendors`, to: vendorPaths.directory() },
    secondary: { label: msg`Hire a vendor`, to: vendorPaths.hiring() },
    steps: [
      {
        title: msg`Search by service and area`,
        text: msg`Filter the directory by one of more than thirty service types and by the area a vendor serves.`,
      },
      {
        title: msg`Compare profiles`,
        text: msg`Each profile shows services with price ranges, a photo gallery, links, availability and ratings from organizers.`,
      },
      {
        title: msg`Contact or hire`,
        text: msg`Message a vendor directly or send a hire request for one of your events.`,
      },
    ],
    benefits: [
      {
        icon: Filter,
        title: msg`Filters that matter`,
        text: msg`Service type, service area and sorting by name or newest.`,
      },
      {
        icon: Image,
        title: msg`Real work to look at`,
        text: msg`Photo galleries and links to websites and social pages.`,
      },
      {
        icon: Star,
        title: msg`Ratings from organizers`,
        text: msg`Scores left by organizers after events the vendor worked.`,
      },
      {
        icon: MapPin,
        title: msg`Local vendors`,
        text: msg`See where each vendor works and when they are available.`,
      },
    ],
    closing: {
      title: msg`Your next DJ is a search away`,
      text: msg`The vendor directory is open to everyone; no account needed to look.`,
      action: { label: msg`Search vendors`, to: vendorPaths.directory() },
    },
    related: related(vendorPaths.features.search()),
  },
  applications: {
    eyebrow: msg`For vendors and organizers`,
    title: msg`Apply to events and get approved`,
    lead: msg`Vendors apply to events that ask for them with a message, the services they offer and their links. Organizers review every application on one screen and accept or reject it.`,
    primary: { label: msg`Create your vendor profile`, to: vendorPaths.profile() },
    secondary: { label: msg`Find events`, to: '/events' },
    steps: [
      {
        title: msg`Build your profile`,
        text: msg`Add your business name, category, services with prices, photos and links.`,
      },
      {
        title: msg`Apply to an event`,
        text: msg`Open an event that asks for vendors and choose "Apply as vendor". The organizer hears about it right away.`,
      },
      {
        title: msg`Get a decision`,
        text: msg`The organizer accepts or rejects your application. Track every status under Vendor Applications.`,
      },
    ],
    benefits: [
      {
        icon: Send,
        title: msg`One-step applications`,
        text: msg`A message, your services and your links; the profile does the rest.`,
      },
      {
        icon: Inbox,
        title: msg`One screen for organizers`,
        text: msg`Pending and processed applications, updated live as vendors apply.`,
      },
      {
        icon: Bell,
        title: msg`Notified at every step`,
        text: msg`Applications, approvals and rejections arrive as notifications.`,
      },
      {
        icon: ShieldCheck,
        title: msg`Owner decides`,
        text: msg`Only the event creator can accept or reject an application.`,
      },
    ],
    closing: {
      title: msg`Ready to work your next event?`,
      text: msg`Sign up as a vendor, complete your profile and start applying.`,
      action: { label: msg`Get started`, to: '/auth' },
    },
    related: related(vendorPaths.features.applications()),
  },
  hire: {
    eyebrow: msg`For organizers`,
    title: msg`Hire vendors for your events`,
    lead: msg`Invite the vendors you like to your event with a hire request. They accept or decline, and a booking chat keeps the details in one place.`,
    primary: { label: msg`Start hiring`, to: vendorPaths.hiring() },
    secondary: { label: msg`Browse vendors`, to: vendorPaths.directory() },
    steps: [
      {
        title: msg`Pick a vendor`,
        text: msg`Search the directory and open the vendor that fits your event.`,
      },
      {
        title: msg`Send a hire request`,
        text: msg`Choose one of your events and tell the vendor what you need.`,
      },
      {
        title: msg`Talk it through`,
        text: msg`A booking chat opens with the vendor; follow each booking until it is accepted.`,
      },
    ],
    benefits: [
      {
        icon: Search,
        title: msg`Search built in`,
        text: msg`Find vendors without leaving the hiring page.`,
      },
      {
        icon: MessageSquare,
        title: msg`A chat per booking`,
        text: msg`Every hire request has its own conversation.`,
      },
      {
        icon: CalendarCheck,
        title: msg`Bookings at a glance`,
        text: msg`See which requests are pending, accepted or declined.`,
      },
      {
        icon: Users,
        title: msg`Your whole crew`,
        text: msg`DJs, caterers, security, rentals: everyone for one event.`,
      },
    ],
    closing: {
      title: msg`Book your crew today`,
      text: msg`Hiring is part of every organizer account.`,
      action: { label: msg`Open vendor hiring`, to: vendorPaths.hiring() },
    },
    related: related(vendorPaths.features.hire()),
  },
  payment: {
    eyebrow: msg`For organizers and vendors`,
    title: msg`Vendor fees, paid securely`,
    lead: msg`Organizers can charge a vendor fee for a spot at their event. When an application is approved, the vendor gets a payment link; once paid, the spot and the event group chat are theirs.`,
    primary: { label: msg`See your applications`, to: vendorPaths.applications() },
    secondary: { label: msg`Create an event`, to: '/create-event' },
    steps: [
      {
        title: msg`Set a vendor fee`,
        text: msg`Organizers set the fee on their event, or leave it free for vendors.`,
      },
      {
        title: msg`Approve and request payment`,
        text: msg`Approving an application sends the vendor a checkout link for the fee.`,
      },
      {
        title: msg`Paid and in`,
        text: msg`When the payment completes, the vendor joins the event group chat and both sides are notified.`,
      },
    ],
    benefits: [
      {
        icon: CreditCard,
        title: msg`Card checkout`,
        text: msg`Vendors pay through the same secure checkout as tickets.`,
      },
      {
        icon: Lock,
        title: msg`Access after payment`,
        text: msg`The event chat opens only once the fee is paid.`,
      },
      {
        icon: Receipt,
        title: msg`Clear status`,
        text: msg`Pending, paid or not required: always shown on the application.`,
      },
      {
        icon: BadgeDollarSign,
        title: msg`No fee, no wait`,
        text: msg`Events without a fee let approved vendors in straight away.`,
      },
    ],
    closing: {
      title: msg`Get paid for your spot, or pay for it in a minute`,
      text: msg`Fees, payment links and chat access are handled for you.`,
      action: { label: msg`Open Vendor Applications`, to: vendorPaths.applications() },
    },
    related: related(vendorPaths.features.payment()),
  },
  tracker: {
    eyebrow: msg`For organizers`,
    title: msg`Track every vendor of every event`,
    lead: msg`See at a glance which vendors you invited, which applied, which you approved and which have paid, event by event.`,
    primary: { label: msg`Open the tracker`, to: vendorPaths.hiring() },
    secondary: { label: msg`Browse vendors`, to: vendorPaths.directory() },
    steps: [
      {
        title: msg`Invite and receive`,
        text: msg`Hire requests you send and applications vendors send land in one place.`,
      },
      {
        title: msg`Decide`,
        text: msg`Accept or reject applications from the event’s Vendor Applications screen.`,
      },
      {
        title: msg`Follow through`,
        text: msg`Watch fees get paid and vendors join the event group chat.`,
      },
    ],
    benefits: [
      {
        icon: ListChecks,
        title: msg`Four clear stages`,
        text: msg`Invited, applied, approved and paid, counted per event.`,
      },
      {
        icon: ClipboardList,
        title: msg`Per-event view`,
        text: msg`Each of your events with its own vendor line-up.`,
      },
      {
        icon: BadgeCheck,
        title: msg`Always current`,
        text: msg`New applications appear without reloading.`,
      },
      {
        icon: Link2,
        title: msg`One click away`,
        text: msg`Jump from the tracker to an event’s applications or a booking chat.`,
      },
    ],
    closing: {
      title: msg`Never lose track of a booking`,
      text: msg`The tracker is part of vendor hiring for organizers.`,
      action: { label: msg`Open vendor hiring`, to: vendorPaths.hiring() },
    },
    related: related(vendorPaths.features.tracker()),
  },
};

/** /features/vendor-search, -applications, -hire, -payment and -tracker (spec §2). */
export function VendorFeaturePage({ feature }: { feature: VendorFeature }) {
  return <FeaturePage content={CONTENT[feature]} />;
}
