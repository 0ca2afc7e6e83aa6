import type { SitePage, SitePageSlug } from '../../../contracts/content';

// The pages a fresh install shows until an operator edits them (PUT /api/pages/{slug}).
// {{APP_NAME}}, {{CONTACT_EMAIL}} and {{PUBLIC_URL}} are filled from config when served.
type PageDefault = Pick<SitePage, 'title' | 'bodyHtml' | 'openings'>;

const privacy = `<p>This policy explains what personal data {{APP_NAME}} keeps, why, and what you can do about it. The operator of this site ({{PUBLIC_URL}}) is responsible for your data; write to <a href="mailto:{{CONTACT_EMAIL}}">{{CONTACT_EMAIL}}</a> with any question.</p>
<h2>What we keep</h2>
<ul><li><strong>Your account:</strong> email address, name, password (stored only as an Argon2 hash), account type and profile details you choose to add.</li>
<li><strong>What you do here:</strong> events you create, tickets and orders, messages you send, vendor applications and bookings, ratings and notification settings.</li>
<li><strong>Payments:</strong> card details go straight to the payment provider (Stripe); we keep the order, its amount and status, never the card number.</li>
<li><strong>Technical data:</strong> a session cookie that keeps you signed in, and server logs (IP address, time, page) kept for security for at most 30 days.</li></ul>
<h2>Why we use it</h2>
<p>To run the service you asked for (contract), to keep it secure and prevent fraud (legitimate interest), to send the newsletter you confirmed (consent, which you can withdraw from any newsletter email), and to meet legal duties such as keeping invoices.</p>
<h2>Who sees it</h2>
<p>Organizers see the name and email of people who hold tickets to their events; vendors and organizers see each other's details once a booking is agreed. We share data with our payment provider and our email provider only to deliver the service. We never sell personal data.</p>
<h2>Your rights</h2>
<p>You can see and correct your data in your profile, download it, or delete your account. You can also ask us for a copy, a correction or erasure, object to processing, or complain to your data protection authority.</p>
<h2>How long we keep it</h2>
<p>Account data stays while your account exists. Orders and invoices are kept for as long as tax law requires. Support requests are kept for two years after they are closed.</p>`;

export const PAGE_DEFAULTS: Record<SitePageSlug, PageDefault> = {
  about: {
    title: 'About {{APP_NAME}}',
    openings: [],
    bodyHtml: `<p>{{APP_NAME}} is an open-source event marketplace: one place to discover events, host your own, sell tickets, and hire the DJs, caterers, photographers and venues that make an event happen.</p>
<h2>What we believe</h2>
<ul><li><strong>Events belong to their community.</strong> Organizers keep their attendee list and their money; fees are shown before anyone pays.</li>
<li><strong>Vendors deserve a fair marketplace.</strong> Applications, bookings and payments happen in the open, with ratings from real events.</li>
<li><strong>Software you can run yourself.</strong> {{APP_NAME}} is self-hostable: one process, one PostgreSQL database, no hidden services.</li></ul>
<h2>What you can do here</h2>
<p>Find events by date, category or place; buy tickets that arrive as QR codes; create and publish events with ticket types and discount codes; check people in at the door; chat with attendees and vendors; and get notified live, by push or by email.</p>
<h2>Get in touch</h2>
<p>Questions, partnerships or press: <a href="mailto:{{CONTACT_EMAIL}}">{{CONTACT_EMAIL}}</a>, or use our <a href="/contact">contact form</a>.</p>`,
  },
  'privacy-policy': { title: 'Privacy Policy', openings: [], bodyHtml: privacy },
  terms: {
    title: 'Terms of Service',
    openings: [],
    bodyHtml: `<p>These terms apply to everyone who uses {{APP_NAME}} at {{PUBLIC_URL}}. By creating an account or buying a ticket you accept them.</p>
<h2>Accounts</h2>
<p>Give accurate details and keep your password to yourself. You are responsible for what happens under your account. We may suspend accounts that break these terms or the law.</p>
<h2>Events and tickets</h2>
<p>Organizers are responsible for their events: the description, the date, the venue and what attendees get. A ticket is a contract between the buyer and the organizer; {{APP_NAME}} provides the platform and processes the payment. Refunds follow the organizer's refund policy and the law; if an event is cancelled, ticket holders are refunded in full.</p>
<h2>Vendors</h2>
<p>Vendors describe their services honestly and deliver what was booked. Fees shown at booking are the fees charged.</p>
<h2>Content</h2>
<p>You keep the rights to what you post and let us show it on the service. Do not post anything unlawful, misleading, hateful or that you have no right to share. We may remove content that breaks these rules.</p>
<h2>Liability</h2>
<p>We work to keep the service running and safe but cannot promise it is never interrupted. Nothing in these terms limits rights you have as a consumer.</p>
<h2>Changes and contact</h2>
<p>We will announce changes to these terms before they apply. Questions: <a href="mailto:{{CONTACT_EMAIL}}">{{CONTACT_EMAIL}}</a>.</p>`,
  },
  cookies: {
    title: 'Cookie Policy',
    openings: [],
    bodyHtml: `<p>{{APP_NAME}} uses as few cookies as it can, and none for advertising or tracking across sites.</p>
<h2>Cookies we set</h2>
<ul><li><strong>Session cookie</strong> (strictly necessary): keeps you signed in. It is HTTP-only, sent only over HTTPS in production, and removed when you sign out.</li>
<li><strong>Security cookie</strong> (strictly necessary): protects forms against cross-site request forgery.</li>
<li><strong>Referral cookies</strong> (set only when you follow an affiliate's link): <code>mea_aff</code> (HTTP-only, signed) and <code>affiliate_id</code> remember for 30 days which link brought you, so the affiliate is credited if you buy a ticket and the sign-up form can fill in the referral code. Signing up clears the referral code; a later link replaces both.</li></ul>
<h2>Local storage</h2>
<p>Your browser keeps a few preferences on your device: the chatbot conversation for the current tab, and your notification choices. They never leave your device unless you send them.</p>
<h2>Third parties</h2>
<p>When you pay, the payment provider (Stripe) may set its own cookies on its checkout page to prevent fraud.</p>
<p>Questions: <a href="mailto:{{CONTACT_EMAIL}}">{{CONTACT_EMAIL}}</a>.</p>`,
  },
  accessibility: {
    title: 'Accessibility',
    openings: [],
    bodyHtml: `<p>We want everyone to be able to find, host and attend events on {{APP_NAME}}, whatever device or assistive technology they use.</p>
<h2>What we do</h2>
<ul><li>We aim for WCAG 2.2 level AA and check every new page with automated accessibility tests (axe) in our test suite.</li>
<li>Every feature works with a keyboard alone, with visible focus.</li>
<li>Forms name each field and say which field is wrong and why.</li>
<li>Text and controls meet contrast requirements and the layout works from 320 px wide and at 200% zoom.</li>
<li>Motion is reduced when your system asks for it.</li></ul>
<h2>Known limits</h2>
<p>Event descriptions and images are written by organizers; we ask for alternative text but cannot check every image.</p>
<h2>Tell us</h2>
<p>If something is hard to use, write to <a href="mailto:{{CONTACT_EMAIL}}">{{CONTACT_EMAIL}}</a> or use the <a href="/contact">contact form</a>. We answer within five working days.</p>`,
  },
  careers: {
    title: 'Careers',
    openings: [],
    bodyHtml: `<p>{{APP_NAME}} is built by a small team and an open-source community. We care about events that bring people together and software that is fair to the people who run them.</p>
<p>When we hire, the positions are listed below. Even when nothing is open, you are welcome to write to <a href="mailto:{{CONTACT_EMAIL}}">{{CONTACT_EMAIL}}</a>, or to contribute to the project.</p>`,
  },
};
