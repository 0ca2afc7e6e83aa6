import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import {
  exampleOf,
  fillPath,
  operationsOf,
  pathParamsOf,
  type Operation,
} from '../../test/openapi-operations';
import { keyOf, paramsOf, UNKNOWN_ID, VALID_BODIES } from '../../test/route-requests';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart, png } from '../../test/uploads';
import { givePlan } from '../../test/plans';

// An access test generated from the route list: every operation of the OpenAPI
// document that takes an id is in the table below with who may use it. The test fails for a route
// missing from the table (a new route must say who may call it) and, for every route about one
// person's resource, proves that another signed-in user and a signed-out visitor are refused.

/**
 * - `owner`: only the resource's owner (organizer of the event, buyer, participant; admins too).
 * - `visible`: whoever may see the event; its owner alone while it is a draft (the fixture).
 * - `signed-in`: any signed-in person; the id names someone else they act towards (follow,
 *   block, rate) and the effect is on their own data.
 * - `public`: anyone, signed out too (public profile pages).
 * - `capability`: the id itself is the secret (a checkout session's random id in its link).
 * - `admin`: the admin console (moderators on some); every other user and signed-out visitors
 *   are refused (the full role matrix is in modules/admin/admin.int.test.ts).
 */
type Access = 'owner' | 'visible' | 'signed-in' | 'public' | 'capability' | 'admin';

const ACCESS: Record<string, Access> = {
  // Meetings: the link is the invitation, so any signed-in person reads a room and
  // asks to join (passcode and lobby decide); the participant list and host controls are the host's.
  'GET /api/meetings/{id}': 'signed-in',
  'POST /api/meetings/{id}/join': 'signed-in',
  'GET /api/meetings/{id}/participants': 'owner',
  'POST /api/meetings/{id}/participants/{userId}/admit': 'owner',
  'POST /api/meetings/{id}/participants/{userId}/deny': 'owner',
  'POST /api/meetings/{id}/participants/{userId}/remove': 'owner',
  'POST /api/meetings/{id}/participants/{userId}/mute': 'owner',
  'POST /api/meetings/{id}/end': 'owner',
  // API keys: managed by their owner; the public API answers a bearer key only.
  'DELETE /api/developer/keys/{id}': 'owner',
  'PATCH /api/developer/keys/{id}': 'owner',
  // Webhook endpoints: their owner's only (webhook-endpoints.int.test.ts checks the owner side).
  'PATCH /api/developer/webhooks/{id}': 'owner',
  'DELETE /api/developer/webhooks/{id}': 'owner',
  'GET /api/developer/webhooks/{id}/deliveries': 'owner',
  'POST /api/developer/webhooks/{id}/test': 'owner',
  'POST /api/developer/webhooks/{id}/deliveries/{deliveryId}/resend': 'owner',
  // The ticket widget asks whether its checkout is paid by the random id it made (the secret).
  'GET /api/developer/widget/checkouts/{nonce}': 'capability',
  // Waiting lists: a place's mailed link is its secret (confirm, leave, decline; buying also
  // needs a sign-in); which types take places is public; the list and its actions are the
  // organizer's.
  'GET /api/waitlist/places/{token}': 'capability',
  'POST /api/waitlist/places/{token}/confirm': 'capability',
  'POST /api/waitlist/places/{token}/leave': 'capability',
  'POST /api/waitlist/places/{token}/decline': 'capability',
  'POST /api/waitlist/places/{token}/claim': 'capability',
  'GET /api/waitlist/events/{id}/availability': 'public',
  'GET /api/waitlist/events/{id}': 'owner',
  'PUT /api/waitlist/events/{id}/settings': 'owner',
  'POST /api/waitlist/entries/{id}/offer': 'owner',
  'POST /api/waitlist/entries/{id}/remove': 'owner',
  // The widget's live availability: public for published public events (the draft fixture: none).
  'GET /api/developer/widget/events/{id}/availability': 'visible',
  'GET /api/v1/events/{id}': 'owner',
  'PATCH /api/v1/events/{id}': 'owner',
  'GET /api/v1/events/{id}/orders': 'owner',
  'GET /api/v1/events/{id}/vendors': 'owner',
  'GET /api/v1/events/{id}/attendees': 'owner',
  'GET /api/v1/events/{id}/transfers': 'owner',
  'POST /api/v1/events/{id}/check-ins': 'owner',
  'GET /api/v1/events/{id}/capacity-pools': 'owner',
  'GET /api/v1/events/{id}/waitlist': 'owner',
  'POST /api/v1/events/{id}/waitlist': 'owner',
  'POST /api/v1/events/{id}/waitlist/{entryId}/offer': 'owner',
  'POST /api/v1/events/{id}/waitlist/{entryId}/cancel': 'owner',
  'GET /api/v1/events/{id}/exports': 'owner',
  'POST /api/v1/events/{id}/exports': 'owner',
  'GET /api/v1/events/{id}/exports/{exportId}': 'owner',
  'GET /api/v1/events/{id}/exports/{exportId}/file': 'owner',
  // Marketing: lists, campaigns and funnels are their owner's; the public list form,
  // a published funnel (by slug) and its view/opt-in counters are for anyone.
  'GET /api/marketing/lists/{id}': 'owner',
  'PATCH /api/marketing/lists/{id}': 'owner',
  'DELETE /api/marketing/lists/{id}': 'owner',
  'GET /api/marketing/lists/{id}/subscribers': 'owner',
  'POST /api/marketing/lists/{id}/subscribers': 'owner',
  'DELETE /api/marketing/lists/{id}/subscribers/{subscriberId}': 'owner',
  'POST /api/marketing/lists/{id}/import': 'owner',
  'GET /api/marketing/lists/{id}/export.csv': 'owner',
  'GET /api/marketing/public/lists/{id}': 'public',
  'GET /api/marketing/public/lists/{id}/form': 'public',
  'POST /api/marketing/public/lists/{id}/subscribe': 'public',
  'GET /api/marketing/email-campaigns/{id}': 'owner',
  'PATCH /api/marketing/email-campaigns/{id}': 'owner',
  'DELETE /api/marketing/email-campaigns/{id}': 'owner',
  'POST /api/marketing/email-campaigns/{id}/test': 'owner',
  'POST /api/marketing/email-campaigns/{id}/send': 'owner',
  'POST /api/marketing/email-campaigns/{id}/pause': 'owner',
  'POST /api/marketing/email-campaigns/{id}/cancel': 'owner',
  'GET /api/marketing/funnels/{id}': 'owner',
  'PATCH /api/marketing/funnels/{id}': 'owner',
  'DELETE /api/marketing/funnels/{id}': 'owner',
  'POST /api/marketing/funnels/{id}/publish': 'owner',
  'GET /api/marketing/funnels/{id}/report': 'owner',
  'GET /api/marketing/public/funnels/{slug}': 'public',
  'POST /api/marketing/public/funnels/{slug}/view': 'public',
  'POST /api/marketing/public/funnels/{slug}/opt-in': 'public',
  // A funnel's Buy tickets: a redirect to the event page (with the attribution cookie).
  'GET /api/marketing/public/funnels/{slug}/go': 'public',
  'DELETE /api/auth/passkeys/{id}': 'owner',
  // Where one is signed in: one's own sessions only (devices.int.test.ts checks the owner side).
  'DELETE /api/devices/sessions/{id}': 'owner',
  // Teams: the owner manages invitations and members; a member leaves only their own membership
  // (teams.int.test.ts checks the owner and member sides).
  'DELETE /api/teams/invites/{id}': 'owner',
  'PATCH /api/teams/members/{id}': 'owner',
  'DELETE /api/teams/members/{id}': 'owner',
  'DELETE /api/teams/memberships/{id}': 'owner',
  'GET /api/events/{id}': 'visible',
  'PATCH /api/events/{id}': 'owner',
  'DELETE /api/events/{id}': 'owner',
  'GET /api/events/{id}/calendar.ics': 'visible',
  'POST /api/events/{id}/publish': 'owner',
  'POST /api/events/{id}/cancel': 'owner',
  'POST /api/events/{id}/cover': 'owner',
  'POST /api/events/{id}/series': 'owner',
  'POST /api/events/{id}/duplicate': 'owner',
  'GET /api/organizers/{id}': 'public',
  'POST /api/organizers/{id}/follow': 'signed-in',
  'DELETE /api/organizers/{id}/follow': 'signed-in',
  'GET /api/events/{id}/ticket-types': 'visible',
  'POST /api/events/{id}/ticket-types': 'owner',
  'GET /api/events/{id}/ticket-types/manage': 'owner',
  'PATCH /api/ticket-types/{id}': 'owner',
  'DELETE /api/ticket-types/{id}': 'owner',
  // Products (decision 051): buyers see them with the event; the owner manages them.
  'GET /api/events/{id}/products': 'visible',
  'GET /api/events/{id}/products/manage': 'owner',
  'POST /api/events/{id}/products': 'owner',
  'PUT /api/products/{id}': 'owner',
  'DELETE /api/products/{id}': 'owner',
  'GET /api/events/{id}/discount-codes': 'owner',
  'POST /api/events/{id}/discount-codes': 'owner',
  'PATCH /api/discount-codes/{id}': 'owner',
  'DELETE /api/discount-codes/{id}': 'owner',
  // Access codes: the event's organizer (or an admin) manages them.
  'GET /api/events/{id}/access-codes': 'owner',
  'POST /api/events/{id}/access-codes': 'owner',
  'POST /api/events/{id}/access-codes/bulk': 'owner',
  'GET /api/events/{id}/access-codes.csv': 'owner',
  'PATCH /api/access-codes/{id}': 'owner',
  'DELETE /api/access-codes/{id}': 'owner',
  // Capacity pools: the event's organizer (or an admin) manages them.
  'GET /api/events/{id}/capacity-pools': 'owner',
  'POST /api/events/{id}/capacity-pools': 'owner',
  'PATCH /api/capacity-pools/{id}': 'owner',
  'DELETE /api/capacity-pools/{id}': 'owner',
  // Seating (decision 068): plans are their owner's; the event's seating is the organizer's to
  // set and anyone's who may see the event to read, ask for the best seats and buy; an order's
  // seats are its buyer's and organizer's.
  'GET /api/seating/plans/{id}': 'owner',
  'PUT /api/seating/plans/{id}': 'owner',
  'GET /api/seating/plans/{id}/versions/{version}': 'owner',
  'GET /api/events/{id}/seating': 'visible',
  'PUT /api/events/{id}/seating': 'owner',
  'DELETE /api/events/{id}/seating': 'owner',
  'POST /api/events/{id}/seating/best': 'visible',
  'POST /api/events/{id}/seat-orders': 'visible',
  'GET /api/orders/{id}/seats': 'owner',
  // Checkout questions: the event's organizer builds them and reads the answers; a ticket's
  // answers are its holder's.
  'GET /api/events/{id}/questions': 'owner',
  'POST /api/events/{id}/questions': 'owner',
  'PUT /api/events/{id}/question-settings': 'owner',
  'GET /api/events/{id}/answers': 'owner',
  'PATCH /api/questions/{id}': 'owner',
  'DELETE /api/questions/{id}': 'owner',
  'POST /api/questions/{id}/move': 'owner',
  'GET /api/tickets/{id}/answers': 'owner',
  'PUT /api/tickets/{id}/answers': 'owner',
  'POST /api/events/{id}/register': 'visible',
  'GET /api/tickets/{id}': 'owner',
  'GET /api/tickets/{id}/qr.svg': 'owner',
  'GET /api/tickets/{id}/pdf': 'owner',
  // Invoices (decision 059): an order's buyer, its organizer and admins; re-issuing is the
  // organizer's (invoices.int.test.ts checks each side).
  'GET /api/orders/{id}/invoices': 'owner',
  'POST /api/orders/{id}/invoices': 'owner',
  'GET /api/invoices/{id}/pdf': 'owner',
  'POST /api/invoices/{id}/reissue': 'owner',
  // Taxes (decision 058): rates and an event's tax settings are its organizer's; an order's tax
  // summary is for its buyer, organizer and admins. Billing details (decision 060): the event's
  // settings are the organizer's, an order's details its buyer's, organizer's and admins'.
  'PUT /api/tax-rates/{id}': 'owner',
  'DELETE /api/tax-rates/{id}': 'owner',
  'GET /api/events/{id}/tax-settings': 'owner',
  'PUT /api/events/{id}/tax-settings': 'owner',
  'GET /api/orders/{id}/tax': 'owner',
  'GET /api/events/{id}/billing-settings': 'owner',
  'PUT /api/events/{id}/billing-settings': 'owner',
  'GET /api/orders/{id}/billing-details': 'owner',
  // Ticket transfers: the holder transfers; the event's owner reads the history and settings;
  // a mailed claim link's token is the secret, taking the ticket needs a signed-in person.
  'GET /api/tickets/{id}/transfer': 'owner',
  'POST /api/tickets/{id}/transfer': 'owner',
  'GET /api/tickets/{id}/transfers': 'owner',
  'POST /api/transfers/{id}/cancel': 'owner',
  'GET /api/events/{id}/transfer-settings': 'owner',
  'PUT /api/events/{id}/transfer-settings': 'owner',
  'GET /api/events/{id}/transfers': 'owner',
  'GET /api/transfer-claims/{token}': 'capability',
  'POST /api/transfer-claims/{token}': 'capability',
  'POST /api/events/{id}/check-in': 'owner',
  // The check-in app (door.int.test.ts has the team-role matrix).
  'GET /api/door/events/{id}/list': 'owner',
  'POST /api/door/events/{id}/sync': 'owner',
  // The box office (box-office.int.test.ts has the team-role matrix).
  'GET /api/door/events/{id}/box-office': 'owner',
  'POST /api/door/events/{id}/box-office/sales': 'owner',
  'GET /api/door/events/{id}/box-office/sales/{orderId}': 'owner',
  'POST /api/door/events/{id}/box-office/sales/{orderId}/admit': 'owner',
  'GET /api/door/events/{id}/box-office/summary': 'owner',
  'GET /api/door/events/{id}/settings': 'owner',
  'PUT /api/door/events/{id}/settings': 'owner',
  // Badges (badges.int.test.ts has the team-role matrix): the event's organizer and its staff.
  'GET /api/badges/events/{id}/templates': 'owner',
  'POST /api/badges/events/{id}/templates': 'owner',
  'PUT /api/badges/templates/{id}': 'owner',
  'DELETE /api/badges/templates/{id}': 'owner',
  'GET /api/badges/templates/{id}/pdf': 'owner',
  // A wallet pass: the ticket's holder (wallet-passes.int.test.ts).
  'GET /api/wallet/tickets/{id}/google': 'owner',
  'GET /api/events/{id}/attendees': 'owner',
  'GET /api/events/{id}/attendees.csv': 'owner',
  // Exports (decision 056): the event's organizer and admins.
  'GET /api/events/{id}/export': 'owner',
  'POST /api/events/{id}/exports': 'owner',
  'GET /api/events/{id}/exports': 'owner',
  'GET /api/events/{id}/exports/{exportId}': 'owner',
  'GET /api/events/{id}/exports/{exportId}/file': 'owner',
  // A person's data download: its owner alone (privacy.int.test.ts: admins are refused too).
  'GET /api/privacy/exports/{id}/file': 'owner',
  'GET /api/events/{id}/orders': 'owner',
  'GET /api/events/{id}/sales': 'owner',
  'GET /api/events/{id}/attending': 'visible',
  'GET /api/orders/{id}': 'owner',
  'POST /api/orders/{id}/cancel': 'owner',
  'POST /api/orders/{id}/refund': 'owner',
  'GET /api/payments/sessions/{id}': 'owner',
  'GET /api/payments/local/sessions/{id}': 'capability',
  'POST /api/payments/local/sessions/{id}/pay': 'capability',
  'POST /api/payments/local/sessions/{id}/confirm': 'capability',
  'POST /api/notifications/{id}/read': 'owner',
  'POST /api/stream-notifications/{id}/read': 'owner',
  'POST /api/events/{id}/announcements/preview': 'owner',
  'POST /api/events/{id}/announcements': 'owner',
  'DELETE /api/vendor-profile/gallery/{imageId}': 'owner',
  'GET /api/vendors/{vendorId}': 'public',
  'POST /api/vendors/{vendorId}/ratings': 'signed-in',
  'GET /api/events/{eventId}/vendor-info': 'visible',
  'POST /api/events/{eventId}/vendor-requests': 'visible',
  'GET /api/events/{eventId}/vendor-requests': 'owner',
  'POST /api/events/{eventId}/vendor-requests/read': 'owner',
  'POST /api/events/{eventId}/vendor-requests/{requestId}/approve': 'owner',
  'POST /api/events/{eventId}/vendor-requests/{requestId}/reject': 'owner',
  'POST /api/vendor-applications/{requestId}/pay': 'owner',
  // Subscriptions: the person's own invoice; plan edits are admin-only (anyone else 401/403).
  'GET /api/subscriptions/me/invoices/{id}': 'owner',
  'PATCH /api/admin/subscription-plans/{id}': 'owner',
  'DELETE /api/admin/subscription-plans/{id}': 'owner',
  'GET /api/bookings/{bookingId}': 'owner',
  'POST /api/bookings/{bookingId}/accept': 'owner',
  'POST /api/bookings/{bookingId}/decline': 'owner',
  'POST /api/bookings/{bookingId}/cancel': 'owner',
  'GET /api/chats/{id}': 'owner',
  'GET /api/chats/{id}/messages': 'owner',
  'POST /api/chats/{id}/messages': 'owner',
  'POST /api/chats/{id}/attachments': 'owner',
  'POST /api/chats/{id}/read': 'owner',
  'POST /api/chats/{id}/typing': 'owner',
  'DELETE /api/chats/{id}/messages/{messageId}': 'owner',
  'PUT /api/chats/{id}/pin': 'owner',
  'GET /api/events/{eventId}/chat': 'visible',
  'POST /api/events/{eventId}/chat/join': 'visible',
  'PUT /api/blocks/{userId}': 'signed-in',
  'DELETE /api/blocks/{userId}': 'signed-in',
  'GET /api/promotions/go/{token}': 'capability',
  'GET /api/promotions/campaigns/{id}': 'owner',
  'PATCH /api/promotions/campaigns/{id}': 'owner',
  'POST /api/promotions/campaigns/{id}/image': 'owner',
  'POST /api/promotions/campaigns/{id}/checkout': 'owner',
  'POST /api/promotions/campaigns/{id}/pause': 'owner',
  'POST /api/promotions/campaigns/{id}/resume': 'owner',
  'POST /api/promotions/campaigns/{id}/end': 'owner',
  // Moderators' review actions: the owner fixture is no moderator, so only refusals are checked.
  'POST /api/promotions/review/{id}/approve': 'owner',
  'POST /api/promotions/review/{id}/reject': 'owner',
  'PUT /api/diary/events/{eventId}': 'owner',
  'POST /api/diary/entries/{id}/photos': 'owner',
  'DELETE /api/diary/entries/{id}': 'owner',
  // The diary's calendar feed: the secret in its URL is the access (revoked → 404).
  'GET /api/diary/feed/{token}/diary.ics': 'capability',
  // Event feedback: an attendee's own form; the organizer's questions, results and
  // replies; ratings are public; hiding a comment is for moderators.
  'GET /api/feedback/events/{eventId}': 'owner',
  'PUT /api/feedback/events/{eventId}': 'owner',
  'GET /api/feedback/events/{eventId}/questions': 'owner',
  'PUT /api/feedback/events/{eventId}/questions': 'owner',
  'GET /api/feedback/events/{eventId}/results': 'owner',
  'PUT /api/feedback/{id}/reply': 'owner',
  'PUT /api/feedback/{id}/hidden': 'admin',
  'GET /api/feedback/events/{eventId}/rating': 'public',
  'GET /api/feedback/organizers/{organizerId}/rating': 'public',
  'GET /api/affiliates/r/{promoId}': 'public',
  // Rides: the ride's driver or the booking's rider is the owner; the list and the
  // request follow the event; the ride page and its share page are public (riders hidden).
  'GET /api/events/{eventId}/rides': 'visible',
  'POST /api/events/{eventId}/ride-requests': 'visible',
  'GET /api/rides/{rideId}': 'public',
  'GET /api/rides/{rideId}/shared': 'public',
  'PATCH /api/rides/{rideId}': 'owner',
  'POST /api/rides/{rideId}/cancel': 'owner',
  'POST /api/rides/{rideId}/bookings': 'signed-in',
  'POST /api/ride-bookings/{bookingId}/accept': 'owner',
  'POST /api/ride-bookings/{bookingId}/decline': 'owner',
  'POST /api/ride-bookings/{bookingId}/pay': 'owner',
  'POST /api/ride-bookings/{bookingId}/cancel': 'owner',
  'PUT /api/rides/{rideId}/location': 'owner',
  'GET /api/rides/{rideId}/location': 'owner',
  'DELETE /api/rides/{rideId}/location': 'owner',
  'POST /api/rides/{rideId}/ratings': 'signed-in',
  // A vendor approved for the event shares their position with its organizer on the event day.
  'PUT /api/events/{eventId}/vendor-location': 'owner',
  'DELETE /api/events/{eventId}/vendor-location': 'signed-in',
  'GET /api/events/{eventId}/vendor-locations': 'owner',
  // Content and support: posts and help articles are public to read (drafts only for
  // blog admins); writing them is staff work; a support request is its requester's and staff's;
  // a chatbot answer's random id is what lets its asker rate it.
  'GET /api/blog/posts/{id}': 'public',
  'PUT /api/blog/posts/{id}': 'admin',
  'DELETE /api/blog/posts/{id}': 'admin',
  'POST /api/blog/posts/{id}/publish': 'admin',
  'POST /api/blog/posts/{id}/unpublish': 'admin',
  'GET /api/help/articles/{id}': 'public',
  'POST /api/help/articles/{id}/feedback': 'public',
  'PUT /api/help/articles/{id}': 'admin',
  'DELETE /api/help/articles/{id}': 'admin',
  'GET /api/pages/{slug}': 'public',
  'PUT /api/pages/{slug}': 'admin',
  // A help article's and a site page's versions in other languages: the editors' (admins).
  'GET /api/help/articles/{id}/translations': 'admin',
  'PUT /api/help/articles/{id}/translations/{language}': 'admin',
  'DELETE /api/help/articles/{id}/translations/{language}': 'admin',
  'GET /api/pages/{slug}/translations': 'admin',
  'PUT /api/pages/{slug}/translations/{language}': 'admin',
  'DELETE /api/pages/{slug}/translations/{language}': 'admin',
  'POST /api/chatbot/answers/{id}/feedback': 'capability',
  'GET /api/support-tickets/{id}': 'owner',
  'POST /api/support-tickets/{id}/messages': 'owner',
  'POST /api/support-tickets/{id}/status': 'admin',
  'GET /api/admin/users/{id}': 'admin',
  'POST /api/admin/users/{id}/roles': 'admin',
  'POST /api/admin/users/{id}/suspend': 'admin',
  'POST /api/admin/users/{id}/reactivate': 'admin',
  'POST /api/admin/events/{id}/moderate': 'admin',
  'POST /api/admin/orders/{id}/refund': 'admin',
  'POST /api/admin/reports/{id}/action': 'admin',
  'POST /api/admin/users/{id}/password-reset': 'admin',
  'POST /api/admin/users/{id}/resend-confirmation': 'admin',
  'POST /api/admin/users/{id}/erase': 'admin',
  'POST /api/admin/events/{id}/cancel': 'admin',
  'POST /api/admin/events/{id}/transfer': 'admin',
  // Live streaming: set-up and its actions are the organizer's; the stream's page and
  // the watch call answer anyone (watch refuses who may not watch); the HLS files need the signed
  // per-viewer token (the capability); redeeming a code is for signed-in people.
  'POST /api/events/{eventId}/streams': 'owner',
  'GET /api/events/{eventId}/stream': 'visible',
  'POST /api/events/{eventId}/streaming/checkout': 'owner',
  'GET /api/streams/{id}': 'public',
  'PATCH /api/streams/{id}': 'owner',
  'POST /api/streams/{id}/key': 'owner',
  'POST /api/streams/{id}/invite': 'owner',
  'POST /api/streams/{id}/end': 'owner',
  'DELETE /api/streams/{id}/recording': 'owner',
  'POST /api/streams/{id}/redeem': 'signed-in',
  'POST /api/streams/{id}/watch': 'public',
  'GET /api/streams/{id}/hls/{file}': 'capability',
};

const DENIED = [401, 403, 404];

let t: TestApp;
let owner: CreatedUser;
let intruder: CreatedUser;
const cookies: Record<string, string> = {};
/** The owner's real resources, by the path segment before the id (or the id's own name). */
const ids: Record<string, string> = {};
let operations: Operation[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Owen Owner' });
  // On a plan with every flag, so plan gates (spec §6) never pass for an access refusal.
  await givePlan(t.db, owner.id);
  // Another organizer, so a refusal is about the resource, not about a missing role.
  intruder = await createUser(t.db, { userType: 'organizer', fullName: 'Ivy Intruder' });
  const friend = await createUser(t.db, { fullName: 'Fred Friend' });
  const host = await createUser(t.db, { userType: 'organizer', fullName: 'Hana Host' });
  const vendor = await createUser(t.db, { userType: 'vendor', fullName: 'Vic Vendor' });
  image = await png(64, 64);
  cookies.owner = await t.sessionCookie(owner);
  cookies.intruder = await t.sessionCookie(intruder);
  const as = (who: 'owner', method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'POST', url, headers: { cookie: cookies[who] }, payload });

  // The owner's draft event: seen by its owner only, so every event route must refuse others.
  const draft = await createEvent(t.db, { userId: owner.id, eventStatus: 'draft', isFree: false });
  const type = await createTicketType(t.db, { eventId: draft.id });
  const code = await as('owner', 'POST', `/api/events/${draft.id}/discount-codes`, {
    code: 'OWN10',
    kind: 'percent',
    amount: 10,
  });
  expect(code.statusCode, code.body).toBe(201);
  const accessCode = await as('owner', 'POST', `/api/events/${draft.id}/access-codes`, {
    code: 'OWNERS',
    ticketTypeIds: [type.id],
  });
  expect(accessCode.statusCode, accessCode.body).toBe(201);
  // The owner's ticket and order: a free registration to someone else's event.
  const free = await createEvent(t.db, { userId: host.id, isFree: true });
  await createTicketType(t.db, { eventId: free.id, priceCents: 0 });
  const registered = await as('owner', 'POST', `/api/events/${free.id}/register`, {});
  expect(registered.statusCode, registered.body).toBe(201);
  const order = registered.json<{ id: string; tickets: { id: string }[] }>();
  const chat = await as('owner', 'POST', '/api/chats/open', { ref: friend.id });
  expect(chat.statusCode, chat.body).toBe(200);
  const chatId = chat.json<{ id: string }>().id;
  const message = await as('owner', 'POST', `/api/chats/${chatId}/messages`, { body: 'hi' });
  expect(message.statusCode, message.body).toBe(201);
  const campaign = await as('owner', 'POST', '/api/promotions/campaigns', {
    headline: 'Owner promotion',
    imageAlt: 'A stage',
    targetPath: `/organizers/${owner.id}`,
    placement: 'home_billboard',
    startsAt: '2026-11-22T00:00:00Z',
    endsAt: '2026-12-22T00:00:00Z',
    dailyBudgetCents: 1000,
    totalBudgetCents: 5000,
    pricing: 'cpm',
  });
  expect(campaign.statusCode, campaign.body).toBe(201);
  Object.assign(ids, {
    events: draft.id,
    eventId: draft.id,
    'ticket-types': type.id,
    'discount-codes': code.json<{ id: string }>().id,
    'access-codes': accessCode.json<{ id: string }>().id,
    orders: order.id,
    tickets: order.tickets[0]?.id ?? UNKNOWN_ID,
    chats: chatId,
    messageId: message.json<{ id: string }>().id,
    organizers: host.id,
    vendorId: vendor.id,
    userId: friend.id,
    campaigns: campaign.json<{ id: string }>().id,
  });
  operations = operationsOf((await t.app.inject({ url: '/api/openapi.json' })).json()).filter(
    (operation) => pathParamsOf(operation.path).length > 0,
  );
}, 60_000);
afterAll(() => t.close());

/** Upload routes (multipart, not in the document's schemas): the file field each one reads. */
const UPLOADS: Record<string, string> = {
  'POST /api/events/{id}/cover': 'cover',
  'POST /api/chats/{id}/attachments': 'image',
  'POST /api/promotions/campaigns/{id}/image': 'image',
  'POST /api/diary/entries/{id}/photos': 'photo',
};
let image: Buffer;

function request(operation: Operation, cookie: string | undefined) {
  const { values } = paramsOf(operation.path, ids);
  const key = keyOf(operation);
  const upload = UPLOADS[key];
  const form = upload ? multipart(upload, 'photo.png', 'image/png', image) : undefined;
  const body = VALID_BODIES[key] ?? (operation.body ? exampleOf(operation.body) : undefined);
  return t.app.inject({
    method: operation.method as 'POST',
    url: fillPath(operation.path, values),
    headers: { ...(cookie ? { cookie } : {}), ...form?.headers },
    ...(form ? { payload: form.payload } : body === undefined ? {} : { payload: body as object }),
  });
}

/** Routes whose owner gets a 403/404 from these requests for a reason other than access. */
const OWNER_ANSWERS_NO: Record<string, string> = {
  'GET /api/v1/events/{id}':
    'the public API takes a bearer key, not the session cookie (401; developer/v1-access-matrix.int.test.ts has its key matrix)',
  'PATCH /api/v1/events/{id}': 'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/v1/events/{id}/orders':
    'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/v1/events/{id}/vendors':
    'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/v1/events/{id}/attendees':
    'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/v1/events/{id}/transfers':
    'the public API takes a bearer key, not the session cookie (401)',
  'POST /api/v1/events/{id}/check-ins':
    'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/v1/events/{id}/capacity-pools':
    'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/v1/events/{id}/waitlist':
    'the public API takes a bearer key, not the session cookie (401)',
  'POST /api/v1/events/{id}/waitlist':
    'the public API takes a bearer key, not the session cookie (401)',
  'POST /api/v1/events/{id}/waitlist/{entryId}/offer':
    'the public API takes a bearer key, not the session cookie (401)',
  'POST /api/v1/events/{id}/waitlist/{entryId}/cancel':
    'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/v1/events/{id}/exports':
    'the public API takes a bearer key, not the session cookie (401)',
  'POST /api/v1/events/{id}/exports':
    'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/v1/events/{id}/exports/{exportId}':
    'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/v1/events/{id}/exports/{exportId}/file':
    'the public API takes a bearer key, not the session cookie (401)',
  'GET /api/developer/widget/events/{id}/availability':
    'the widget shows published public events only; the fixture is the owner’s own draft (404)',
  'PUT /api/diary/events/{eventId}':
    'a diary entry needs a ticket; the fixture is the owner’s own draft (404)',
  'GET /api/feedback/events/{eventId}':
    'feedback needs a ticket for an ended event; the fixture is the owner’s own draft (404)',
  'PUT /api/feedback/events/{eventId}':
    'feedback needs a ticket for an ended event; the fixture is the owner’s own draft (404)',
  'POST /api/events/{id}/check-in': 'the example ticket code does not exist (404)',
  'GET /api/wallet/tickets/{id}/google':
    'no Google Wallet account is set up for the fixture’s event (404; wallet-passes.int.test.ts)',
  'PUT /api/chats/{id}/pin': 'pinning is for event group chats; the fixture is a direct chat (403)',
  'PUT /api/events/{eventId}/vendor-location':
    'the sharer is a vendor approved for the event, not its organizer (403; rides.int.test.ts)',
};

describe('access generated from the route list', () => {
  it('has an access rule for every route that takes an id, and none for a route that is gone', () => {
    const keys = operations.map(keyOf);
    expect(keys.filter((key) => !(key in ACCESS))).toEqual([]);
    expect(Object.keys(ACCESS).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('refuses another user and a signed-out visitor on every route about someone’s resource', async () => {
    const leaks: string[] = [];
    for (const operation of operations) {
      const access = ACCESS[keyOf(operation)];
      if (access !== 'owner' && access !== 'visible' && access !== 'admin') continue;
      const other = await request(operation, cookies.intruder);
      const anonymous = await request(operation, undefined);
      if (!DENIED.includes(other.statusCode))
        leaks.push(
          `${keyOf(operation)} other user: ${other.statusCode} ${other.body.slice(0, 120)}`,
        );
      if (!DENIED.includes(anonymous.statusCode))
        leaks.push(`${keyOf(operation)} signed out: ${anonymous.statusCode}`);
    }
    expect(leaks).toEqual([]);
  });

  it('asks a signed-out visitor to sign in on routes for signed-in people', async () => {
    const open: string[] = [];
    for (const operation of operations) {
      if (ACCESS[keyOf(operation)] !== 'signed-in') continue;
      const anonymous = await request(operation, undefined);
      if (anonymous.statusCode !== 401) open.push(`${keyOf(operation)}: ${anonymous.statusCode}`);
    }
    expect(open).toEqual([]);
  });

  it('lets the owner through on the same requests (the refusals above are about access)', async () => {
    const refused: string[] = [];
    // Read-only and non-destructive calls only: the point is that the ids and bodies are real.
    const checked = operations.filter(
      (operation) =>
        ACCESS[keyOf(operation)] === 'owner' &&
        paramsOf(operation.path, ids).real &&
        operation.method !== 'DELETE' &&
        !/\/(cancel|publish|refund)$/.test(operation.path) &&
        !(keyOf(operation) in OWNER_ANSWERS_NO),
    );
    expect(checked.length).toBeGreaterThan(15);
    for (const operation of checked) {
      const response = await request(operation, cookies.owner);
      if ([401, 403, 404].includes(response.statusCode))
        refused.push(`${keyOf(operation)}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(refused).toEqual([]);
  });
});
