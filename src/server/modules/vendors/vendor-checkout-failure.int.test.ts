import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApproveVendorResponse, VendorRequest } from '../../../contracts/vendors';
import { eventParticipants } from '../../db/schema/messaging';
import { notifications } from '../../db/schema/notifications';
import { orders } from '../../db/schema/tickets';
import { eventVendors } from '../../db/schema/vendors';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { createTestApp, type TestApp } from '../../test/test-app';

// spec §4: "If checkout fails, a plain approval notification asks the vendor to contact the
// organizer". The real Stripe adapter talks to the local fake Stripe with a key it refuses, so
// the payment provider fails for real.
let fake: FakeStripe;
let t: TestApp;
let organizer: CreatedUser;
let vendor: CreatedUser;
let organizerCookie: string;
let vendorCookie: string;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_refused_by_the_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
      STRIPE_API_URL: fake.url,
    },
  });
  organizer = await createUser(t.db, { userType: 'organizer' });
  vendor = await createUser(t.db, { userType: 'vendor', businessName: 'Bloom & Vine' });
  organizerCookie = await t.signIn(organizer);
  vendorCookie = await t.signIn(vendor);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('approval when the checkout cannot be created', () => {
  it('still approves, asks the vendor to contact the organizer, says so in the response, leaves no open order', async () => {
    const event = await createEvent(t.db, {
      userId: organizer.id,
      title: 'Garden Wedding Expo',
      vendorFeeAmount: 15,
      createdAt: t.clock.now(),
    });
    const applied = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/vendor-requests`,
      headers: { cookie: vendorCookie },
      payload: { message: 'Floral arches and table pieces' },
    });
    const request = applied.json<VendorRequest>();

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/vendor-requests/${request.id}/approve`,
      headers: { cookie: organizerCookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ApproveVendorResponse>()).toMatchObject({
      outcome: 'checkout_failed',
      vendorFee: 15,
      vendorFeeCents: 1500,
      paymentStatus: 'pending',
      paymentUrl: null,
      request: { status: 'approved' },
    });
    // The provider was really asked, and refused.
    const attempt = fake.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(attempt?.status).toBe(401);

    const vendorNotices = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, vendor.id), eq(notifications.relatedId, request.id)));
    expect(vendorNotices).toHaveLength(1);
    expect(vendorNotices[0]).toMatchObject({ type: 'vendor_approved' });
    expect(vendorNotices[0]?.message).toContain('please contact the organizer');
    expect(vendorNotices[0]?.metadata).toMatchObject({ requires_payment: true, vendor_fee: 15 });
    expect(vendorNotices[0]?.metadata).not.toHaveProperty('payment_url');

    const [ev] = await t.db.select().from(eventVendors).where(eq(eventVendors.eventId, event.id));
    expect(ev).toMatchObject({ paymentStatus: 'pending', vendorFeeAmount: 15 });
    const [participant] = await t.db
      .select()
      .from(eventParticipants)
      .where(eq(eventParticipants.eventId, event.id));
    expect(participant).toMatchObject({ role: 'vendor', canAccessChat: false });
    const feeOrders = await t.db.select().from(orders).where(eq(orders.eventId, event.id));
    expect(feeOrders.map((o) => o.status)).toEqual(['cancelled']);
  });
});
