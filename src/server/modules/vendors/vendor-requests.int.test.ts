import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeOp } from '../../../contracts/realtime';
import {
  VENDOR_MESSAGES,
  type ApproveVendorResponse,
  type VendorApplication,
  type VendorRequest,
  type VendorRequestList,
} from '../../../contracts/vendors';
import { chatParticipants, chats, eventParticipants } from '../../db/schema/messaging';
import { notifications } from '../../db/schema/notifications';
import { orders } from '../../db/schema/tickets';
import { eventVendors, vendorRequests } from '../../db/schema/vendors';
import { must } from '../../platform/must';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { waitForCapturedMail } from '../../test/mail';
import { RealtimeClient } from '../../test/realtime-client';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { payThroughLocalWebhook } from '../../test/local-payments';

let t: TestApp;
let organizer: CreatedUser;
let otherOrganizer: CreatedUser;
let vendor: CreatedUser;
let plainVendor: CreatedUser;
let attendee: CreatedUser;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  organizer = await createUser(t.db, { userType: 'organizer', fullName: 'Olu Organizer' });
  otherOrganizer = await createUser(t.db, { userType: 'organizer', fullName: 'Other Org' });
  vendor = await createUser(t.db, {
    userType: 'vendor',
    fullName: 'Dee Jay',
    businessName: 'Night Owl Sound',
    category: 'DJ',
  });
  // No business name and no category: the spec's fallbacks show.
  plainVendor = await createUser(t.db, { userType: 'vendor', fullName: 'Pat Plain' });
  attendee = await createUser(t.db);
  const admin = await createUser(t.db, { roles: ['admin'] });
  for (const [name, user] of Object.entries({
    organizer,
    otherOrganizer,
    vendor,
    plainVendor,
    attendee,
    admin,
  }))
    cookies[name] = await t.signIn(user);
});
afterAll(() => t.close());

const call = requestAs(
  () => t,
  () => cookies,
);

const newEvent = (input: Partial<Parameters<typeof createEvent>[1]> = {}) =>
  createEvent(t.db, { userId: organizer.id, createdAt: t.clock.now(), ...input });

async function apply(eventId: string, who = 'vendor', message = 'Four hours of house and soul.') {
  const response = await call(who, 'POST', `/api/events/${eventId}/vendor-requests`, {
    message,
    services: ['DJ set'],
    links: ['https://nightowl.example/mixes'],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<VendorRequest>();
}

const approve = (eventId: string, requestId: string, who = 'organizer') =>
  call(who, 'POST', `/api/events/${eventId}/vendor-requests/${requestId}/approve`);
const reject = (eventId: string, requestId: string, who = 'organizer') =>
  call(who, 'POST', `/api/events/${eventId}/vendor-requests/${requestId}/reject`);

const notificationsOf = (userId: string, type?: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), type ? eq(notifications.type, type) : undefined));

const eventVendorRow = async (eventId: string, vendorId: string) =>
  (
    await t.db
      .select()
      .from(eventVendors)
      .where(and(eq(eventVendors.eventId, eventId), eq(eventVendors.vendorId, vendorId)))
  )[0];
const participantRow = async (eventId: string, userId: string) =>
  (
    await t.db
      .select()
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
  )[0];
async function inEventChat(eventId: string, userId: string) {
  const rows = await t.db
    .select({ userId: chatParticipants.userId })
    .from(chats)
    .innerJoin(chatParticipants, eq(chatParticipants.chatId, chats.id))
    .where(and(eq(chats.eventId, eventId), eq(chatParticipants.userId, userId)));
  return rows.length > 0;
}

describe('applying', () => {
  it('creates a pending, unread request and tells the organizer (vendor_request)', async () => {
    const event = await newEvent({ title: 'Harbor Lights Gala' });
    const request = await apply(event.id);
    expect(request).toMatchObject({
      eventId: event.id,
      vendorId: vendor.id,
      organizerId: organizer.id,
      status: 'pending',
      read: false,
      services: ['DJ set'],
      links: ['https://nightowl.example/mixes'],
    });
    const [notice] = (await notificationsOf(organizer.id, 'vendor_request')).filter(
      (n) => n.relatedId === request.id,
    );
    expect(notice).toMatchObject({
      relatedType: 'vendor_requests',
      read: false,
      message: 'Night Owl Sound applied to be a vendor at Harbor Lights Gala.',
    });
    expect(notice?.metadata).toMatchObject({ event_id: event.id, vendor_name: 'Night Owl Sound' });
  });

  it('refuses a second pending application for the same event with a clear 409', async () => {
    const event = await newEvent();
    await apply(event.id);
    const again = await call('vendor', 'POST', `/api/events/${event.id}/vendor-requests`, {
      message: 'Me again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'CONFLICT',
      message: VENDOR_MESSAGES.duplicatePending,
    });
    const rows = await t.db
      .select()
      .from(vendorRequests)
      .where(and(eq(vendorRequests.eventId, event.id), eq(vendorRequests.vendorId, vendor.id)));
    expect(rows).toHaveLength(1);
  });

  it('is for vendors only, signed in, with a message', async () => {
    const event = await newEvent();
    const url = `/api/events/${event.id}/vendor-requests`;
    const asAttendee = await call('attendee', 'POST', url, { message: 'hi' });
    expect(asAttendee.statusCode).toBe(403);
    expect(asAttendee.json().error.message).toBe(VENDOR_MESSAGES.vendorsOnly);
    expect((await call('signedOut', 'POST', url, { message: 'hi' })).statusCode).toBe(401);
    const empty = await call('vendor', 'POST', url, { message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: [{ field: 'body.message', message: VENDOR_MESSAGES.messageRequired }] },
    });
    const badLink = await call('vendor', 'POST', url, { message: 'hi', links: ['nope'] });
    expect(badLink.json().error.details.fields[0].field).toBe('body.links.0');
  });
});

describe('the Vendor Applications screen', () => {
  let eventId: string;
  let mine: VendorRequest;
  let plain: VendorRequest;
  beforeAll(async () => {
    eventId = (await newEvent({ title: 'Screen Test Night' })).id;
    mine = await apply(eventId);
    // The clock is hand-moved: a minute later, so "newest first" has one answer.
    t.clock.advance(60_000);
    plain = await apply(eventId, 'plainVendor', 'Photo booth all night');
  });

  it('shows the owner every application with Accept/Reject rights and the fallbacks', async () => {
    const response = await call('organizer', 'GET', `/api/events/${eventId}/vendor-requests`);
    expect(response.statusCode).toBe(200);
    const list = response.json<VendorRequestList>();
    expect(list.canManage).toBe(true);
    expect(list.pendingCount).toBe(2);
    expect(list.event).toMatchObject({ id: eventId, title: 'Screen Test Night' });
    // Newest first.
    expect(list.requests.map((r) => r.id)).toEqual([plain.id, mine.id]);
    const [plainCard, vendorCard] = list.requests;
    expect(plainCard?.vendor).toMatchObject({
      displayName: 'Pat Plain',
      displayCategory: 'Vendor',
    });
    expect(vendorCard?.vendor).toMatchObject({
      displayName: 'Night Owl Sound',
      displayCategory: 'DJ',
    });
    expect(vendorCard?.contactPath).toBe(`/messages?chat=${vendor.id}&name=Night+Owl+Sound`);
  });

  it('shows anyone else only their own applications, without rights', async () => {
    const asVendor = (
      await call('plainVendor', 'GET', `/api/events/${eventId}/vendor-requests`)
    ).json<VendorRequestList>();
    expect(asVendor.canManage).toBe(false);
    expect(asVendor.requests.map((r) => r.id)).toEqual([plain.id]);
    const asOther = (
      await call('otherOrganizer', 'GET', `/api/events/${eventId}/vendor-requests`)
    ).json<VendorRequestList>();
    expect(asOther).toMatchObject({ canManage: false, requests: [], pendingCount: 0 });
    const asAdmin = (
      await call('admin', 'GET', `/api/events/${eventId}/vendor-requests`)
    ).json<VendorRequestList>();
    expect(asAdmin.canManage).toBe(true);
    expect(asAdmin.requests).toHaveLength(2);
    expect(
      (await call('signedOut', 'GET', `/api/events/${eventId}/vendor-requests`)).statusCode,
    ).toBe(401);
    expect(
      (await call('organizer', 'GET', `/api/events/${randomUUID()}/vendor-requests`)).statusCode,
    ).toBe(404);
  });

  it('marks unread requests and their notifications read on load (owner only)', async () => {
    const url = `/api/events/${eventId}/vendor-requests/read`;
    const denied = await call('otherOrganizer', 'POST', url);
    expect(denied.statusCode).toBe(403);
    const marked = await call('organizer', 'POST', url);
    expect(marked.json()).toEqual({ requestsMarked: 2, notificationsMarked: 2 });
    const rows = await t.db
      .select()
      .from(vendorRequests)
      .where(eq(vendorRequests.eventId, eventId));
    expect(rows.every((r) => r.read)).toBe(true);
    const notices = (await notificationsOf(organizer.id, 'vendor_request')).filter((n) =>
      [mine.id, plain.id].includes(n.relatedId ?? ''),
    );
    expect(notices).toHaveLength(2);
    expect(notices.every((n) => n.read)).toBe(true);
    expect((await call('organizer', 'POST', url)).json()).toEqual({
      requestsMarked: 0,
      notificationsMarked: 0,
    });
  });
});

describe('approval without a fee (spec §4)', () => {
  it('approves, records the vendor with chat access, notifies vendor_approved and mails', async () => {
    const event = await newEvent({ title: 'Free Vendor Fair' });
    const request = await apply(event.id);
    const response = await approve(event.id, request.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ApproveVendorResponse>()).toMatchObject({
      outcome: 'approved',
      vendorFee: 0,
      vendorFeeCents: 0,
      paymentStatus: 'not_required',
      paymentUrl: null,
      alreadyProcessed: false,
      request: { id: request.id, status: 'approved' },
    });
    expect(await eventVendorRow(event.id, vendor.id)).toMatchObject({
      paymentStatus: 'not_required',
      vendorFeeAmount: null,
      requestId: request.id,
    });
    expect(await participantRow(event.id, vendor.id)).toMatchObject({
      role: 'vendor',
      canAccessChat: true,
    });
    expect(await inEventChat(event.id, vendor.id)).toBe(true);
    const approved = (await notificationsOf(vendor.id, 'vendor_approved')).filter(
      (n) => n.relatedId === request.id,
    );
    expect(approved).toHaveLength(1);
    const mails = await waitForCapturedMail(t.db, vendor.email);
    expect(mails.some((m) => m.subject.includes('Vendor application approved'))).toBe(true);

    // Approving twice has one effect.
    const again = await approve(event.id, request.id);
    expect(again.statusCode).toBe(200);
    expect(again.json<ApproveVendorResponse>()).toMatchObject({
      alreadyProcessed: true,
      outcome: 'approved',
      paymentStatus: 'not_required',
    });
    expect(
      (await notificationsOf(vendor.id, 'vendor_approved')).filter(
        (n) => n.relatedId === request.id,
      ),
    ).toHaveLength(1);
  });

  it('two approvals at once: one effect', async () => {
    const event = await newEvent();
    const request = await apply(event.id);
    const results = await Promise.all([
      approve(event.id, request.id),
      approve(event.id, request.id),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json().alreadyProcessed).sort()).toEqual([false, true]);
    expect(
      (await notificationsOf(vendor.id)).filter((n) => n.relatedId === request.id),
    ).toHaveLength(1);
  });
});

const feeOrders = (eventId: string, userId: string) =>
  t.db
    .select()
    .from(orders)
    .where(
      and(eq(orders.eventId, eventId), eq(orders.userId, userId), eq(orders.kind, 'vendor_fee')),
    );

describe('approval with a fee (spec §4) and its payment', () => {
  it('takes the fee from vendor_fee_amount: checkout in cents, vendor_payment_required with the link, no chat yet', async () => {
    const event = await newEvent({
      title: 'Paid Vendor Market',
      vendorFeeAmount: 25.5,
      // vendor_fee_amount wins over the metadata fee.
      metadata: { vendor_requirements: { vendorFee: 99 } },
    });
    const request = await apply(event.id);
    const approved = (await approve(event.id, request.id)).json<ApproveVendorResponse>();
    expect(approved).toMatchObject({
      outcome: 'payment_required',
      vendorFee: 25.5,
      vendorFeeCents: 2550,
      paymentStatus: 'pending',
      alreadyProcessed: false,
    });
    expect(approved.paymentUrl).toBeTruthy();
    const [order, ...more] = await feeOrders(event.id, vendor.id);
    expect(more).toHaveLength(0);
    expect(order).toMatchObject({ totalCents: 2550, status: 'pending', kind: 'vendor_fee' });
    expect(order?.checkoutUrl).toBe(approved.paymentUrl);
    expect(await eventVendorRow(event.id, vendor.id)).toMatchObject({
      paymentStatus: 'pending',
      vendorFeeAmount: 25.5,
    });
    expect(await participantRow(event.id, vendor.id)).toMatchObject({ canAccessChat: false });
    expect(await inEventChat(event.id, vendor.id)).toBe(false);
    const [notice] = (await notificationsOf(vendor.id, 'vendor_payment_required')).filter(
      (n) => n.relatedId === request.id,
    );
    expect(notice?.metadata).toMatchObject({
      payment_url: approved.paymentUrl,
      requires_payment: true,
      vendor_fee: 25.5,
      event_title: 'Paid Vendor Market',
      organizer_id: organizer.id,
    });

    // The vendor's list shows the fee due and the Pay action works.
    const mine = (await call('vendor', 'GET', '/api/vendor-applications')).json<{
      applications: VendorApplication[];
    }>();
    expect(mine.applications.find((a) => a.id === request.id)).toMatchObject({
      status: 'approved',
      feeDue: true,
      paymentStatus: 'pending',
      canAccessChat: false,
      chatPath: null,
    });
    const pay = await call('vendor', 'POST', `/api/vendor-applications/${request.id}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json()).toMatchObject({ amountCents: 2550 });
    expect(
      (await call('plainVendor', 'POST', `/api/vendor-applications/${request.id}/pay`)).statusCode,
    ).toBe(404);

    // Approving twice: no second checkout.
    const again = (await approve(event.id, request.id)).json<ApproveVendorResponse>();
    expect(again).toMatchObject({ alreadyProcessed: true, outcome: 'payment_required' });
    expect(await feeOrders(event.id, vendor.id)).toHaveLength(2); // the approval's and the Pay one

    // The payment completes: paid, chat access, group chat, both sides told; once.
    const paid = await payThroughLocalWebhook(t, must(order, 'fee order'));
    expect(paid.json()).toMatchObject({ outcome: 'paid' });
    expect(await eventVendorRow(event.id, vendor.id)).toMatchObject({
      paymentStatus: 'paid',
      paidOrderId: order?.id,
    });
    expect(await participantRow(event.id, vendor.id)).toMatchObject({ canAccessChat: true });
    expect(await inEventChat(event.id, vendor.id)).toBe(true);
    const joined = async (userId: string) =>
      (await notificationsOf(userId, 'vendor_chat_join')).filter((n) => n.relatedId === event.id);
    expect(await joined(vendor.id)).toHaveLength(1);
    expect(await joined(organizer.id)).toHaveLength(1);
    expect((await joined(organizer.id))[0]?.message).toBe(
      'Night Owl Sound paid the vendor fee for Paid Vendor Market and joined the group chat.',
    );
    // A repeated delivery (another event id for the same order) and the second checkout paid
    // too: nothing more happens.
    expect((await payThroughLocalWebhook(t, must(order, 'fee order'))).json().outcome).toBe(
      'already_settled',
    );
    const second = (await feeOrders(event.id, vendor.id)).find((o) => o.id !== order?.id);
    expect((await payThroughLocalWebhook(t, must(second, 'second fee order'))).json().outcome).toBe(
      'paid',
    );
    expect(await joined(vendor.id)).toHaveLength(1);
    expect(await joined(organizer.id)).toHaveLength(1);
    expect(await eventVendorRow(event.id, vendor.id)).toMatchObject({ paidOrderId: order?.id });

    const after = (await call('vendor', 'GET', '/api/vendor-applications')).json<{
      applications: VendorApplication[];
    }>();
    expect(after.applications.find((a) => a.id === request.id)).toMatchObject({
      feeDue: false,
      paymentStatus: 'paid',
      canAccessChat: true,
      chatPath: `/event-group-chat?event=${event.id}`,
    });
    const nothingDue = await call('vendor', 'POST', `/api/vendor-applications/${request.id}/pay`);
    expect(nothingDue.statusCode).toBe(409);
  });

  it('takes the fee from metadata.vendor_requirements.vendorFee when vendor_fee_amount is not set', async () => {
    const event = await newEvent({
      vendorFeeAmount: null,
      metadata: { vendor_requirements: { vendorFee: 40, categories: ['DJ'], spots: 3 } },
    });
    const request = await apply(event.id);
    const approved = (await approve(event.id, request.id)).json<ApproveVendorResponse>();
    expect(approved).toMatchObject({
      outcome: 'payment_required',
      vendorFee: 40,
      vendorFeeCents: 4000,
    });
    const [order] = await feeOrders(event.id, vendor.id);
    expect(order?.totalCents).toBe(4000);
    expect(await eventVendorRow(event.id, vendor.id)).toMatchObject({ vendorFeeAmount: 40 });
  });
});

describe('rejection', () => {
  it('only sets rejected and tells the vendor (vendor_request_update); once', async () => {
    const event = await newEvent({ title: 'Rejected Fest' });
    const request = await apply(event.id);
    const response = await reject(event.id, request.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      alreadyProcessed: false,
      request: { status: 'rejected' },
    });
    expect(await eventVendorRow(event.id, vendor.id)).toBeUndefined();
    expect(await participantRow(event.id, vendor.id)).toBeUndefined();
    const updates = (await notificationsOf(vendor.id, 'vendor_request_update')).filter(
      (n) => n.relatedId === request.id,
    );
    expect(updates).toHaveLength(1);
    expect((await reject(event.id, request.id)).json()).toMatchObject({ alreadyProcessed: true });
    const approveRejected = await approve(event.id, request.id);
    expect(approveRejected.statusCode).toBe(409);
    expect(approveRejected.json().error.message).toBe(VENDOR_MESSAGES.requestAlreadyRejected);
    // Rejected, the vendor may apply again.
    await apply(event.id);
  });

  it('cannot reject an approved application', async () => {
    const event = await newEvent();
    const request = await apply(event.id);
    await approve(event.id, request.id);
    const response = await reject(event.id, request.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(VENDOR_MESSAGES.requestAlreadyApproved);
  });
});

describe('only the event creator decides (spec §6, §8)', () => {
  it('403 with the spec texts for another organizer and for the vendor, 401 signed out, admin allowed', async () => {
    const event = await newEvent();
    const request = await apply(event.id);
    for (const who of ['otherOrganizer', 'vendor']) {
      const a = await approve(event.id, request.id, who);
      expect(a.statusCode).toBe(403);
      expect(a.json().error).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Only the event creator can approve vendor applications',
        details: { title: 'Permission Denied' },
      });
      const r = await reject(event.id, request.id, who);
      expect(r.statusCode).toBe(403);
      expect(r.json().error.message).toBe('Only the event creator can reject vendor applications');
    }
    expect((await approve(event.id, request.id, 'signedOut')).statusCode).toBe(401);
    const rows = await t.db.select().from(vendorRequests).where(eq(vendorRequests.id, request.id));
    expect(rows[0]?.status).toBe('pending');
    const byAdmin = await approve(event.id, request.id, 'admin');
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().request.status).toBe('approved');
  });
});

describe('realtime', () => {
  it('sends vendor_requests frames to the organizer and the vendor on insert and update', async () => {
    const organizerSocket = new RealtimeClient(t, { cookie: cookies.organizer });
    const vendorSocket = new RealtimeClient(t, { cookie: cookies.plainVendor });
    const outsider = new RealtimeClient(t, { cookie: cookies.otherOrganizer });
    await Promise.all([organizerSocket.ready(), vendorSocket.ready(), outsider.ready()]);
    const event = await newEvent();
    const request = await apply(event.id, 'plainVendor');
    const frameFor = (client: RealtimeClient, op: RealtimeOp, status: string) =>
      client.waitFor((c) =>
        c.frames
          .flatMap((f) => (f.type === 'vendor_requests' ? f.events : []))
          .find((e) => e.request.id === request.id && e.op === op && e.request.status === status),
      );
    const inserted = await frameFor(organizerSocket, 'INSERT', 'pending');
    expect(inserted.request).toMatchObject({ eventId: event.id, organizerId: organizer.id });
    await frameFor(vendorSocket, 'INSERT', 'pending');
    await approve(event.id, request.id);
    const updated = await frameFor(organizerSocket, 'UPDATE', 'approved');
    expect(updated.request.seq).toBeGreaterThan(inserted.request.seq);
    await frameFor(vendorSocket, 'UPDATE', 'approved');
    await t.app.realtime.settle();
    expect(outsider.frames.some((f) => f.type === 'vendor_requests')).toBe(false);
    for (const c of [organizerSocket, vendorSocket, outsider]) c.close();
  });
});
