import { AVATAR_MAX_BYTES } from '../../../contracts/accounts';
import { PASSWORD_MIN_LENGTH } from '../../../contracts/limits';
import { HOLD_MINUTES } from '../../../contracts/tickets';
import { VENDOR_RATING_MAX, VENDOR_RATING_MIN } from '../../../contracts/vendors';

// The help center a fresh install starts with: how this product actually works. Plain text,
// paragraphs separated by blank lines. `isFaq` ones also show on /faq. A button, tab or heading
// is quoted as the app writes it (“Get Started”) and numbers come from the constants the app
// uses, so help-content.test.ts fails when the app and its help drift apart.
export interface HelpSeed {
  slug: string;
  category: string;
  title: string;
  summary: string;
  body: string;
  isFaq?: boolean;
}

export const HELP_ARTICLES: HelpSeed[] = [
  {
    slug: 'create-an-account',
    category: 'getting-started',
    title: 'How do I create an account?',
    summary: 'Sign up with your email, confirm it, and choose what kind of account you need.',
    isFaq: true,
    body: `Choose “Get Started” in the header and open the “Sign Up” tab. Enter your full name, email address, phone number and a password of at least ${PASSWORD_MIN_LENGTH} characters (twice), pick an account type (attendee, organizer, vendor or venue) and what you are interested in or offer, then choose “Create Account”. The account type cannot be changed after registration; your other profile details can.

We email you a confirmation link. Open it to confirm your address: you can sign in once it is confirmed. If the mail does not arrive, check your spam folder, or try to sign in and choose “Resend confirmation email”.`,
  },
  {
    slug: 'account-types',
    category: 'getting-started',
    title: 'Which account type should I choose?',
    summary:
      'Attendees buy tickets, organizers host events, vendors offer services, venues rent spaces.',
    body: `Attendee: discover events, buy tickets, follow organizers and chat with other attendees.

Organizer: create and publish events, sell tickets, create discount codes, check people in and hire vendors.

Vendor: DJs, caterers, photographers, rentals and other services. Keep a vendor profile with a gallery, apply to events that ask for vendors and receive hire requests.

Venue: a club, event space, ballroom, conference room, restaurant or church space. Host events and appear in the venues directory so organizers can find you.

Everyone can buy tickets, whatever the account type. The account type cannot be changed after registration, so choose the one that fits what you will do most.`,
  },
  {
    slug: 'find-events',
    category: 'getting-started',
    title: 'How do I find events near me?',
    summary: 'Search by name, browse categories, or filter the events list by date and place.',
    body: `Type in the search box in the header: suggestions appear from the first letter, and the search forgives small typos. The Events page lists upcoming public events and can be filtered by “Category”, “Date” and “Price”. Categories group events by kind, such as music, business or sports.

Choose “Follow” on an organizer's page to keep their upcoming events with yours, and add any event to your calendar with “Add to calendar (.ics)” (a file that works with Google Calendar, Outlook and Apple Calendar).`,
  },
  {
    slug: 'notifications',
    category: 'getting-started',
    title: 'How do notifications work?',
    summary: 'Live in the app, as push notifications and by email, as you choose per group.',
    body: `Notifications arrive live while the app is open: a short alert, and the list behind the bell in the header. You can also turn on push notifications in your browser and email notifications.

Open “Notification settings” to choose, for each group (messages, tickets and payments, vendor requests, events), which channels you want. “Test notification” sends one through every channel you have on, so you can check that they work. Every notification email has an unsubscribe link that turns that group's emails off with one click, without signing in.`,
  },
  {
    slug: 'buy-tickets',
    category: 'tickets-and-payments',
    title: 'How do I buy tickets?',
    summary: 'Choose ticket types on the event page, check out, and pay by card.',
    isFaq: true,
    body: `Open the event and choose “Get tickets”. Pick how many of each ticket type you want, add a discount code if you have one, and check out. Your tickets are held for ${HOLD_MINUTES} minutes while you pay, so nobody else can take them.

Payment happens on the secure checkout page of our payment provider. As soon as the payment is confirmed your tickets are issued: you get them by email and they appear under “Your tickets” on your “Dashboard”.`,
  },
  {
    slug: 'where-are-my-tickets',
    category: 'tickets-and-payments',
    title: 'Where are my tickets?',
    summary: 'Under “Your tickets”, by email, and as a PDF with a QR code.',
    isFaq: true,
    body: `Every ticket you hold is listed under “Your tickets” on your “Dashboard”, upcoming events first. Open a ticket to see its QR code, which the organizer scans at the door. You can show it from your phone or choose “Download PDF”.

We also email your tickets after payment. If you cannot find them, check that you are signed in with the same email address you used to pay.`,
  },
  {
    slug: 'refunds',
    category: 'tickets-and-payments',
    title: 'How do I get a refund?',
    summary: 'Refunds are given by the event organizer, also when an event is cancelled.',
    isFaq: true,
    body: `To get a refund, contact the organizer of the event: the organizer decides refunds for their event and can refund your order from the event's “Tickets” page. The money goes back to the card you paid with, usually within 5 to 10 working days.

This holds for a cancelled event too: its organizer refunds the orders. If the organizer does not answer, use the contact form with your order reference and our support team will help.`,
  },
  {
    slug: 'payment-methods',
    category: 'tickets-and-payments',
    title: 'Which payment methods can I use?',
    summary: 'Cards through our payment provider; some cards ask for an extra security step.',
    body: `We accept credit and debit cards through our payment provider, Stripe. Your card details go straight to the provider; we never see or store your card number.

Some banks ask you to confirm the payment with an extra step (3-D Secure), for example in your banking app. Complete it on the checkout page and your tickets are issued as soon as the bank confirms.`,
  },
  {
    slug: 'payment-failed',
    category: 'tickets-and-payments',
    title: 'My payment failed. What now?',
    summary: `Nothing was charged; your tickets are held for ${HOLD_MINUTES} minutes so you can try again.`,
    body: `When a card is declined, nothing is charged and your order stays pending. The tickets remain held for ${HOLD_MINUTES} minutes from checkout, so you can try again with another card. After that the hold ends and the tickets go back on sale.

If money was taken but you have no tickets, do not pay again: the payment is confirmed by the provider within a few minutes and your tickets are then issued. If they still do not arrive, contact us with the time of the payment.`,
  },
  {
    slug: 'free-registration',
    category: 'tickets-and-payments',
    title: 'How do free events work?',
    summary: 'Register with one click; you get a ticket with a QR code like a paid one.',
    body: `For free events choose “Get tickets” on the event page, then “Confirm registration”. You get a ticket with a QR code just like a paid ticket, so the organizer knows how many people to expect and can check you in. Most free events allow one registration per person.`,
  },
  {
    slug: 'discount-codes-buyers',
    category: 'tickets-and-payments',
    title: 'How do I use a discount code?',
    summary: 'Enter it at checkout; the price is updated before you pay.',
    body: `Enter the code in the discount field at checkout and apply it. The new price is shown before you pay. A code can be a percentage or a fixed amount, may be limited in number of uses, and is chosen by the organizer. If a code does not work, it may have expired or been turned off; ask the organizer.`,
  },
  {
    slug: 'create-an-event',
    category: 'organizers',
    title: 'How do I create and publish an event?',
    summary: 'Create a draft, add details and tickets, then publish it.',
    isFaq: true,
    body: `Sign in with an organizer or venue account and choose “Create event” in the header. Give it a title, category, date and time with time zone, the venue or an online link, a description and a cover image. “Save draft” keeps it visible to you only.

Add ticket types (free or paid, with quantities and sales dates), then choose “Publish”. Published public events appear in search and on the events list. Private events are only reachable through their secret link.`,
  },
  {
    slug: 'ticket-types',
    category: 'organizers',
    title: 'How do I set up ticket types?',
    summary: 'Free or paid types with quantities, sale windows and hidden types with unlock codes.',
    body: `On your event's “Tickets” page choose “Add ticket type” for each kind of ticket: for example Early bird, Standard and VIP. Each has a price (or is free), a quantity and optional dates when sales open and close. The sum of the quantities can never exceed the event's capacity.

A hidden ticket type is only shown to people who enter its “Unlock code (optional)”, which is useful for guests and partners. A ticket type that has sold tickets cannot be deleted.`,
  },
  {
    slug: 'discount-codes-organizers',
    category: 'organizers',
    title: 'How do I create discount codes?',
    summary: 'Percentage or fixed-amount codes per event, limited or unlimited.',
    body: `Open your event's “Discount codes” page and choose “Create code”: the text people will type, a percentage or a fixed amount off, and optionally how many times it can be used. Turn a code off at any time; orders already paid keep their price.`,
  },
  {
    slug: 'check-in',
    category: 'organizers',
    title: 'How do I check people in at the door?',
    summary: 'Scan QR codes with your phone camera or type the ticket code.',
    body: `Open the “Check-in” page of your event on a phone or tablet and allow the camera. Scan each ticket's QR code: the screen says whether the ticket is valid and marks it as used, so the same ticket cannot get in twice. You can also type the code printed under the QR code and choose “Check in”. The attendee list shows who has arrived.`,
  },
  {
    slug: 'attendees-and-sales',
    category: 'organizers',
    title: 'Where do I see my sales and attendees?',
    summary: 'The event’s “Tickets” page shows sales, orders and the attendee list.',
    body: `Your event's “Tickets” page shows its sales, every order and the list of attendees, which “Export CSV” downloads as a file. From there you can also “Refund” an order, and “Message attendees” sends an announcement to every ticket holder.`,
  },
  {
    slug: 'payouts',
    category: 'organizers',
    title: 'When do I get paid for ticket sales?',
    summary: 'Ticket money is collected through the payment provider; fees are shown upfront.',
    body: `Ticket payments are collected through our payment provider. The amount you receive is the ticket price minus the payment fee shown when you set up paid tickets. Payouts follow the schedule of the payment account set up by the site operator. Refunds you give are taken from the event's takings.`,
  },
  {
    slug: 'hire-vendors',
    category: 'organizers',
    title: 'How do I hire vendors for my event?',
    summary: 'Browse the vendor directory, send a hire request, or ask vendors to apply.',
    body: `Open the vendor directory to search vendors by service, area and rating. On a vendor's page choose “Hire”, pick one of your events and “Send hire request”; “Contact” opens a chat with the vendor first. The vendor accepts or declines.

You can also ask vendors to apply: on your event set the vendor categories you need, the number of spots and any fee. Vendors apply, and you “Accept” or “Reject” each application. The vendor tracker shows, per event, which vendors were invited, applied, approved and paid.`,
  },
  {
    slug: 'vendor-profile',
    category: 'vendors',
    title: 'How do I set up my vendor profile?',
    summary: 'Describe your service, add photos and your area, so organizers can find you.',
    body: `With a vendor account open “Vendor Profile” from the account menu and fill in your business name, service type, the area you work in, your prices and a description, then “Save profile”. Add photos to your gallery (images up to ${AVATAR_MAX_BYTES / 1024 / 1024} MB). A complete profile ranks better in the directory, and ratings from organizers you worked with appear on your public page.`,
  },
  {
    slug: 'apply-to-events',
    category: 'vendors',
    title: 'How do I apply to events as a vendor?',
    summary: 'Find events asking for vendors, apply, and pay the fee if approved.',
    body: `“Apply as a vendor” lists upcoming events that ask for vendors, with the categories they need, the number of spots and any fee. Choose “Apply” and add a short message. The organizer accepts or rejects your application and you are notified either way.

If the event charges a vendor fee, pay it after approval: “Vendor Applications” in the account menu lists your applications, with “Pay” on the ones that have a fee due. Your spot is confirmed when the payment succeeds.`,
  },
  {
    slug: 'hire-requests',
    category: 'vendors',
    title: 'How do hire requests work?',
    summary: 'Organizers send requests; you accept or decline and talk in the chat.',
    body: `When an organizer wants to book you, you receive a hire request for their event, listed under “Hire requests for you”, with a chat with the organizer (“Open chat”). Discuss the details there, then choose “Accept” or “Decline”. While a request is pending, the organizer can “Cancel request”.`,
  },
  {
    slug: 'ratings',
    category: 'vendors',
    title: 'How do ratings work?',
    summary: 'Organizers rate vendors who worked their events, once per event.',
    body: `After an event, its organizer can rate each vendor who worked it, once per event, from ${VENDOR_RATING_MIN} to ${VENDOR_RATING_MAX} stars with an optional comment. Ratings appear on the vendor's public page with the average. Only real bookings can be rated.`,
  },
  {
    slug: 'venue-listing',
    category: 'venues',
    title: 'How do I list my venue?',
    summary: 'Create a venue account and complete your public profile.',
    body: `Sign up with a venue account, choosing your venue type, and complete your profile in “My Profile”: the name of the space and your details. Your venue then appears in the venues directory, where organizers can find it and contact you through direct messages. Venues can also create and sell their own events.`,
  },
  {
    slug: 'messages',
    category: 'venues',
    title: 'How do direct messages and event chats work?',
    summary: 'Message people directly, join event group chats, block anyone who bothers you.',
    body: `Open “Messages” to chat one to one with organizers, vendors, venues and attendees. Events can have a group chat that ticket holders join from the event page. You can send photos, and messages arrive live.

If someone bothers you, choose “Block” in your conversation with them: they can no longer message you. Report abuse through the contact form.`,
  },
  {
    slug: 'reset-password',
    category: 'account-and-security',
    title: 'I forgot my password',
    summary: 'Ask for a reset link on the sign-in page; it works once and expires.',
    isFaq: true,
    body: `On the sign-in page open the “Reset Password” tab and enter your email address. We email a link to choose a new password; it works once and expires after an hour. Setting a new password this way signs you out everywhere.

If no mail arrives, check the spelling of the address and your spam folder. For safety we answer the same whether or not an account exists for that address.`,
  },
  {
    slug: 'passkeys',
    category: 'account-and-security',
    title: 'How do I sign in with a passkey?',
    summary: 'Add a passkey in your profile and sign in with your fingerprint, face or device PIN.',
    body: `A passkey lets you sign in without a password, using your phone or computer's fingerprint, face recognition or PIN. Add one in the “Passkeys” section of “My Profile” while signed in. Next time choose “Sign in with face recognition” on the sign-in page (it is offered when your device has one of these). You can remove passkeys from the same section, for example when you replace a phone.`,
  },
  {
    slug: 'change-email-or-delete',
    category: 'account-and-security',
    title: 'How do I change my details or delete my account?',
    summary: 'Edit your profile at any time; support deletes an account on request.',
    body: `Open “My Profile” to change your name, photo and other details. The account type and email address stay as registered. To delete your account, ask our support team through the contact form: your personal data is removed, while orders are kept in anonymous form as tax law requires. Tickets you hold for future events stop working, so ask the organizer for a refund first.`,
  },
  {
    slug: 'account-security',
    category: 'account-and-security',
    title: 'How do you keep my account safe?',
    summary: 'Hashed passwords, sign-in limits and sessions you can end.',
    body: `Passwords are stored only as Argon2 hashes, never in readable form. Repeated failed sign-ins at one account are slowed down (a browser that signed in to it before is not), and failed sign-ins from one network are limited, while any number of people on the same network can sign in. You are told about a sign-in from a new device. Signing out, changing your password or a change of role takes effect on every device at once. If you think someone used your account, reset your password and contact us.`,
  },
  {
    slug: 'contact-support',
    category: 'account-and-security',
    title: 'How do I contact support?',
    summary: 'Use the contact form or ask the assistant to hand you over to a person.',
    isFaq: true,
    body: `Use the contact form on the Contact page, or ask the assistant on the home page or in the help center and choose “Talk to a person”. Either way you get an email with a reference number, and a member of our support team answers by email, usually within one working day. When you are signed in you can also follow your requests and reply from the Contact page.`,
  },
];
