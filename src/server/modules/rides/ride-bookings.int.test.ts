import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RIDE_MESSAGES, type BookingResult } from '../../../contracts/rides';
import { orders, refunds } from '../../db/schema/tickets';
import { must } from '../../platform/must';
import { payThroughLocalWebhook } from '../../test/local-payments';
import type { TestApp } from '../../test/test-app';
import { useRidesApp } from './rides.test-kit';

// Booking a seat: the driver's approval, the last seat, payment and refunds, the ride's chat
// and blocks between people.

const RIDERS = 15;
const { app, people, call, newEvent, offer, book, notificationsOf, detail } = useRidesApp({
  crowd: RIDERS,
});
let t: TestApp;
beforeAll(() => ({ t } = app));

describe('booking with the driver’s approval', () => {
  it('asks, accepts, declines and cancels with one notice each; contact hidden until confirmed', async () => {
    const event = await newEvent();
    const ride = await offer(event.id, { seats: 3, bookingMode: 'approval' });
    const asked = await book('rider', ride.id, 2);
    expect(asked.statusCode, asked.body).toBe(201);
    const booking = asked.json<BookingResult>().booking;
    expect(booking.status).toBe('pending');
    expect((await book('rider', ride.id, 1)).statusCode).toBe(409); // one live booking each
    expect((await book('driver', ride.id, 1)).statusCode).toBe(409); // not on your own ride
    expect(await notificationsOf(must(people.driver, 'driver').id, 'ride_request')).toSatisfy(
      (rows: { relatedId: string | null }[]) =>
        rows.filter((n) => n.relatedId === ride.id).length === 1,
    );
    const before = await detail('rider', ride.id);
    expect(before).toMatchObject({
      role: 'pending',
      bookings: null,
      driverContact: null,
      seatsLeft: 3,
    });

    // Only the driver answers.
    expect(
      (await call('rider', 'POST', `/api/ride-bookings/${booking.id}/accept`)).statusCode,
    ).toBe(404);
    const accepted = await call('driver', 'POST', `/api/ride-bookings/${booking.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'confirmed' });
    expect(
      (await call('driver', 'POST', `/api/ride-bookings/${booking.id}/accept`)).statusCode,
    ).toBe(409);
    const confirmed = (
      await notificationsOf(must(people.rider, 'rider').id, 'ride_confirmed')
    ).filter((n) => n.relatedId === ride.id);
    expect(confirmed).toHaveLength(1);
    const after = await detail('rider', ride.id);
    expect(after).toMatchObject({
      role: 'rider',
      seatsLeft: 1,
      driverContact: must(people.driver, 'driver').email,
    });
    expect(after.bookings?.map((b) => b.rider.name)).toEqual(['Rider Person']);

    // More requests than seats: asking for more than is left is refused at once, and the
    // driver cannot accept past the last seat either.
    expect((await book('pending', ride.id, 2)).statusCode).toBe(409);
    const second = (await book('pending', ride.id, 1)).json<BookingResult>().booking;
    const third = (await book('other', ride.id, 1)).json<BookingResult>().booking;
    expect((await call('driver', 'POST', `/api/ride-bookings/${third.id}/accept`)).statusCode).toBe(
      200,
    );
    expect(
      (await call('driver', 'POST', `/api/ride-bookings/${second.id}/accept`)).statusCode,
    ).toBe(409);
    const declined = await call('driver', 'POST', `/api/ride-bookings/${second.id}/decline`);
    expect(declined.json()).toMatchObject({ status: 'declined' });
    expect(
      (await notificationsOf(must(people.pending, 'pending').id, 'ride_cancelled')).filter(
        (n) => n.relatedId === ride.id,
      ),
    ).toHaveLength(1);

    // The rider cancels: the seats come back and the driver is told once.
    const cancelled = await call('rider', 'POST', `/api/ride-bookings/${booking.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(
      (await call('rider', 'POST', `/api/ride-bookings/${booking.id}/cancel`)).statusCode,
    ).toBe(409);
    expect((await detail(null, ride.id)).seatsLeft).toBe(2);
    expect(
      (await notificationsOf(must(people.driver, 'driver').id, 'ride_cancelled')).filter(
        (n) => n.relatedId === ride.id,
      ),
    ).toHaveLength(1);
  });
});

describe('seats never oversell', () => {
  it(`confirms exactly the seats there are when ${RIDERS} riders book 3 seats at once`, async () => {
    const event = await newEvent();
    const ride = await offer(event.id, { seats: 3, bookingMode: 'instant' });
    const answers = await Promise.all(
      Array.from({ length: RIDERS }, (_, i) => book(`crowd${i}`, ride.id, 1)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(RIDERS - 3);
    const driverView = await detail('driver', ride.id);
    expect(driverView.seatsLeft).toBe(0);
    expect(driverView.bookings?.filter((b) => b.status === 'confirmed')).toHaveLength(3);
  });
});

describe('paid seats', () => {
  it('confirms a paid seat once, and the driver’s cancel refunds it once and tells the rider once', async () => {
    const event = await newEvent();
    const ride = await offer(event.id, { seats: 2, priceCents: 1250, bookingMode: 'instant' });
    const booked = await book('rider', ride.id, 2);
    expect(booked.statusCode, booked.body).toBe(201);
    const result = booked.json<BookingResult>();
    expect(result.booking.status).toBe('awaiting_payment');
    expect(result.checkoutUrl).toContain('/pay/');
    const [order] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, must(people.rider, 'rider').id), eq(orders.kind, 'ride_seat')));
    expect(order).toMatchObject({ totalCents: 2500, status: 'pending' });

    expect((await payThroughLocalWebhook(t, must(order, 'order'))).statusCode).toBe(200);
    expect((await payThroughLocalWebhook(t, must(order, 'order'))).statusCode).toBe(200);
    expect((await detail('rider', ride.id)).myBooking?.status).toBe('confirmed');
    const confirmedNotices = (
      await notificationsOf(must(people.rider, 'rider').id, 'ride_confirmed')
    ).filter((n) => n.relatedId === ride.id);
    expect(confirmedNotices).toHaveLength(1);

    const cancelled = await call('driver', 'POST', `/api/rides/${ride.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await call('driver', 'POST', `/api/rides/${ride.id}/cancel`)).statusCode).toBe(409);
    const refunded = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, must(order, 'order').id));
    expect(refunded).toHaveLength(1);
    expect(refunded[0]?.amountCents).toBe(2500);
    const [after] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, must(order, 'order').id));
    expect(after?.status).toBe('refunded');
    const told = (await notificationsOf(must(people.rider, 'rider').id, 'ride_cancelled')).filter(
      (n) => n.relatedId === ride.id,
    );
    expect(told).toHaveLength(1);
    expect((await detail('rider', ride.id)).myBooking?.status).toBe('cancelled');
  });

  it('asks for payment after approval and gives unpaid seats back when the hold runs out', async () => {
    const event = await newEvent();
    const ride = await offer(event.id, { seats: 2, priceCents: 900, bookingMode: 'approval' });
    const booking = (await book('other', ride.id, 2)).json<BookingResult>().booking;
    await call('driver', 'POST', `/api/ride-bookings/${booking.id}/accept`);
    expect(
      (await notificationsOf(must(people.other, 'other').id, 'ride_matched')).filter(
        (n) => n.relatedId === ride.id,
      ),
    ).toHaveLength(1);
    expect((await detail(null, ride.id)).seatsLeft).toBe(0);
    const pay = await call('other', 'POST', `/api/ride-bookings/${booking.id}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json<BookingResult>().checkoutUrl).toContain('/pay/');
    expect((await call('rider', 'POST', `/api/ride-bookings/${booking.id}/pay`)).statusCode).toBe(
      404,
    );
    t.clock.advance(31 * 60_000);
    expect((await detail(null, ride.id)).seatsLeft).toBe(2);
    expect((await call('other', 'POST', `/api/ride-bookings/${booking.id}/pay`)).statusCode).toBe(
      409,
    );
  });
});

describe('the ride chat', () => {
  const history = (who: string | null, chatId: string) =>
    call(who, 'GET', `/api/chats/${chatId}/messages`);

  it('holds the driver and confirmed riders only, and riders leave it when they cancel', async () => {
    const event = await newEvent();
    const ride = await offer(event.id, { seats: 3, bookingMode: 'approval' });
    const asked = (await book('rider', ride.id, 2)).json<BookingResult>().booking;
    const waiting = (await book('pending', ride.id, 1)).json<BookingResult>().booking;
    expect(waiting.status).toBe('pending');
    // No confirmed rider yet: no chat.
    expect((await detail('driver', ride.id)).chatId).toBeNull();
    expect((await detail('rider', ride.id)).chatId).toBeNull();

    expect((await call('driver', 'POST', `/api/ride-bookings/${asked.id}/accept`)).statusCode).toBe(
      200,
    );
    const chatId = must((await detail('driver', ride.id)).chatId, 'chat id');
    expect((await detail('rider', ride.id)).chatId).toBe(chatId);
    // Those who may not read it are not told it exists.
    expect((await detail('pending', ride.id)).chatId).toBeNull();
    expect((await detail('other', ride.id)).chatId).toBeNull();
    expect((await detail(null, ride.id)).chatId).toBeNull();

    const sent = await call('rider', 'POST', `/api/chats/${chatId}/messages`, {
      body: 'I will be at the station at 16:20',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const driverView = await history('driver', chatId);
    expect(driverView.statusCode, driverView.body).toBe(200);
    expect(driverView.body).toContain('I will be at the station at 16:20');
    const chat = await call('driver', 'GET', `/api/chats/${chatId}`);
    expect(chat.json()).toMatchObject({ kind: 'group', participantCount: 2 });
    expect(chat.json<{ title: string }>().title).toContain('Downtown Oakland');

    // Access matrix: a pending rider, another person and a visitor cannot read or post.
    expect((await history('rider', chatId)).statusCode).toBe(200);
    expect((await history('pending', chatId)).statusCode).toBe(404);
    expect((await history('other', chatId)).statusCode).toBe(404);
    expect((await history(null, chatId)).statusCode).toBe(401);
    expect(
      (await call('pending', 'POST', `/api/chats/${chatId}/messages`, { body: 'hi' })).statusCode,
    ).toBe(404);

    // A second confirmed rider joins the same chat (one chat per ride).
    expect(
      (await call('driver', 'POST', `/api/ride-bookings/${waiting.id}/accept`)).statusCode,
    ).toBe(200);
    expect((await detail('pending', ride.id)).chatId).toBe(chatId);
    expect((await history('pending', chatId)).statusCode).toBe(200);

    // The rider cancels: out of the chat at once, though this process just served them a page.
    expect((await call('rider', 'POST', `/api/ride-bookings/${asked.id}/cancel`)).statusCode).toBe(
      200,
    );
    expect((await history('rider', chatId)).statusCode).toBe(404);
    expect((await detail('rider', ride.id)).chatId).toBeNull();
    expect((await history('driver', chatId)).statusCode).toBe(200);

    // The driver cancels the ride: the remaining riders leave too.
    expect((await call('driver', 'POST', `/api/rides/${ride.id}/cancel`)).statusCode).toBe(200);
    expect((await history('pending', chatId)).statusCode).toBe(404);
    expect((await history('driver', chatId)).statusCode).toBe(200);
  });

  it('opens for instant bookings and for paid seats once paid', async () => {
    const event = await newEvent();
    const free = await offer(event.id, { seats: 2, bookingMode: 'instant' });
    expect((await book('other', free.id, 1)).statusCode).toBe(201);
    const freeChat = must((await detail('other', free.id)).chatId, 'free ride chat');
    expect((await history('other', freeChat)).statusCode).toBe(200);

    const paid = await offer(event.id, { seats: 2, priceCents: 800, bookingMode: 'instant' });
    expect((await book('rider', paid.id, 1)).statusCode).toBe(201);
    expect((await detail('driver', paid.id)).chatId).toBeNull(); // held for payment only
    const order = (
      await t.db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, must(people.rider, 'rider').id), eq(orders.kind, 'ride_seat')))
    ).find((o) => (o.metadata as { ride_id?: string } | null)?.ride_id === paid.id);
    expect((await payThroughLocalWebhook(t, must(order, 'order'))).statusCode).toBe(200);
    expect((await payThroughLocalWebhook(t, must(order, 'order'))).statusCode).toBe(200);
    const paidChat = must((await detail('rider', paid.id)).chatId, 'paid ride chat');
    expect(paidChat).not.toBe(freeChat);
    expect((await detail('driver', paid.id)).chatId).toBe(paidChat);
    const people2 = await call('driver', 'GET', `/api/chats/${paidChat}`);
    expect(people2.json()).toMatchObject({ participantCount: 2 });
  });
});

describe('blocking', () => {
  it('refuses a booking between two people when either blocked the other', async () => {
    const event = await newEvent();
    const ride = await offer(event.id, { seats: 3, bookingMode: 'instant' });
    const riderId = must(people.rider, 'rider').id;
    const driverId = must(people.driver, 'driver').id;
    expect((await call('driver', 'PUT', `/api/blocks/${riderId}`)).statusCode).toBeLessThan(300);
    const refused = await book('rider', ride.id, 1);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: RIDE_MESSAGES.blocked } });
    expect((await call('driver', 'DELETE', `/api/blocks/${riderId}`)).statusCode).toBeLessThan(300);

    // The other way round too: a rider who blocked the driver cannot end up in their car.
    expect((await call('rider', 'PUT', `/api/blocks/${driverId}`)).statusCode).toBeLessThan(300);
    expect((await book('rider', ride.id, 1)).statusCode).toBe(403);
    expect((await call('rider', 'DELETE', `/api/blocks/${driverId}`)).statusCode).toBeLessThan(300);
    expect((await book('rider', ride.id, 1)).statusCode).toBe(201);
  });
});
