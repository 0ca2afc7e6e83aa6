import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VENDOR_MESSAGES,
  type Booking,
  type VendorDirectoryResponse,
  type VendorOpportunity,
  type VendorPage,
  type VendorProfile,
  type VendorTracker,
} from '../../../contracts/vendors';
import { chatParticipants, chats } from '../../db/schema/messaging';
import { notifications } from '../../db/schema/notifications';
import {
  createEvent,
  createUser,
  type CreateUserInput,
  type CreatedUser,
} from '../../test/factories';
import { requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookingContext } from './booking-context';

let t: TestApp;
const people: Record<string, CreatedUser> = {};
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const specs: Record<string, CreateUserInput> = {
    organizer: { userType: 'organizer', fullName: 'Ola Host' },
    otherOrganizer: { userType: 'organizer', fullName: 'Other Host' },
    vendor: { userType: 'vendor', fullName: 'Vera Vendor' },
    attendee: { userType: 'attendee', fullName: 'Ade Attendee' },
    admin: { fullName: 'Ada Admin', roles: ['admin'] },
  };
  for (const [name, spec] of Object.entries(specs)) {
    people[name] = await createUser(t.db, spec);
    cookies[name] = await t.signIn(must(people[name]));
  }
});
afterAll(() => t.close());

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing test fixture');
  return value;
}
const person = (name: string) => must(people[name]);
const call = requestAs(
  () => t,
  () => cookies,
);

const validProfile = {
  businessName: 'Vera’s Velvet Catering',
  category: 'Caterer',
  description: 'Seasonal West African and Californian menus for 20 to 400 guests.',
  services: [
    { name: 'Buffet', priceMinCents: 150_000, priceMaxCents: 900_000 },
    { name: 'Canapés', description: 'Passed bites', priceMinCents: 80_000, priceMaxCents: null },
  ],
  links: { website: 'https://velvet.example', instagram: 'https://instagram.com/velvet' },
  serviceArea: 'Oakland and the East Bay',
  availability: 'Thursday to Sunday',
};

describe('own vendor profile', () => {
  it('is for vendors (admin passes); others 403, signed out 401', async () => {
    const empty = await call('vendor', 'GET', '/api/vendor-profile');
    expect(empty.statusCode).toBe(200);
    expect(empty.json<VendorProfile>()).toMatchObject({
      id: person('vendor').id,
      isComplete: false,
      displayName: 'Vera Vendor',
      displayCategory: 'Vendor',
      services: [],
      gallery: [],
    });
    const denied = await call('attendee', 'GET', '/api/vendor-profile');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(VENDOR_MESSAGES.vendorsOnly);
    expect((await call('organizer', 'PUT', '/api/vendor-profile', validProfile)).statusCode).toBe(
      403,
    );
    expect((await call('admin', 'GET', '/api/vendor-profile')).statusCode).toBe(200);
    expect((await call('signedOut', 'GET', '/api/vendor-profile')).statusCode).toBe(401);
  });

  it('names each invalid field', async () => {
    const response = await call('vendor', 'PUT', '/api/vendor-profile', {
      ...validProfile,
      businessName: '  ',
      category: 'Juggler',
      services: [{ name: 'Buffet', priceMinCents: 500, priceMaxCents: 100 }],
      links: { website: 'velvet.example' },
    });
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.code).toBe('VALIDATION_FAILED');
    const fields = Object.fromEntries(
      (error.details.fields as { field: string; message: string }[]).map((f) => [
        f.field,
        f.message,
      ]),
    );
    expect(fields).toMatchObject({
      'body.businessName': VENDOR_MESSAGES.businessNameRequired,
      'body.category': VENDOR_MESSAGES.categoryRequired,
      'body.services.0.priceMaxCents': VENDOR_MESSAGES.priceRange,
      'body.links.website': VENDOR_MESSAGES.linkInvalid,
    });
  });

  it('saves business name and category on the profile and the rest beside it', async () => {
    const saved = await call('vendor', 'PUT', '/api/vendor-profile', validProfile);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<VendorProfile>()).toMatchObject({
      businessName: 'Vera’s Velvet Catering',
      category: 'Caterer',
      displayName: 'Vera’s Velvet Catering',
      displayCategory: 'Caterer',
      isComplete: true,
      serviceArea: 'Oakland and the East Bay',
      services: [
        { name: 'Buffet', description: '', priceMinCents: 150_000, priceMaxCents: 900_000 },
        { name: 'Canapés', description: 'Passed bites', priceMinCents: 80_000 },
      ],
      links: { website: 'https://velvet.example' },
    });
    const me = await call('vendor', 'GET', '/api/profile');
    expect(me.json()).toMatchObject({
      businessName: 'Vera’s Velvet Catering',
      category: 'Caterer',
    });
  });

  it('keeps a gallery of resized uploads, refuses non-images and removes photos', async () => {
    const photo = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: { r: 30, g: 90, b: 60 } },
    })
      .jpeg()
      .toBuffer();
    const boundary = `----vendor${randomUUID()}`;
    const form = (data: Buffer, filename: string, type: string) => ({
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: {
        cookie: cookies.vendor ?? '',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-profile/gallery',
      ...form(photo, 'buffet.jpg', 'image/jpeg'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [image] = uploaded.json<VendorProfile>().gallery;
    expect(image?.url).toMatch(/^\/media\/vendor-gallery\/[0-9a-f]+\.webp$/);
    const full = await sharp((await t.app.inject({ url: must(image).url })).rawPayload).metadata();
    expect([full.format, full.width, full.height]).toEqual(['webp', 1600, 800]);
    const thumb = await sharp(
      (await t.app.inject({ url: must(image).thumbUrl })).rawPayload,
    ).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 400]);

    const script = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-profile/gallery',
      ...form(Buffer.from('#!/bin/sh\necho hi\n'), 'x.png', 'image/png'),
    });
    expect(script.statusCode).toBe(400);
    expect(script.json().error.details.fields[0].field).toBe('image');

    const removed = await call('vendor', 'DELETE', `/api/vendor-profile/gallery/${must(image).id}`);
    expect(removed.json<VendorProfile>().gallery).toEqual([]);
    expect((await t.app.inject({ url: must(image).url })).statusCode).toBe(404);
    expect(
      (await call('vendor', 'DELETE', `/api/vendor-profile/gallery/${must(image).id}`)).statusCode,
    ).toBe(404);
  });
});

describe('directory', () => {
  beforeAll(async () => {
    const base = t.clock.now().getTime();
    const make = async (
      i: number,
      input: { fullName: string; businessName?: string; category?: string; service?: string },
      profile?: { description: string; serviceArea: string },
    ) => {
      const user = await createUser(t.db, {
        userType: 'vendor',
        createdAt: new Date(base - i * 60_000),
        ...input,
      });
      if (profile) {
        const cookie = await t.signIn(user);
        const saved = await t.app.inject({
          method: 'PUT',
          url: '/api/vendor-profile',
          headers: { cookie },
          payload: {
            businessName: must(input.businessName),
            category: must(input.category),
            ...profile,
          },
        });
        expect(saved.statusCode).toBe(200);
      }
      return user;
    };
    await make(
      1,
      { fullName: 'Dan Decks', businessName: 'Zed Beats', category: 'DJ' },
      { description: 'Afrobeats and amapiano all night', serviceArea: 'Lagos' },
    );
    await make(
      2,
      { fullName: 'Amy Lens', businessName: 'Aperture Co', category: 'Photographer' },
      { description: 'Documentary wedding photography', serviceArea: 'Oakland' },
    );
    // Signed up as a DJ, never filled the profile: the sign-up service is the category.
    await make(3, { fullName: 'Sam Signup', service: 'DJ' });
    // No name beyond the account's, no category at all.
    await make(4, { fullName: 'Nora Nameless' });
  });

  const list = async (query: string) => {
    const response = await t.app.inject({ url: `/api/vendors?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<VendorDirectoryResponse>();
  };
  const names = (r: VendorDirectoryResponse) => r.vendors.map((v) => v.displayName);

  it('searches business name, full name and description', async () => {
    expect(names(await list('q=zed'))).toEqual(['Zed Beats']);
    expect(names(await list('q=amy'))).toEqual(['Aperture Co']);
    expect(names(await list('q=amapiano'))).toEqual(['Zed Beats']);
    expect(names(await list('q=%25'))).toEqual([]);
  });

  it('filters by service type and area', async () => {
    expect(names(await list('category=DJ')).sort()).toEqual(['Sam Signup', 'Zed Beats']);
    expect(names(await list('area=oak'))).toEqual(expect.arrayContaining(['Aperture Co']));
    expect(names(await list('area=lagos&category=DJ'))).toEqual(['Zed Beats']);
    const invalid = await t.app.inject({ url: '/api/vendors?category=Juggler' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details.fields[0].field).toBe('querystring.category');
  });

  it('sorts by name and newest, pages, and applies the fallbacks', async () => {
    const byName = names(await list('sort=name&pageSize=60'));
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'en')));
    const newest = await list('sort=newest&pageSize=60');
    const times = newest.vendors.map((v) => Date.parse(v.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page1 = await list('sort=name&pageSize=2&page=1');
    const page2 = await list('sort=name&pageSize=2&page=2');
    expect(page1.total).toBe(newest.total);
    expect(names(page1)).toEqual(byName.slice(0, 2));
    expect(names(page2)).toEqual(byName.slice(2, 4));
    const nameless = (await list('q=nora')).vendors[0];
    expect(nameless).toMatchObject({ displayName: 'Nora Nameless', displayCategory: 'Vendor' });
  });
});

describe('public page, ratings, events asking for vendors, hiring and the tracker', () => {
  let eventId: string;
  let pastEventId: string;
  beforeAll(async () => {
    const now = t.clock.now();
    eventId = (
      await createEvent(t.db, {
        userId: person('organizer').id,
        title: 'Lakeside Food Festival',
        createdAt: now,
        vendorFeeAmount: 30,
        metadata: { vendor_requirements: { categories: ['Caterer', 'Food Truck'], spots: 6 } },
      })
    ).id;
    pastEventId = (
      await createEvent(t.db, {
        userId: person('organizer').id,
        title: 'Spring Supper Club',
        createdAt: new Date(now.getTime() - 30 * 86_400_000),
        startsAt: new Date(now.getTime() - 10 * 86_400_000),
      })
    ).id;
    // The vendor worked the past event (approved without a fee), via the API.
    t.clock.set(new Date(now.getTime() - 20 * 86_400_000));
    const applied = await call('vendor', 'POST', `/api/events/${pastEventId}/vendor-requests`, {
      message: 'Three courses for sixty',
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const approved = await call(
      'organizer',
      'POST',
      `/api/events/${pastEventId}/vendor-requests/${applied.json().id}/approve`,
    );
    expect(approved.json().outcome).toBe('approved');
    t.clock.set(now);
  });

  it('lists the event among vendor opportunities with its fee, categories and apply link', async () => {
    const response = await call('vendor', 'GET', '/api/vendor-opportunities?category=Caterer');
    const found = response
      .json<{ events: VendorOpportunity[] }>()
      .events.find((e) => e.eventId === eventId);
    expect(found).toMatchObject({
      title: 'Lakeside Food Festival',
      vendorFee: 30,
      vendorFeeCents: 3000,
      categories: ['Caterer', 'Food Truck'],
      spots: 6,
      applyPath: `/vendors/apply?event=${eventId}&name=Lakeside+Food+Festival`,
      myRequest: null,
    });
    const photographers = await call(
      'signedOut',
      'GET',
      '/api/vendor-opportunities?category=Photographer',
    );
    expect(
      photographers
        .json<{ events: VendorOpportunity[] }>()
        .events.some((e) => e.eventId === eventId),
    ).toBe(false);
    const info = await call('vendor', 'GET', `/api/events/${pastEventId}/vendor-info`);
    expect(info.json<VendorOpportunity>().myRequest).toMatchObject({
      status: 'approved',
      paymentStatus: 'not_required',
    });
  });

  it('lets the organizer rate a vendor after the event, once per event; nobody else', async () => {
    const vendorId = person('vendor').id;
    const url = `/api/vendors/${vendorId}/ratings`;
    const early = await call('organizer', 'POST', url, { eventId, rating: 5 });
    // Not worked (not approved) yet: no right to rate.
    expect(early.statusCode).toBe(403);
    const other = await call('otherOrganizer', 'POST', url, { eventId: pastEventId, rating: 1 });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe(VENDOR_MESSAGES.rateOnlyOrganizer);
    const outOfRange = await call('organizer', 'POST', url, { eventId: pastEventId, rating: 6 });
    expect(outOfRange.json().error.details.fields[0]).toEqual({
      field: 'body.rating',
      message: VENDOR_MESSAGES.ratingRange,
    });
    const first = await call('organizer', 'POST', url, {
      eventId: pastEventId,
      rating: 3,
      comment: '  ',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      rating: 3,
      comment: null,
      eventTitle: 'Spring Supper Club',
    });
    const second = await call('organizer', 'POST', url, {
      eventId: pastEventId,
      rating: 5,
      comment: 'Guests asked for the jollof recipe.',
    });
    expect(second.json()).toMatchObject({ id: first.json().id, rating: 5 });

    const page = (await call('signedOut', 'GET', `/api/vendors/${vendorId}`)).json<VendorPage>();
    expect(page.vendor.businessName).toBe('Vera’s Velvet Catering');
    expect(page.eventsWorked.map((e) => e.title)).toEqual(['Spring Supper Club']);
    expect(page.ratings).toHaveLength(1);
    expect(page).toMatchObject({ ratingAverage: 5, ratingCount: 1 });
    expect(
      (await call('signedOut', 'GET', `/api/vendors/${person('attendee').id}`)).statusCode,
    ).toBe(404);
  });

  it('hiring: a hire request with its chat, answered by the vendor, tracked for the organizer', async () => {
    const vendorId = person('vendor').id;
    const notOwn = await call('otherOrganizer', 'POST', '/api/bookings', {
      vendorId,
      eventId,
      message: 'Cater for us?',
    });
    expect(notOwn.statusCode).toBe(403);
    expect(notOwn.json().error.message).toBe(VENDOR_MESSAGES.onlyOwnEvents);
    const notVendor = await call('organizer', 'POST', '/api/bookings', {
      vendorId: person('attendee').id,
      eventId,
      message: 'Cater for us?',
    });
    expect(notVendor.statusCode).toBe(404);

    const created = await call('organizer', 'POST', '/api/bookings', {
      vendorId,
      eventId,
      message: 'Could you cater for 200 on the lawn?',
    });
    expect(created.statusCode, created.body).toBe(201);
    const booking = created.json<Booking>();
    expect(booking).toMatchObject({
      status: 'pending',
      event: { id: eventId, title: 'Lakeside Food Festival' },
      organizer: { id: person('organizer').id },
      vendor: { id: vendorId, displayName: 'Vera’s Velvet Catering' },
    });
    expect(booking.chatId).toBeTruthy();
    const members = await t.db
      .select({ userId: chatParticipants.userId })
      .from(chatParticipants)
      .where(eq(chatParticipants.chatId, must(booking.chatId ?? undefined)));
    expect(members.map((m) => m.userId).sort()).toEqual([person('organizer').id, vendorId].sort());
    const [chat] = await t.db.select().from(chats).where(eq(chats.bookingId, booking.id));
    expect(chat).toMatchObject({ isBookingRelated: true });
    expect(await bookingContext(t.db, booking.id)).toEqual({
      id: booking.id,
      title: 'Vera’s Velvet Catering · Lakeside Food Festival',
      status: 'pending',
      eventTitle: 'Lakeside Food Festival',
    });
    expect(await bookingContext(t.db, randomUUID())).toBeNull();
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, vendorId), eq(notifications.title, 'New hire request')));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ relatedType: 'messages', relatedId: booking.chatId });

    const duplicate = await call('organizer', 'POST', '/api/bookings', {
      vendorId,
      eventId,
      message: 'Again',
    });
    expect(duplicate.statusCode).toBe(409);

    // Only the vendor answers; only once.
    expect((await call('organizer', 'POST', `/api/bookings/${booking.id}/accept`)).statusCode).toBe(
      403,
    );
    expect((await call('otherOrganizer', 'GET', `/api/bookings/${booking.id}`)).statusCode).toBe(
      404,
    );
    const accepted = await call('vendor', 'POST', `/api/bookings/${booking.id}/accept`);
    expect(accepted.json<Booking>()).toMatchObject({ status: 'accepted' });
    expect((await call('vendor', 'POST', `/api/bookings/${booking.id}/decline`)).statusCode).toBe(
      409,
    );
    const organizerTold = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, person('organizer').id),
          eq(notifications.title, 'Hire request accepted'),
        ),
      );
    expect(organizerTold).toHaveLength(1);
    const mine = await call('vendor', 'GET', '/api/bookings?as=vendor');
    expect(mine.json<{ bookings: Booking[] }>().bookings.map((b) => b.id)).toContain(booking.id);

    // A second vendor applies to the event: the tracker shows invited, applied, approved, paid.
    const applicant = await createUser(t.db, {
      userType: 'vendor',
      businessName: 'Rolling Tacos',
      category: 'Food Truck',
    });
    const applied = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/vendor-requests`,
      headers: { cookie: await t.signIn(applicant) },
      payload: { message: 'Tacos for the queue' },
    });
    expect(applied.statusCode).toBe(201);
    const tracker = (await call('organizer', 'GET', '/api/vendor-tracker')).json<VendorTracker>();
    const festival = tracker.events.find((e) => e.event.id === eventId);
    expect(festival?.vendorFee).toBe(30);
    expect(festival?.counts).toEqual({ invited: 1, applied: 1, approved: 0, paid: 0 });
    expect(festival?.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          vendor: expect.objectContaining({ id: vendorId }),
          invited: 'accepted',
          applied: null,
          approved: false,
        }),
        expect.objectContaining({
          vendor: expect.objectContaining({ displayName: 'Rolling Tacos' }),
          invited: null,
          applied: 'pending',
        }),
      ]),
    );
    const supper = tracker.events.find((e) => e.event.id === pastEventId);
    expect(supper?.counts).toEqual({ invited: 0, applied: 1, approved: 1, paid: 0 });
    const othersTracker = (
      await call('otherOrganizer', 'GET', '/api/vendor-tracker')
    ).json<VendorTracker>();
    expect(othersTracker.events).toEqual([]);

    const cancelled = await call('organizer', 'POST', `/api/bookings/${booking.id}/cancel`);
    expect(cancelled.json<Booking>().status).toBe('cancelled');
  });
});

describe('in the reader’s language', () => {
  it('answers a missing hire request in Spanish and a missing application in Arabic, the codes unchanged', async () => {
    const booking = await t.app.inject({
      url: '/api/bookings/00000000-0000-4000-8000-000000000000',
      headers: { cookie: cookies.organizer ?? '', 'accept-language': 'es' },
    });
    expect(booking.statusCode).toBe(404);
    expect(booking.json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'No se encontró la solicitud de contratación' },
    });
    const event = await createEvent(t.db, { userId: person('organizer').id });
    const application = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/vendor-requests/00000000-0000-4000-8000-000000000000/approve`,
      headers: { cookie: cookies.organizer ?? '', 'accept-language': 'ar' },
    });
    expect(application.statusCode).toBe(404);
    expect(application.json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'لم يُعثر على طلب مقدم الخدمة' },
    });
  });
});
