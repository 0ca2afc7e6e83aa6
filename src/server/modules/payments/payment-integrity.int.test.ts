import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/tickets';
import { localRefunds, tickets } from '../../db/schema/tickets';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expireHolds } from '../orders/holds.queries';
import { reconcilePayments } from './payment-jobs';
import { createPaymentProvider } from './ticketing';

// A charge and its effect (tickets, or a refund when the stock is gone) are one
// unit; whatever fails between them, every charged session ends with tickets or a refund.

const CARD = { name: 'Ada Obi', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' };

describe('local checkout payment integrity', () => {
  let t: TestApp;
  let owner: CreatedUser;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.db, { userType: 'organizer' });
    cookie = await t.signIn(await createUser(t.db));
    // A failure injected into the step after the charge: inserts into an armed table fail.
    await t.db.execute(
      sql.raw(`
      create table fail_armed (tbl text primary key);
      create function fail_when_armed() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from fail_armed where tbl = tg_table_name) then
          raise exception 'injected failure';
        end if;
        return new;
      end $$;
      create trigger fail_payment before insert on payment_events
        for each row execute function fail_when_armed();
      create trigger fail_refund before insert on local_refunds
        for each row execute function fail_when_armed();`),
    );
  });
  afterAll(() => t.close());

  const arm = (table: string) => t.db.execute(sql`insert into fail_armed values (${table})`);
  const disarm = () => t.db.execute(sql`delete from fail_armed`);

  async function placeOrder(quantity = 1, stock = 5) {
    const event = await createEvent(t.db, {
      userId: owner.id,
      isFree: false,
      createdAt: t.clock.now(),
    });
    const type = await createTicketType(t.db, {
      eventId: event.id,
      quantity: stock,
      priceCents: 2500,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie },
      payload: { items: [{ ticketTypeId: type.id, quantity }] },
    });
    expect(response.statusCode).toBe(201);
    const order = response.json<Order>();
    return { order, type, sessionId: order.paymentSessionId ?? '' };
  }

  const pay = (sessionId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/payments/local/sessions/${sessionId}/pay`,
      payload: CARD,
    });

  const state = async (orderId: string, sessionId: string) => {
    const { rows } = await t.db.execute<{ order: string; session: string; tickets: number }>(sql`
      select o.status as order, s.status as session,
        (select count(*)::int from tickets k where k.order_id = o.id) as tickets
      from orders o join local_checkout_sessions s on s.order_id = o.id
      where o.id = ${orderId} and s.id = ${sessionId}`);
    return rows[0];
  };

  it('never leaves a session charged without its tickets when the step after the charge fails', async () => {
    const { order, sessionId } = await placeOrder(2);
    await arm('payment_events');
    const failed = await pay(sessionId);
    await disarm();
    expect(failed.statusCode).toBe(500);
    // Nothing was charged: the session is still open and the order still holds its tickets.
    expect(await state(order.id, sessionId)).toEqual({
      order: 'pending',
      session: 'open',
      tickets: 0,
    });
    const retried = await pay(sessionId);
    expect(retried.json().status).toBe('succeeded');
    expect(await state(order.id, sessionId)).toEqual({
      order: 'paid',
      session: 'complete',
      tickets: 2,
    });
    // A further retry changes nothing.
    expect((await pay(sessionId)).json().status).toBe('succeeded');
    expect((await state(order.id, sessionId))?.tickets).toBe(2);
  });

  it('settles a session charged but never applied (before this fix) on a retry of pay', async () => {
    const { order, sessionId } = await placeOrder();
    await t.db.execute(sql`
      update local_checkout_sessions set status = 'complete', payment_ref = 'pi_local_cut'
      where id = ${sessionId}`);
    expect((await pay(sessionId)).json().status).toBe('succeeded');
    expect(await state(order.id, sessionId)).toEqual({
      order: 'paid',
      session: 'complete',
      tickets: 1,
    });
  });

  it('settles such sessions from the reconciliation job: tickets, or a refund when the stock is gone', async () => {
    const inStock = await placeOrder();
    const soldOut = await placeOrder(1, 1);
    for (const { sessionId } of [inStock, soldOut])
      await t.db.execute(sql`
        update local_checkout_sessions set status = 'complete', payment_ref = ${`pi_${sessionId}`}
        where id = ${sessionId}`);
    // The second order's hold ran out and someone else bought its last ticket.
    await t.db.execute(
      sql`update orders set reserved_until = ${t.clock.now()} where id = ${soldOut.order.id}`,
    );
    await expireHolds(t.db, t.clock.now(), { orderId: soldOut.order.id });
    await t.db.execute(sql`update ticket_types set remaining = 0 where id = ${soldOut.type.id}`);

    const deps = { db: t.db, clock: t.clock, payments: createPaymentProvider(t) };
    expect(await reconcilePayments(deps)).toEqual({ applied: 2, refunded: 0 });
    expect(await state(inStock.order.id, inStock.sessionId)).toMatchObject({
      order: 'paid',
      tickets: 1,
    });
    expect(await state(soldOut.order.id, soldOut.sessionId)).toMatchObject({
      order: 'refunded',
      tickets: 0,
    });
    const refunded = await t.db
      .select()
      .from(localRefunds)
      .where(eq(localRefunds.paymentRef, `pi_${soldOut.sessionId}`));
    expect(refunded).toHaveLength(1);
    // Applied once: a second run finds nothing.
    expect(await reconcilePayments(deps)).toEqual({ applied: 0, refunded: 0 });
  });

  it('makes an owed late-payment refund the provider call missed, once', async () => {
    const { order, sessionId, type } = await placeOrder(1, 1);
    t.clock.advance(11 * 60_000);
    await expireHolds(t.db, t.clock.now(), { orderId: order.id });
    await t.db.execute(sql`update ticket_types set remaining = 0 where id = ${type.id}`);
    // The payment is applied; the provider's refund call after the commit fails.
    await arm('local_refunds');
    expect((await pay(sessionId)).json().status).toBe('succeeded');
    await disarm();
    const owed = await t.db.execute<{ provider_refund_id: string | null }>(
      sql`select provider_refund_id from refunds where order_id = ${order.id}`,
    );
    expect(owed.rows).toEqual([{ provider_refund_id: null }]);
    expect(await state(order.id, sessionId)).toMatchObject({ order: 'refunded', tickets: 0 });

    const deps = { db: t.db, clock: t.clock, payments: createPaymentProvider(t) };
    // Left to the request for a minute, then made by the job.
    expect((await reconcilePayments(deps)).refunded).toBe(0);
    t.clock.advance(2 * 60_000);
    expect((await reconcilePayments(deps)).refunded).toBe(1);
    const made = await t.db.execute<{ provider_refund_id: string | null }>(
      sql`select provider_refund_id from refunds where order_id = ${order.id}`,
    );
    expect(made.rows[0]?.provider_refund_id).toMatch(/^re_local_/);
    expect((await reconcilePayments(deps)).refunded).toBe(0);
    expect(await t.db.select().from(tickets).where(eq(tickets.orderId, order.id))).toHaveLength(0);
  });

  it('answers in the reader’s language: an unknown session in Spanish, a declined card in German', async () => {
    const unknown = await t.app.inject({
      url: '/api/payments/local/sessions/cs_local_unknown',
      headers: { 'accept-language': 'es' },
    });
    expect(unknown.json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'No se encontró la sesión de pago' },
    });
    const { sessionId } = await placeOrder();
    // 4000 0025 0000 3155 asks for a confirmation step; refusing it declines the payment.
    const challenged = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/sessions/${sessionId}/pay`,
      payload: { ...CARD, cardNumber: '4000002500003155' },
    });
    expect(challenged.json()).toMatchObject({ status: 'requires_action' });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local/sessions/${sessionId}/confirm`,
      headers: { 'accept-language': 'de' },
      payload: { approve: false },
    });
    expect(refused.json()).toMatchObject({
      status: 'declined',
      message:
        'Die Authentifizierung ist fehlgeschlagen. Bitte versuchen Sie es erneut oder verwenden Sie eine andere Karte.',
    });
    const session = await t.app.inject({
      url: `/api/payments/local/sessions/${sessionId}`,
      headers: { 'accept-language': 'fr' },
    });
    expect(session.json()).toMatchObject({
      lastError: 'L’authentification a échoué. Veuillez réessayer ou utiliser une autre carte.',
    });
  });
});
